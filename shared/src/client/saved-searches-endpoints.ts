/**
 * Saved searches, defined once for the modules that show them: mf-search (the Save
 * this search dialog and the Saved searches page) and mf-profile (My Profile's notifications section). Each
 * injects them with `injectHostEndpoints(...)`, so the list is one cache entry for the page: a search saved,
 * renamed or deleted anywhere refreshes every screen through the 'SavedSearches' tag.
 *
 * A contract between separately released modules, like shared-endpoints.ts: add endpoints; never change
 * what an existing one asks or answers.
 */
import type { SavedSearch } from '../domain.ts';
import type { SavedSearchInput, SavedSearchUpdate } from '../schemas/listing.ts';
import { hostApi, TAGS, type ApiMessage, type HostApiBuilder, type StoreDispatch } from './api.ts';

const LIST = { type: TAGS.savedSearches, id: 'LIST' } as const;

export interface SavedSearchesAnswer {
  savedSearches: SavedSearch[];
}
/** POST and PATCH answer the search as saved (a `message` too, when the server gives one). */
export interface SavedSearchAnswer {
  savedSearch: SavedSearch;
  message?: string;
}

interface Patch {
  undo: () => void;
}

/** Changes the cached list at once (a frequency, a name): the screen answers before the server does. */
function patchList(dispatch: StoreDispatch, id: number, change: (search: SavedSearch) => void): Patch {
  return dispatch(
    hostApi().util.updateQueryData('getSavedSearches' as never, undefined as never, ((draft: SavedSearchesAnswer) => {
      const search = draft.savedSearches.find((s) => s.SavedSearchID === id);
      if (search) change(search);
    }) as never),
  ) as Patch;
}

export const savedSearchesEndpoints = (build: HostApiBuilder) => ({
  /** The signed-in member's saved searches, newest first. */
  getSavedSearches: build.query<SavedSearchesAnswer, void>({
    query: () => '/saved-searches',
    providesTags: [LIST],
  }),
  /** 201 with the saved search; 409 once the member has MAX_SAVED_SEARCHES. */
  createSavedSearch: build.mutation<SavedSearchAnswer, SavedSearchInput>({
    query: (body) => ({ url: '/saved-searches', method: 'POST', body }),
    invalidatesTags: [LIST],
  }),
  /**
   * A new name or frequency. The list shows it at once and goes back to what it was if the server refuses;
   * on success it takes the search as the server saved it.
   */
  updateSavedSearch: build.mutation<SavedSearchAnswer, { id: number; changes: SavedSearchUpdate }>({
    query: ({ id, changes }) => ({ url: `/saved-searches/${id}`, method: 'PATCH', body: changes }),
    // Refused (a search deleted in another tab answers 404): the list is read again, so it shows what is there.
    invalidatesTags: (_result, error) => (error ? [LIST] : []),
    onQueryStarted: async ({ id, changes }, { dispatch, queryFulfilled }) => {
      const patch = patchList(dispatch, id, (search) => Object.assign(search, changes));
      try {
        const { data } = await queryFulfilled;
        patchList(dispatch, id, (search) => Object.assign(search, data.savedSearch));
      } catch {
        patch.undo();
      }
    },
  }),
  deleteSavedSearch: build.mutation<ApiMessage, number>({
    query: (id) => ({ url: `/saved-searches/${id}`, method: 'DELETE' }),
    invalidatesTags: [LIST],
  }),
});
