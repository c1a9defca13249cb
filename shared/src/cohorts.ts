/**
 * Canary cohorts: the header of `/remotes.json` that tells the shell this
 * browser's bucket (0-9999, kept in the `roomnest_cohort` cookie), shown in the
 * shell's diagnostics. The bucket decides which remotes' canaries the browser
 * gets (scripts/deployment-store.mjs, docs/releases.md).
 */
export const REMOTE_COHORT_HEADER = 'X-RoomNest-Cohort';

/** The bucket a header value names, or null (absent or malformed). */
export function parseCohortHeader(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,3})$/.test(value)) return null;
  return Number(value);
}
