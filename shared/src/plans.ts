/**
 * What each plan allows and what the caller has used of it: the sentences the
 * pricing page, the screens and the server say about it, the London calendar
 * month new conversations are counted in, and GET /api/users/plan-usage's shape.
 */
import { LISTING_ACTIVE_DAYS, PLANS, UNLIMITED_MESSAGES_UPGRADE_MONTHLY } from './constants.ts';
import type { PlanName, UserType } from './domain.ts';
import { londonHour } from './dates.ts';
import { formatDate, formatMoney } from './format.ts';

/** The path of GET /api/users/plan-usage under the API base. */
export const PLAN_USAGE_PATH = '/users/plan-usage';

/** New conversations (a first message to someone who has not written to you) the Free plan allows in a calendar month. */
export const FREE_NEW_CONVERSATIONS_PER_MONTH = PLANS.find((p) => p.name === 'Free')?.newConversationsPerMonth ?? 2;

/** GET /api/users/plan-usage: the caller's plan, its limits (null: unlimited) and what is used of them now. */
export interface PlanUsage {
  plan: PlanName;
  /** The unlimited-messages add-on of the Free plan (set by the payment side, never through the API). */
  unlimitedMessages: boolean;
  listings: {
    limit: number | null;
    /** Unexpired listings of any status: what the limit counts. */
    active: number;
    /** When the first of those expires (ISO instant), or null without any: a place frees up then. */
    nextExpiresAt: string | null;
    /** When the last of those expires, or null without any: a landlord may become a tenant then. */
    lastExpiresAt: string | null;
  };
  newConversations: {
    limit: number | null;
    /** People the caller started a conversation with this calendar month (London time). */
    started: number;
    /** limit − started, never below 0; null when unlimited. */
    remaining: number | null;
    /** The first day of next month (YYYY-MM-DD, London), when the count starts again. */
    resetsOn: string;
  };
}

const londonParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: 'numeric' });

function partsInLondon(at: Date) {
  const parts = Object.fromEntries(londonParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** Midnight at the start of the 1st of `month` (1–12, may be 13) of `year` in London, as an instant. */
function londonMonthStartOf(year: number, month: number): Date {
  return londonHour(new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10), 0);
}

/** The instant the London calendar month containing `at` began. */
export function londonMonthStart(at: Date = new Date()): Date {
  const { year, month } = partsInLondon(at);
  return londonMonthStartOf(year, month);
}

/** The first day of the next London calendar month after `at`, as YYYY-MM-DD. */
export function nextLondonMonthFirst(at: Date = new Date()): string {
  const { year, month } = partsInLondon(at);
  const next = new Date(Date.UTC(year, month, 1));
  return next.toISOString().slice(0, 10);
}

/** Listings allowed by a plan; null is unlimited. */
export const planListingLimit = (plan: PlanName): number | null => PLANS.find((p) => p.name === plan)?.listingLimit ?? null;

/** New conversations a month allowed by a plan with or without the unlimited-messages add-on; null is unlimited. */
export function newConversationLimit(plan: PlanName, unlimitedMessages: boolean): number | null {
  if (unlimitedMessages) return null;
  return PLANS.find((p) => p.name === plan)?.newConversationsPerMonth ?? null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** The sentences about plans, shared by the server's answers and the screens. */
export const PLAN_TEXTS = {
  /** The rule itself, said the same way on the pricing page, the FAQ and the chat. */
  messagingRule:
    `Free accounts can start conversations with ${FREE_NEW_CONVERSATIONS_PER_MONTH} new people a calendar month. ` +
    `Replying to someone who wrote to you first is always free, so a landlord can answer every enquiry. ` +
    `Premium, Professional and the ${formatMoney(UNLIMITED_MESSAGES_UPGRADE_MONTHLY)}/month unlimited messages upgrade remove the limit.`,
  /** 403 of POST /api/messages when a Free account has started its conversations for the month. */
  newConversationLimitReached: (resetsOn: string) =>
    `Free accounts can start conversations with ${FREE_NEW_CONVERSATIONS_PER_MONTH} new people a month, and you have reached that for this month ` +
    `(you can start new ones again from ${formatDate(resetsOn)}). Replying to people who message you is always free. Upgrade for unlimited messages.`,
  /** Above the chat's send box when the message would start a new conversation. */
  newConversationsLeft: (remaining: number) => `You can start ${plural(remaining, 'more new conversation', 'more new conversations')} this month.`,
  /** The listing limit, before a landlord at it fills the post form. */
  listingLimitReached: (plan: PlanName, limit: number) =>
    `Your ${plan} plan allows ${plural(limit, 'active listing', 'active listings')}, and you have ${limit === 1 ? 'one' : limit}.`,
  listingLifetime: `Listings stay active for ${LISTING_ACTIVE_DAYS} days.`,
} as const;

/** Switching an account between Tenant and Landlord (My Profile; PUT /api/users/profile with JSON `{ UserType }`). */
export const ACCOUNT_TYPE_TEXTS = {
  switched: (to: UserType) =>
    to === 'Landlord'
      ? 'Your account is now a landlord account: post a room from List Your Ad and manage it in Manage My Ads.'
      : 'Your account is now a tenant account.',
  unchanged: (type: UserType) => `Your account is already a ${type.toLowerCase()} account.`,
  /** 409 of the switch to Tenant, and the explanation My Profile shows before it is tried. */
  liveListingsBlockTenant: (active: number, lastExpiresAt: string | null) =>
    `You have ${plural(active, 'live listing', 'live listings')}, and a tenant account cannot keep listings. ` +
    `To switch, delete ${active === 1 ? 'it' : 'them'} in Manage My Ads` +
    (lastExpiresAt ? `, or wait until ${active === 1 ? 'it expires' : 'they have all expired'} on ${formatDate(lastExpiresAt)}` : '') +
    '. Marking a listing Unavailable is not enough: it still counts until it expires.',
} as const;
