/** Business constants and limits (docs/product.md, Constants), the API's limits included. */
import type { PlanName } from './domain.ts';

export const STORAGE_KEYS = { token: 'authToken', user: 'currentUser' } as const;

export const UNREAD_POLL_INTERVAL_MS = 30_000;
/** Counts above this show as '9+'. */
export const UNREAD_BADGE_CAP = 9;

/** Toasts (react-toastify). `loading` toasts never expire. */
export const TOAST = {
  position: 'bottom-left',
  limit: 20,
  /** Application-level default for any toast that sets none. */
  appDurationMs: 3000,
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  loginGreetingMs: 4000,
  /** Reading time of a toast (toastDuration): a moment to notice it, then about 200 words a minute, up to a ceiling. */
  noticeMs: 1000,
  readingMsPerWord: 300,
  readingMaxMs: 15000,
} as const;

export const HERO_ROTATE_MS = 5000;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const MINIMUM_AGE = 18;

export const PRICE_RANGES = [
  { value: '0-500', label: '£0 – £500', min: 0, max: 500 },
  { value: '500-1000', label: '£500 – £1,000', min: 500, max: 1000 },
  { value: '1000-1500', label: '£1,000 – £1,500', min: 1000, max: 1500 },
  { value: '1500+', label: '£1,500+', min: 1500, max: null },
] as const;

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'rent_asc', label: 'Rent: low to high' },
  { value: 'rent_desc', label: 'Rent: high to low' },
  { value: 'date_new', label: 'Newest first' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['value'];

export const SNIPPET_LENGTH = {
  roomDescription: 100,
  flatmateBio: 100,
  flatmateLookingFor: 100,
  lastMessagePreview: 50,
} as const;

export const LISTINGS_PAGE_SIZE_DEFAULT = 24;
export const LISTINGS_PAGE_SIZE_MAX = 100;
export const FLATMATE_PAGE_SIZE = 12;
export const FLATMATE_DEFAULT_PAGE = 1;
export const FLATMATE_CARDS_PER_ROW = 3;
export const PROFILE_IMAGE_PREVIEW_PX = 150;

export const MESSAGE_MAX_LENGTH = 2000;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** Listing photos: at most this many per listing, each at most PHOTO_MAX_BYTES before re-encoding. */
export const MAX_PHOTOS = 10;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What a photo may be, by content (phones send WebP and HEIC too); the file picker's `accept`. */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The first message drafted when a tenant contacts a landlord from a room's page. */
export const ENQUIRY_DRAFT = 'Hi, is this room still available?';
/** Days shown by My Listings' chart of views and enquiries. */
export const LISTING_STATS_DAYS = 30;

/** Saved searches: at most this many a person; a name at most SAVED_SEARCH_NAME_MAX characters. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** Saved rooms: at most this many a person, so the Saved rooms page (one answer, no paging) stays bounded. */
export const MAX_SAVED_LISTINGS = 500;

/** Standard listings stay active for 30 days (FAQ). */
export const LISTING_ACTIVE_DAYS = 30;
/** A listing can be renewed once it has expired or from this many days before it expires. */
export const LISTING_RENEW_WINDOW_DAYS = 7;

export interface PlanInfo {
  name: PlanName;
  label: string;
  priceMonthly: number;
  /** Active listings allowed; null means unlimited. */
  listingLimit: number | null;
  /**
   * People a member may start a conversation with in a calendar month (London time); null means unlimited.
   * Replies in a conversation someone else started never count.
   */
  newConversationsPerMonth: number | null;
  features: string[];
}

export const PLANS: readonly PlanInfo[] = [
  {
    name: 'Free',
    // Once called Basic: shown by the name the API and the account carry, so that every screen says the same.
    label: 'Free',
    priceMonthly: 0,
    listingLimit: 1,
    newConversationsPerMonth: 2,
    features: [
      '1 room listing, free forever',
      '2 free messages: start conversations with 2 new people a month',
      'Replies are always free: answer everyone who messages you',
      'Unlimited messages upgrade for £5/month',
    ],
  },
  {
    name: 'Premium',
    label: 'Premium',
    priceMonthly: 19.99,
    listingLimit: 5,
    newConversationsPerMonth: null,
    features: ['Up to 5 room listings', 'Unlimited messages', 'Featured placement in search'],
  },
  {
    name: 'Professional',
    label: 'Professional',
    priceMonthly: 49.99,
    listingLimit: null,
    newConversationsPerMonth: null,
    features: ['Unlimited room listings', 'Unlimited messages', 'Priority support for letting agents'],
  },
] as const;

export const UNLIMITED_MESSAGES_UPGRADE_MONTHLY = 5;
export const ANNUAL_DISCOUNT_PERCENT = 20;
export const TERMS_LAST_UPDATED = '2025-05-14';

/** The ten East London areas of the Home page's location cards. */
export const EAST_LONDON_AREAS = [
  'Shoreditch',
  'Canary Wharf',
  'Stratford',
  'Hackney',
  'Bethnal Green',
  'Whitechapel',
  'Ilford',
  'Newbury Park',
  'Romford',
  'Barking',
] as const;

/** How long the shell waits for a remote module before showing its error view. */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;
