/**
 * Blocks, defined once for the modules that show them: mf-messaging (Block and Unblock in a chat's header, the
 * chat's "You have blocked" notice) and mf-profile (My Profile's Blocked people). Each injects them with
 * `injectHostEndpoints(blocksEndpoints)`, so the list is one cache entry for the page: a block or unblock anywhere
 * refreshes every screen through the 'Blocks' tag, and the conversation list (a blocked person's conversation leaves
 * it) through 'Conversations'.
 *
 * A contract between separately released modules, like shared-endpoints.ts: add endpoints; never change what an
 * existing one asks or answers.
 */
import type { BlockedUser } from '../trust.ts';
import { TAGS, type ApiMessage, type HostApiBuilder } from './api.ts';

export interface BlockedUsersAnswer {
  users: BlockedUser[];
}

const LIST = { type: TAGS.blocks, id: 'LIST' } as const;

export const blocksEndpoints = (build: HostApiBuilder) => ({
  /** GET /api/blocks: the people the signed-in member has blocked, most recently blocked first. */
  getBlockedUsers: build.query<BlockedUsersAnswer, void>({
    query: () => '/blocks',
    // An answer of another shape (an older or newer server, a proxy's page) is read as nobody blocked, not a broken chat.
    transformResponse: (body: Partial<BlockedUsersAnswer> | null | undefined) => ({
      users: Array.isArray(body?.users) ? body.users.filter((u) => u && Number.isSafeInteger(u.UserID) && typeof u.Name === 'string') : [],
    }),
    providesTags: [LIST],
  }),
  /** PUT /api/blocks/{userId}: idempotent. */
  blockUser: build.mutation<ApiMessage, number>({
    query: (userId) => ({ url: `/blocks/${userId}`, method: 'PUT' }),
    invalidatesTags: [LIST, TAGS.conversations],
  }),
  /** DELETE /api/blocks/{userId}: idempotent. */
  unblockUser: build.mutation<ApiMessage, number>({
    query: (userId) => ({ url: `/blocks/${userId}`, method: 'DELETE' }),
    invalidatesTags: [LIST, TAGS.conversations],
  }),
});
