/** A listing's time in public search (FAQ: 30 days after posting or renewal) as the landlord sees it. */
import { LISTING_RENEW_WINDOW_DAYS } from '../constants.ts';
import { formatDate } from '../format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ListingExpiry {
  expired: boolean;
  /** The API accepts a renewal once expired or within LISTING_RENEW_WINDOW_DAYS of expiry. */
  renewable: boolean;
  /** 'Expires 22 Dec 2026' or 'Expired'. */
  label: string;
}

export function listingExpiry(expiresAt: string, now: number = Date.now()): ListingExpiry {
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at)) return { expired: false, renewable: false, label: '' };
  const expired = at <= now;
  return {
    expired,
    renewable: expired || at - now <= LISTING_RENEW_WINDOW_DAYS * DAY_MS,
    label: expired ? 'Expired' : `Expires ${formatDate(expiresAt)}`,
  };
}
