/**
 * Saved rooms in the browser (docs/product.md, Saved rooms): the three calls of /api/saved-listings in the page's
 * one api, and the visitor's intent to save a room carried through /login in the return URL.
 *
 * One query, `savedListings`, holds the person's saved rooms: every heart on a page reads whether its room is saved
 * from that one cache entry, and the Saved rooms page lists it. Saving and removing change that entry at once
 * (optimistically) and undo the change if the server refuses.
 *
 * These definitions are a contract between separately released modules, like listingsEndpoints: add endpoints,
 * never change what an existing one asks or answers.
 */
import type { Listing } from '../domain.ts';
import { hostApi, injectHostEndpoints, TAGS, type ApiMessage, type HostApiBuilder, type StoreDispatch } from '../client/api.ts';

const SAVED_LISTINGS_TAG = TAGS.savedListings;

/** The query parameter that carries a visitor's "save this room" through /login: acted on once, then removed. */
export const SAVE_PARAM = 'save';

export interface SavedListings {
  listings: Listing[];
}

/** What saving needs: the room's id, and the room itself when the page has it (then it shows at once on the list). */
export interface SaveRoomArgs {
  ListingID: number;
  listing?: Listing;
}


/** Applies `recipe` to the cached saved list, if there is one; answers the undo (and whether anything changed). */
function patchSavedList(dispatch: StoreDispatch, recipe: (draft: SavedListings) => void): { undo: () => void; changed: boolean } {
  const result = dispatch(hostApi().util.updateQueryData('savedListings' as never, undefined as never, recipe as never)) as {
    undo: () => void;
    patches: unknown[];
  };
  return { undo: result.undo, changed: result.patches.length > 0 };
}

const savedListingsEndpoints = (build: HostApiBuilder) => ({
  /** The signed-in person's saved rooms, most recently saved first, including those no longer public. */
  savedListings: build.query<SavedListings, void>({
    query: () => '/saved-listings',
    providesTags: [SAVED_LISTINGS_TAG],
  }),
  /** Saves a room: on top of the cached list at once; undone if the server refuses. */
  saveListing: build.mutation<ApiMessage, SaveRoomArgs>({
    query: ({ ListingID }) => ({ url: `/saved-listings/${ListingID}`, method: 'PUT' }),
    onQueryStarted: async ({ ListingID, listing }, { dispatch, queryFulfilled }) => {
      const patch = patchSavedList(dispatch, (draft) => {
        if (listing && !draft.listings.some((l) => l.ListingID === ListingID)) draft.listings.unshift(listing);
      });
      try {
        await queryFulfilled;
        // Without the room in hand (a save carried through /login), the list is read again to show it.
        if (!patch.changed) dispatch(hostApi().util.invalidateTags([SAVED_LISTINGS_TAG]));
      } catch {
        patch.undo();
      }
    },
  }),
  /** Removes a room: off the cached list at once; put back if the server refuses. */
  unsaveListing: build.mutation<ApiMessage, { ListingID: number }>({
    query: ({ ListingID }) => ({ url: `/saved-listings/${ListingID}`, method: 'DELETE' }),
    onQueryStarted: async ({ ListingID }, { dispatch, queryFulfilled }) => {
      const patch = patchSavedList(dispatch, (draft) => {
        draft.listings = draft.listings.filter((l) => l.ListingID !== ListingID);
      });
      try {
        await queryFulfilled;
      } catch {
        patch.undo();
      }
    },
  }),
});

/** The saved-rooms hooks, from the endpoints injected into the page's one api. */
export const { useSavedListingsQuery, useSaveListingMutation, useUnsaveListingMutation } = injectHostEndpoints(savedListingsEndpoints);
