/**
 * Saved searches and the email settings, defined once for the modules that show them: mf-search (the Save
 * this search dialog and the Saved searches page) and mf-profile (My Profile's notifications section). Each
 * injects them with `injectHostEndpoints(...)`, so the list is one cache entry for the page: a search saved,
 * renamed or deleted anywhere refreshes every screen through the 'SavedSearches' tag.
 *
 * A contract between separately released modules, like shared-endpoints.ts: add endpoints; never change
 * what an existing one asks or answers.
 */
import type { Profile, SavedSearch } from '../domain.ts';
import type { SavedSearchInput, SavedSearchUpdate } from '../schemas/listing.ts';
import { hostApi, TAGS, type HostApiBuilder } from './api.ts';

const LIST = { type: TAGS.savedSearches, id: 'LIST' } as const;

export interface SavedSearchesAnswer {
  savedSearches: SavedSearch[];
}
/** POST and PATCH answer the search as saved (a `message` too, when the server gives one). */
export interface SavedSearchAnswer {
  savedSearch: SavedSearch;
  message?: string;
}
/** PUT /api/users/profile answers with its message and the saved profile. */
export interface EmailSettingsAnswer {
  message: string;
  user: Profile;
}

/** Any store's dispatch (a page's plain one or a mutation's thunk-aware one). */
type StoreDispatch = { dispatch(action: unknown): unknown }['dispatch'];
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
  deleteSavedSearch: build.mutation<{ message: string }, number>({
    query: (id) => ({ url: `/saved-searches/${id}`, method: 'DELETE' }),
    invalidatesTags: [LIST],
  }),
});

/**
 * PUT /api/users/profile with JSON `{ EmailOnMessage }`. The member's cached profile (mf-profile's
 * `getProfile`, keyed by their user id) shows the new setting at once, goes back if the server refuses, and
 * takes the saved profile when it answers.
 */
export const emailSettingsEndpoints = (build: HostApiBuilder) => ({
  setEmailOnMessage: build.mutation<EmailSettingsAnswer, { userId: number; EmailOnMessage: boolean }>({
    query: ({ EmailOnMessage }) => ({ url: '/users/profile', method: 'PUT', body: { EmailOnMessage } }),
    onQueryStarted: async ({ userId, EmailOnMessage }, { dispatch, queryFulfilled }) => {
      const api = hostApi();
      const patch = dispatch(
        api.util.updateQueryData('getProfile' as never, userId as never, ((draft: Profile) => {
          draft.EmailOnMessage = EmailOnMessage;
        }) as never),
      ) as unknown as Patch;
      try {
        const { data } = await queryFulfilled;
        dispatch(api.util.upsertQueryData('getProfile' as never, userId as never, data.user as never));
      } catch {
        patch.undo();
      }
    },
  }),
});
