/**
 * Endpoints that more than one module uses, defined once. Each module injects
 * the ones it needs (`injectHostEndpoints(planUsageEndpoints)`), so the same
 * call is one cache entry for the page whichever module asks.
 *
 * A contract between separately released modules, like the action types: the
 * first module to inject a name keeps its definition for the page. Add
 * endpoints; never change what an existing one asks or answers.
 */
import type { LoginResponse, UnreadCount } from '../domain.ts';
import { PLAN_USAGE_PATH, type PlanUsage } from '../plans.ts';
import type { LoginInput } from '../schemas/auth.ts';
import type { ReportCreated, ReportInput } from '../trust.ts';
import { MY_LISTINGS_TAG_ID, TAGS, type HostApiBuilder } from './api.ts';

/** GET /api/users/plan-usage: mf-listings (posting), mf-messaging (new conversations), mf-profile (account type), mf-content (pricing). */
export const planUsageEndpoints = (build: HostApiBuilder) => ({
  /**
   * What the member's plan allows and uses. Sending a message or switching
   * the account type invalidates 'PlanUsage'; posting, renewing and deleting
   * a listing invalidate the landlord's own list, which this also provides.
   */
  getPlanUsage: build.query<PlanUsage, void>({
    query: () => PLAN_USAGE_PATH,
    providesTags: [TAGS.planUsage, { type: TAGS.listing, id: MY_LISTINGS_TAG_ID }],
  }),
});

/** GET /api/messages/unread-count: the shell's nav badge, and mf-messaging after opening a thread. */
export const unreadEndpoints = (build: HostApiBuilder) => ({
  /**
   * The argument is the user id, so that a different user logging in gets a
   * fresh count. A missing field counts as 0.
   */
  unreadCount: build.query<UnreadCount, number>({
    query: () => '/messages/unread-count',
    transformResponse: (body: Partial<UnreadCount> | null | undefined) => ({
      totalUnread: typeof body?.totalUnread === 'number' && Number.isFinite(body.totalUnread) ? body.totalUnread : 0,
    }),
  }),
});

/** POST /api/auth/login: the shell's login page and the standalone frame's sign-in. */
export const loginEndpoints = (build: HostApiBuilder) => ({
  /** -> { token, message, user }; anonymous: a wrong password's 401 is not a session expiry. */
  login: build.mutation<LoginResponse, LoginInput>({
    query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    extraOptions: { anonymous: true },
  }),
});

/** POST /api/reports: the Report action of mf-search (room page), mf-profile (flatmate cards) and mf-messaging (chat). */
export const reportEndpoints = (build: HostApiBuilder) => ({
  /** -> 201 { message, reportId } for a new report; 200 with the same shape when it updates the caller's earlier one. */
  reportTarget: build.mutation<ReportCreated, ReportInput>({
    query: (body) => ({ url: '/reports', method: 'POST', body }),
  }),
});
