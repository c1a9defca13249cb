/**
 * The route table (docs/product.md, Routes and guards): every page's path, written once here.
 * Links use ROUTES; the shell's route table (shell/src/app/route-table.ts),
 * mf-content's page registry and the server's page look-up (PAGE_PATTERNS,
 * lookUpPage) are built from these, so they cannot drift apart.
 */
import { BLOG_POST_META, NEWS_ARTICLE_META, NEWS_CATEGORY_META } from './published-content.ts';

/** The pages with a parameter, as router patterns (`:name` stands for one path segment). ROUTES fills them in for links. */
export const ROUTE_PATTERNS = {
  room: '/rooms/:id',
  editRoom: '/rooms/:id/edit',
  chat: '/messages/chat/:otherUserId',
  blogPost: '/blog/:slug',
  newsArticle: '/news/:id',
  newsCategory: '/news/category/:slug',
} as const;

/** A pattern with its one parameter filled in as given, not encoded (ids and the site's own slugs need none). */
const fill = (pattern: string, value: number | string) => pattern.replace(/:\w+/, () => String(value));

/** Every page's path; the pages with a parameter as functions that build one. */
/** The chat's query parameter naming the room a conversation is about (ROUTES.enquiry). */
export const ENQUIRY_PARAM = 'listing';

export const ROUTES = {
  home: '/',
  rooms: '/rooms',
  findARoom: '/find-a-room',
  room: (id: number | string) => fill(ROUTE_PATTERNS.room, id),
  editRoom: (id: number | string) => fill(ROUTE_PATTERNS.editRoom, id),
  postAd: '/post-ad',
  myListings: '/my-listings',
  /** A renter's shortlist of rooms and their saved searches (mf-search). */
  savedRooms: '/saved',
  savedSearches: '/saved-searches',
  flatmates: '/flatmates',
  myFlatmateProfile: '/my-flatmate-profile',
  messages: '/messages',
  chat: (otherUserId: number | string) => fill(ROUTE_PATTERNS.chat, otherUserId),
  /** The chat with a room's landlord about that room (Contact Landlord): the chat shows the room and drafts ENQUIRY_DRAFT. */
  enquiry: (landlordId: number | string, listingId: number | string) => `${fill(ROUTE_PATTERNS.chat, landlordId)}?${ENQUIRY_PARAM}=${encodeURIComponent(String(listingId))}`,
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The page a verification email's link opens (the shell): `?token=…`. */
  verifyEmail: '/verify-email',
  blog: '/blog',
  blogPost: (slug: string) => fill(ROUTE_PATTERNS.blogPost, slug),
  pricing: '/pricing',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faq: '/faq',
  safety: '/safety',
  safetyAdvice: '/safety-advice',
  advice: '/advice',
  careers: '/careers',
  press: '/press',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  advertiserTips: '/advertiser-tips',
  sitemap: '/sitemap',
  news: '/news',
  newsArticle: (id: number | string) => fill(ROUTE_PATTERNS.newsArticle, id),
  newsCategory: (slug: string) => fill(ROUTE_PATTERNS.newsCategory, slug),
  accessibility: '/accessibility',
  /** The trust and safety team's queue of reports, resolved reports and audit log (mf-moderation; moderators only). */
  moderation: '/moderation',
} as const;

/** The pages the newsletter email's links open (mf-content): `?token=…`. */
export const NEWSLETTER_PAGES = {
  confirm: '/news/confirm-subscription',
  unsubscribe: '/news/unsubscribe',
} as const;

/**
 * The page a notification email's "Stop …" link opens (mf-content): `?token=…`. It asks before turning the
 * notification off (a link scanner's visit changes nothing); mail clients' one-click unsubscribe POSTs to the API.
 * The email settings live in My Profile, in its notifications section.
 */
export const EMAIL_PAGES = {
  unsubscribe: '/email/unsubscribe',
} as const;
/** The API path (under /api) a notification email's one-click unsubscribe POSTs to, `?token=…`; the page above POSTs there too. */
export const NOTIFICATIONS_UNSUBSCRIBE_PATH = '/notifications/unsubscribe';
/** Where the email settings are: My Profile's notifications section. */
export const EMAIL_SETTINGS_PATH = `${ROUTES.myFlatmateProfile}#notifications`;

