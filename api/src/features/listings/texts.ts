/** The listing rules users hear about: plan limits, renewal window, and every sentence of the listings API. */
import { formatDate, LISTING_ACTIVE_DAYS, LISTING_RENEW_WINDOW_DAYS, PLANS, TEXTS, type PlanName } from '@roomnest/shared';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The next plan up that allows more listings, as a suggestion ('' on the top plan). */
function upgradeHint(plan: PlanName): string {
  const current = PLANS.findIndex((p) => p.name === plan);
  const limit = PLANS[current]?.listingLimit ?? 0;
  const next = PLANS.slice(current + 1).find((p) => p.listingLimit === null || p.listingLimit > limit);
  if (!next) return '';
  return `upgrade to ${next.name} for ${next.listingLimit === null ? 'unlimited listings' : `up to ${next.listingLimit}`}`;
}

/** 'a, b or c' */
const either = (options: string[]) => (options.length > 1 ? `${options.slice(0, -1).join(', ')} or ${options.at(-1)}` : (options[0] ?? ''));

export const LISTING_TEXTS = {
  notFound: TEXTS.roomNotFound,
  onlyLandlordsCanList: TEXTS.onlyLandlordsCanList,
  onlyLandlordsManage: TEXTS.myListingsDenied,
  notOwner: 'Only the landlord who posted this listing can change it.',
  created: 'Your room has been listed.',
  updated: 'Listing updated.',
  deleted: 'Listing deleted.',
  photoNotFound: 'This photo is not one of this listing’s photos.',
  photoOrder: 'Please send every photo of this listing once, in the new order.',
  statusUpdated: (status: string) => `Status updated to ${status}.`,
  renewed: (expiresAt: Date) => `Listing renewed: it stays in search until ${formatDate(expiresAt.toISOString())}.`,
  renewTooEarly: (expiresAt: Date) =>
    `This listing is active until ${formatDate(expiresAt.toISOString())}. You can renew it from ${plural(LISTING_RENEW_WINDOW_DAYS, 'day')} before it expires.`,
  /** 403 when posting (or renewing an expired listing) would go over the plan's limit. */
  planLimit: (plan: PlanName, limit: number, action: 'post' | 'renew') =>
    `Your ${plan} plan allows ${plural(limit, 'active listing')}, and you have reached that limit. ` +
    `To ${action === 'post' ? 'post another' : 'renew this one'}, ` +
    `${either(['delete a listing', `let one expire (listings last ${LISTING_ACTIVE_DAYS} days)`, upgradeHint(plan)].filter(Boolean))}.`,
} as const;
