/**
 * Route guards (docs/product.md, Routes and guards): who may see a route, and what a visitor who
 * may not is told. Pure rules; the component in RouteGuard.tsx applies them.
 */
import { TEXTS, TRUST_TEXTS, type User, type UserRole, type UserType } from '@roomnest/shared';
import type { AuthState } from '@roomnest/shared/client';

export type GuardName = 'public' | 'user' | 'messages' | 'landlord' | 'landlordAds' | 'moderator';

interface GuardRule {
  /** The user type the route needs; absent: any logged-in user. */
  userType?: UserType;
  /** Toast for a logged-out visitor, who is sent to /login. */
  loginText: string;
  /** Toast for a logged-in user of the wrong type, who is sent to /. */
  deniedText?: string;
  /** The role the route needs. A signed-in person without it stays on the address and is shown `refusedText` in place of the page. */
  role?: UserRole;
  refusedText?: string;
}

export const GUARDS: Record<Exclude<GuardName, 'public'>, GuardRule> = {
  user: { loginText: TEXTS.loginRequired },
  messages: { loginText: TEXTS.messagesLoginRequired },
  landlord: { userType: 'Landlord', loginText: TEXTS.loginRequired, deniedText: TEXTS.accessDenied },
  landlordAds: { userType: 'Landlord', loginText: TEXTS.loginRequired, deniedText: TEXTS.myListingsDenied },
  // The trust and safety team's module: the remote is not even loaded for anyone else.
  moderator: { role: 'moderator', loginText: TEXTS.loginRequired, refusedText: TRUST_TEXTS.moderatorsPage },
};

/**
 * allow: the page; login: toast and /login; deny: toast and home; refuse: a page saying who may see this one, at the same
 * address (a moderator's link shared with a colleague tells them why nothing is there, rather than dropping them home).
 */
export type GuardDecision = { kind: 'allow' } | { kind: 'login'; text: string } | { kind: 'deny'; text: string } | { kind: 'refuse'; text: string };

const loggedInUser = (auth: AuthState): User | null => (auth.token && auth.user ? auth.user : null);

export function decide(guard: GuardName, auth: AuthState): GuardDecision {
  if (guard === 'public') return { kind: 'allow' };
  const rule = GUARDS[guard];
  const user = loggedInUser(auth);
  if (!user) return { kind: 'login', text: rule.loginText };
  if (rule.userType && user.userType !== rule.userType) return { kind: 'deny', text: rule.deniedText ?? TEXTS.accessDenied };
  if (rule.role && !(user.roles ?? []).includes(rule.role)) return { kind: 'refuse', text: rule.refusedText ?? TEXTS.accessDenied };
  return { kind: 'allow' };
}
