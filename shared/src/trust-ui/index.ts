/**
 * `@roomnest/shared/trust-ui`: the Report action the room page (mf-search), the flatmate cards (mf-profile) and the
 * chat (mf-messaging) share, with its call (reportEndpoints in client/shared-endpoints.ts).
 */
export * from './report-button.tsx';
export type { ReportTarget } from './report-dialog.tsx';
