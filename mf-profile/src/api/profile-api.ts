/**
 * mf-profile's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): the users calls of the API (docs/product.md, The API contract), and the shared plan usage call.
 *
 * The own profile is cached under the signed-in user's id, so a different
 * user signing in within the same tab never sees the previous one's answer.
 * Saving and listing write the server's answer into that entry, and mark the
 * flatmate search stale: a profile that was just listed, unlisted or edited
 * shows (or stops showing) there on the next look.
 */
import type { FlatmateSearchPage, FlatmateSearchQuery, Profile, ProfileUpdateInput, UserType } from '@roomnest/shared';
import { blocksEndpoints, injectHostEndpoints, planUsageEndpoints, TAGS } from '@roomnest/shared/client';

export const PROFILE_TAG = TAGS.profile;
export const FLATMATES_TAG = TAGS.flatmates;
export const PLAN_USAGE_TAG = TAGS.planUsage;

/** PUT /api/users/profile answers with the message and the saved profile. */
export interface ProfileSaved {
  message: string;
  user: Profile;
}

export interface ApiMessage {
  message: string;
}

export interface ProfileUpdate {
  /** The checked form values (profileUpdateSchema's output). */
  fields: ProfileUpdateInput;
  /** A new picture; without one the current picture stays. */
  image?: File | null;
}

/** The multipart fields, in the contract's order. Blank optional fields go as '' (cleared). */
export const PROFILE_FORM_FIELDS = [
  'Name',
  'PhoneNumber',
  'Bio',
  'LookingForDescription',
  'BudgetMin',
  'BudgetMax',
  'PreferredLocations',
  'FlatmateMoveInDate',
] as const satisfies readonly (keyof ProfileUpdateInput)[];

/** The multipart body of PUT /api/users/profile. Budgets are whole pounds (the schema has made them integers). */
export function profileFormData({ fields, image }: ProfileUpdate): FormData {
  const body = new FormData();
  for (const key of PROFILE_FORM_FIELDS) {
    const value = fields[key];
    body.append(key, value === undefined || value === null ? '' : String(value));
  }
  if (image) body.append('profileImage', image, image.name);
  return body;
}

/** The query string of GET /api/users/flatmate-search, leaving out what is not set. */
export function flatmateSearchParams(query: FlatmateSearchQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  return params;
}

export const profileApi = injectHostEndpoints((build) => {
  /** Puts the saved profile into the cache of its owner's entry. */
  const storeSaved = async (_arg: unknown, api: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: ProfileSaved }> }) => {
    try {
      const { data } = await api.queryFulfilled;
      api.dispatch(profileApi.util.upsertQueryData('getProfile', data.user.UserID, data.user));
    } catch {
      // The save failed: the cached profile is still right. The page shows the error.
    }
  };
  return {
    /** The signed-in user's profile; the argument is their userId (the cache key). */
    getProfile: build.query<Profile, number>({
      query: () => '/users/profile',
      providesTags: [PROFILE_TAG],
    }),
    /** Multipart: the profile fields and an optional `profileImage`. */
    updateProfile: build.mutation<ProfileSaved, ProfileUpdate>({
      query: (update) => ({ url: '/users/profile', method: 'PUT', body: profileFormData(update) }),
      invalidatesTags: [FLATMATES_TAG],
      onQueryStarted: storeSaved,
    }),
    /** The listed/unlisted toggle: JSON `{ IsActivelyLooking }`. */
    setListed: build.mutation<ProfileSaved, boolean>({
      query: (listed) => ({ url: '/users/profile', method: 'PUT', body: { IsActivelyLooking: listed } }),
      invalidatesTags: [FLATMATES_TAG],
      onQueryStarted: storeSaved,
    }),
    /** Tenant ↔ Landlord: JSON `{ UserType }`; 409 for a landlord with live listings. */
    switchAccountType: build.mutation<ProfileSaved, UserType>({
      query: (UserType) => ({ url: '/users/profile', method: 'PUT', body: { UserType } }),
      invalidatesTags: [FLATMATES_TAG, PLAN_USAGE_TAG],
      onQueryStarted: storeSaved,
    }),
    /**
     * The email setting of My Profile's notifications section: JSON `{ EmailOnMessage }`. The cached profile shows
     * it at once and goes back if the server refuses; the saved profile replaces it when the server answers.
     */
    setEmailOnMessage: build.mutation<ProfileSaved, { userId: number; EmailOnMessage: boolean }>({
      query: ({ EmailOnMessage }) => ({ url: '/users/profile', method: 'PUT', body: { EmailOnMessage } }),
      onQueryStarted: async ({ userId, EmailOnMessage }, api) => {
        const patch = api.dispatch(
          profileApi.util.updateQueryData('getProfile', userId, (draft) => {
            draft.EmailOnMessage = EmailOnMessage;
          }),
        );
        await api.queryFulfilled.catch(() => patch.undo());
        await storeSaved(undefined, api);
      },
    }),
    /** What the member's plan allows and uses: the account type card reads the live listings from it. */
    ...planUsageEndpoints(build),
    /** Erases the account and everything in it; the token stops working. */
    deleteAccount: build.mutation<ApiMessage, void>({
      query: () => ({ url: '/users/profile', method: 'DELETE' }),
    }),
    /** Public: one page (12) of listed profiles. */
    searchFlatmates: build.query<FlatmateSearchPage, FlatmateSearchQuery>({
      query: (query) => ({ url: '/users/flatmate-search', params: flatmateSearchParams(query) }),
      providesTags: [FLATMATES_TAG],
    }),
    /** The people the member has blocked, and Unblock: My Profile's Blocked people (shared with the chat). */
    ...blocksEndpoints(build),
  };
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useSetListedMutation,
  useSwitchAccountTypeMutation,
  useSetEmailOnMessageMutation,
  useGetPlanUsageQuery,
  useDeleteAccountMutation,
  useSearchFlatmatesQuery,
  useGetBlockedUsersQuery,
  useUnblockUserMutation,
} = profileApi;
