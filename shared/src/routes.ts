/** The spec's route table (section 2) as paths, so links never drift. */
export const ROUTES = {
  home: '/',
  rooms: '/rooms',
  findARoom: '/find-a-room',
  room: (id: number | string) => `/rooms/${id}`,
  editRoom: (id: number | string) => `/rooms/${id}/edit`,
  postAd: '/post-ad',
  myListings: '/my-listings',
  flatmates: '/flatmates',
  myFlatmateProfile: '/my-flatmate-profile',
  messages: '/messages',
  chat: (otherUserId: number | string) => `/messages/chat/${otherUserId}`,
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
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
  newsArticle: (id: number | string) => `/news/${id}`,
  newsCategory: (slug: string) => `/news/category/${slug}`,
  accessibility: '/accessibility',
} as const;

/** Query string of the room search (section 2, Home search box and Room search). */
export function roomsSearchUrl(params: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${ROUTES.rooms}?${s}` : ROUTES.rooms;
}

/**
 * Every page path of the route table (spec section 2, with the shell's
 * /reset-password and its two redirects), `:name` standing for one path
 * segment. The shell routes exactly these (shell/src/app/route-table.ts, whose
 * test holds them equal) and the server answers 404 for any other path
 * (api/src/plugins/web.ts), so the two agree on what is a page.
 */
export const PAGE_PATTERNS = [
  '/',
  '/rooms',
  '/find-a-room',
  '/rooms/:id',
  '/rooms/:id/edit',
  '/post-ad',
  '/my-listings',
  '/flatmates',
  '/my-flatmate-profile',
  '/messages',
  '/messages/chat/:otherUserId',
  '/login',
  '/register',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/safety-advice',
  '/blog',
  '/blog/:slug',
  '/pricing',
  '/about-us',
  '/contact-us',
  '/faq',
  '/safety',
  '/advice',
  '/careers',
  '/press',
  '/terms-conditions',
  '/privacy-policy',
  '/advertiser-tips',
  '/sitemap',
  '/news',
  // The newsletter email's links (before '/news/:id', which they would match too).
  '/news/confirm-subscription',
  '/news/unsubscribe',
  '/news/:id',
  '/news/category/:slug',
  '/accessibility',
] as const;

export type PagePattern = (typeof PAGE_PATTERNS)[number];

/**
 * The published addresses of mf-content's fixed pages with parameters: the
 * spec's three blog posts and the news articles and categories. mf-content
 * keeps their text and renders them; these lists only tell the server which
 * addresses exist, so that any other slug or id answers 404 (mf-content's test
 * keeps them equal to its data). The trade-off: mf-content still releases on
 * its own for any change to these pages, but a new post, article or category
 * must be added here too, and is answered 404 (while still shown in the
 * browser, the HTML being the same shell) until the API runs with it.
 */
export const BLOG_SLUGS = ['understanding-tenancy-agreement', 'tips-finding-flatmate', 'landlord-essentials-property-prep'] as const;
export const NEWS_ARTICLE_IDS = [1, 2, 3] as const;
export const NEWS_CATEGORY_SLUGS = ['product-updates', 'market-analysis', 'guides', 'community', 'company-news'] as const;

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
    case '/rooms/:id': {
      const listingId = parseRecordId(param('id'));
      return listingId === null ? NONE : { kind: 'room', listingId };
    }
    // The listing to edit and the chat partner are known to the signed-in user only: any id may be a page.
    case '/rooms/:id/edit':
      return parseRecordId(param('id')) === null ? NONE : PAGE;
    case '/messages/chat/:otherUserId':
      return parseRecordId(param('otherUserId')) === null ? NONE : PAGE;
    case '/blog/:slug':
      return (BLOG_SLUGS as readonly string[]).includes(param('slug')) ? PAGE : NONE;
    case '/news/:id':
      return (NEWS_ARTICLE_IDS as readonly number[]).includes(parseRecordId(param('id')) ?? 0) ? PAGE : NONE;
    case '/news/category/:slug':
      return (NEWS_CATEGORY_SLUGS as readonly string[]).includes(param('slug')) ? PAGE : NONE;
    default:
      return PAGE;
  }
}
