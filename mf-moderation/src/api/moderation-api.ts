/**
 * mf-moderation's endpoints in the page's one api (@roomnest/shared/client api.ts): the trust and safety team's
 * calls under /api/moderation. The two report lists and the audit log are cached under the 'Moderation' tag
 * (ids 'open', 'resolved', 'audit'); an action takes its report out of the open list at once (from the
 * server's answer) and marks the resolved list and the log stale. Removing or restoring a listing changes
 * search, and suspending or restoring a person changes search and the flatmates list, so those tags go stale too.
 */
import type { ModerationAction, ModerationAuditPage, ModerationReport, ModerationReportsPage, ReportStatus } from '@roomnest/shared';
import { injectHostEndpoints, TAGS, type ApiMessage } from '@roomnest/shared/client';

export const MODERATION_TAG = TAGS.moderation;

export interface ResolveArgs {
  reportId: number;
  Action: ModerationAction;
  Note: string;
}

export interface ReportResolved {
  message: string;
  report: ModerationReport;
}

export interface RestoreArgs {
  /** The listing's id (a removed listing) or the person's (a suspended person). */
  id: number;
  Note: string;
}

const LOG = { type: MODERATION_TAG, id: 'audit' } as const;
const RESOLVED = { type: MODERATION_TAG, id: 'resolved' } as const;
/** What a change to a listing's or a person's standing makes stale outside this module: search and flatmates. */
const PUBLIC_PAGES = [TAGS.listing, TAGS.flatmates] as const;

export const moderationApi = injectHostEndpoints((build) => ({
  /** Open: oldest first (the queue). Resolved: newest resolved first. */
  getModerationReports: build.query<ModerationReportsPage, ReportStatus>({
    query: (status) => ({ url: '/moderation/reports', params: { status } }),
    providesTags: (_result, _error, status) => [{ type: MODERATION_TAG, id: status }],
  }),
  resolveReport: build.mutation<ReportResolved, ResolveArgs>({
    query: ({ reportId, Action, Note }) => ({ url: `/moderation/reports/${reportId}/resolve`, method: 'POST', body: { Action, Note } }),
    invalidatesTags: (_result, error) => (error ? [] : [RESOLVED, LOG, ...PUBLIC_PAGES]),
    // The card leaves the queue as soon as the server has resolved it, without reloading the whole queue.
    onQueryStarted: async ({ reportId }, { dispatch, queryFulfilled }) => {
      try {
        await queryFulfilled;
      } catch {
        return;
      }
      dispatch(
        moderationApi.util.updateQueryData('getModerationReports', 'open', (draft) => {
          draft.reports = draft.reports.filter((r) => r.ReportID !== reportId);
        }),
      );
    },
  }),
  restoreListing: build.mutation<ApiMessage, RestoreArgs>({
    query: ({ id, Note }) => ({ url: `/moderation/listings/${id}/restore`, method: 'POST', body: { Note } }),
    invalidatesTags: (_result, error) => (error ? [] : [RESOLVED, { type: MODERATION_TAG, id: 'open' }, LOG, ...PUBLIC_PAGES]),
  }),
  restoreUser: build.mutation<ApiMessage, RestoreArgs>({
    query: ({ id, Note }) => ({ url: `/moderation/users/${id}/restore`, method: 'POST', body: { Note } }),
    invalidatesTags: (_result, error) => (error ? [] : [RESOLVED, { type: MODERATION_TAG, id: 'open' }, LOG, ...PUBLIC_PAGES]),
  }),
  /** Newest first, 50 a page. */
  getModerationAudit: build.query<ModerationAuditPage, number>({
    query: (page) => ({ url: '/moderation/audit', params: { page } }),
    providesTags: [LOG],
  }),
}));

export const { useGetModerationReportsQuery, useResolveReportMutation, useRestoreListingMutation, useRestoreUserMutation, useGetModerationAuditQuery } = moderationApi;
