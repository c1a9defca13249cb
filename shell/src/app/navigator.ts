/**
 * What non-React code (store listeners) needs from the router: the current
 * location and `navigate`. The data router of router.tsx provides both.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

export interface Navigator {
  readonly state: { location: AppLocation };
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): Promise<void>;
}
