/**
 * One redirect per history entry. A location (by its history key) is "claimed"
 * once something has decided where the user goes from it: a guard that has
 * toasted and redirected, the session-expired handler, or the Log Out button.
 * A guard never acts on a claimed location, so a toast fires once even under
 * React StrictMode, on re-renders, or when a logout and a guard race.
 */
const claimed = new Set<string>();
const MAX_CLAIMS = 500;

/** Claims `key`; true the first time, false if it was already claimed. */
export function claimLocation(key: string): boolean {
  if (claimed.has(key)) return false;
  if (claimed.size >= MAX_CLAIMS) claimed.clear();
  claimed.add(key);
  return true;
}

export function isLocationClaimed(key: string): boolean {
  return claimed.has(key);
}

/** For tests. */
export function resetLocationClaims() {
  claimed.clear();
}
