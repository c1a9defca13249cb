/**
 * The shell's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): auth (login, register, password reset, email verification), the unread count and the
 * live stream's ticket, and remote failure and load reports. The login and unread
 * calls are the shared definitions, so the standalone frame and mf-messaging
 * use the same cache entries.
 *
 * The shell's store module imports this before any remote is loaded, so the
 * api the remotes find on the page is the one the shell created.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  REMOTE_FAILURE_REPORTS_PATH,
  REMOTE_LOAD_REPORTS_PATH,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
  type RegisterInput,
  type RegisterResponse,
  type RemoteFailureReport,
  type RemoteLoadReport,
  type VerifyEmailInput,
  type VerifyEmailResult,
  type VerifyResendResult,
} from '@roomnest/shared';
import { injectHostEndpoints, loginEndpoints, unreadEndpoints } from '@roomnest/shared/client';

/** A dispatch that runs the api's endpoints (`shellApi.endpoints.x.initiate(…)` is a thunk). */
export type ShellDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const shellApi = injectHostEndpoints((b) => ({
  /** POST /api/auth/login -> { token, message, user } */
  ...loginEndpoints(b),
  /** POST /api/auth/register -> 201 { message, userId }; it does not log the user in. */
  register: b.mutation<RegisterResponse, RegisterInput>({
    query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    extraOptions: { anonymous: true },
  }),
  /** POST /api/auth/password-reset -> 202 { message }, the same whatever the email. */
  requestPasswordReset: b.mutation<{ message: string }, PasswordResetRequestInput>({
    query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
    extraOptions: { anonymous: true },
  }),
  /** POST /api/auth/password-reset/confirm -> 200 { message }; 400 for a dead link. */
  confirmPasswordReset: b.mutation<{ message: string }, PasswordResetConfirmInput>({
    query: (body) => ({ url: '/auth/password-reset/confirm', method: 'POST', body }),
    extraOptions: { anonymous: true },
  }),
  /** POST /api/auth/verify-email -> 200 { message, userId }; 400 for a dead link. Anonymous: the link works logged out, and its 400 ends no session. */
  verifyEmail: b.mutation<VerifyEmailResult, VerifyEmailInput>({
    query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
    extraOptions: { anonymous: true },
  }),
  /** POST /api/auth/verify-email/resend -> 202 { message, emailVerified: false }, or 200 with true when confirmed already; 429 over the limit. */
  resendVerification: b.mutation<VerifyResendResult, void>({
    query: () => ({ url: '/auth/verify-email/resend', method: 'POST' }),
  }),
  /** GET /api/messages/unread-count (the nav badge), keyed by user id. */
  ...unreadEndpoints(b),
  /** POST /api/messages/stream-ticket: the short-lived ticket that opens the live stream (EventSource cannot send the token). */
  streamTicket: b.mutation<{ ticket: string; expiresInSeconds: number }, void>({
    query: () => ({ url: '/messages/stream-ticket', method: 'POST' }),
  }),
  /**
   * POST a remote failure report; anonymous (the API takes reports from
   * anyone, and a 401 here must not end the session). keepalive: the report
   * still goes out when the user leaves the page right after the failure.
   */
  reportRemoteFailure: b.mutation<unknown, RemoteFailureReport>({
    query: (body) => ({ url: REMOTE_FAILURE_REPORTS_PATH, method: 'POST', body, keepalive: true }),
    extraOptions: { anonymous: true },
  }),
  /** POST a remote page that rendered (load-reports.ts), for the canary guard's counts; anonymous and keepalive like the failures. */
  reportRemoteLoad: b.mutation<unknown, RemoteLoadReport>({
    query: (body) => ({ url: REMOTE_LOAD_REPORTS_PATH, method: 'POST', body, keepalive: true }),
    extraOptions: { anonymous: true },
  }),
}));

export const {
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useUnreadCountQuery,
} = shellApi;