/** Query string of the room search (docs/product.md, Screens: the Home search box and room search). */
export function roomsSearchUrl(params: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${ROUTES.rooms}?${s}` : ROUTES.rooms;
}

type Values<T> = T[keyof T];

/**
 * Every page path of the route table (docs/product.md, Routes and guards, with the shell's
 * /reset-password, its two redirects and the newsletter's pages), `:name`
 * standing for one path segment. The shell routes exactly these
 * (shell/src/app/route-table.ts, whose test holds them equal) and the server
 * answers 404 for any other path (api/src/plugins/web.ts), so the two agree on
 * what is a page.
 */
export type PagePattern = Extract<Values<typeof ROUTES>, string> | Values<typeof NEWSLETTER_PAGES> | Values<typeof EMAIL_PAGES> | Values<typeof ROUTE_PATTERNS>;

const isPath = (value: unknown): value is Extract<Values<typeof ROUTES>, string> => typeof value === 'string';

/**
 * The fixed paths first: the first match wins, and '/news/unsubscribe' must not be taken for the article '/news/:id'.
 * Pure: only the server and the tests read it, so the browser bundles leave it out.
 */
export const PAGE_PATTERNS: readonly PagePattern[] = /* @__PURE__ */ (() => [
  ...Object.values(ROUTES).filter(isPath),
  ...Object.values(NEWSLETTER_PAGES),
  ...Object.values(EMAIL_PAGES),
  ...Object.values(ROUTE_PATTERNS),
])();

/**
 * The published addresses of mf-content's fixed pages with parameters: the
 * three fixed blog posts and the news articles and categories, from their
 * metadata (published-content.ts). mf-content
 * keeps their text and renders them; these lists tell the server which
 * addresses exist, so that any other slug or id answers 404 (mf-content's test
 * keeps them equal to its data). The trade-off: mf-content still releases on
 * its own for any change to these pages, but a new post, article or category
 * must be added here too, and is answered 404 (while still shown in the
 * browser, the HTML being the same shell) until the API runs with it.
 */
export const BLOG_SLUGS: readonly string[] = BLOG_POST_META.map((post) => post.slug);
export const NEWS_ARTICLE_IDS: readonly number[] = NEWS_ARTICLE_META.map((article) => article.id);
export const NEWS_CATEGORY_SLUGS: readonly string[] = NEWS_CATEGORY_META.map((category) => category.slug);

const MAX_ID = 2_147_483_647;

/** A record id in an address: a whole number without a leading zero, within the database's integer range; else null. */
export function parseRecordId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/**
 * What a path is, as far as it can be told without a session:
 * a page, no page (404), or a room whose listing decides (`listingId`).
 */
export type PageLookup = { kind: 'page' } | { kind: 'none' } | { kind: 'room'; listingId: number };

const PAGE: PageLookup = { kind: 'page' };
const NONE: PageLookup = { kind: 'none' };

/** The segments of a path (trailing slashes ignored, each one decoded), or null when one does not decode. */
function pathSegments(pathname: string): string[] | null {
  try {
    return pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The pattern a path matches and its parameters; literal segments compare case-insensitively, as the router does. */
export function matchPagePattern(pathname: string): { pattern: PagePattern; params: Record<string, string> } | null {
  const segments = pathSegments(pathname);
  if (!segments) return null;
  for (const pattern of PAGE_PATTERNS) {
    const parts = pattern.split('/').slice(1).filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = segments[i] as string;
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment !== '';
      }
      return part.toLowerCase() === segment.toLowerCase();
    });
    if (matches) return { pattern, params };
  }
  return null;
}

/** Whether a path is a page (its HTTP status): the route table, then the parameters that can be checked without data. */
export function lookUpPage(pathname: string): PageLookup {
  const match = matchPagePattern(pathname);
  if (!match) return NONE;
  const { pattern, params } = match;
  const param = (name: string) => params[name] ?? '';
  switch (pattern) {
    case ROUTE_PATTERNS.room: {
      const listingId = parseRecordId(param('id'));
      return listingId === null ? NONE : { kind: 'room', listingId };
    }
    // The listing to edit and the chat partner are known to the signed-in user only: any id may be a page.
    case ROUTE_PATTERNS.editRoom:
      return parseRecordId(param('id')) === null ? NONE : PAGE;
    case ROUTE_PATTERNS.chat:
      return parseRecordId(param('otherUserId')) === null ? NONE : PAGE;
    case ROUTE_PATTERNS.blogPost:
      return (BLOG_SLUGS as readonly string[]).includes(param('slug')) ? PAGE : NONE;
    case ROUTE_PATTERNS.newsArticle:
      return (NEWS_ARTICLE_IDS as readonly number[]).includes(parseRecordId(param('id')) ?? 0) ? PAGE : NONE;
    case ROUTE_PATTERNS.newsCategory:
      return (NEWS_CATEGORY_SLUGS as readonly string[]).includes(param('slug')) ? PAGE : NONE;
    default:
      return PAGE;
  }
}
