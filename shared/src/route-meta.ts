/**
 * Every page's metadata, decided once beside the route table (routes.ts): its title, its description,
 * whether search engines may index it, and for the pages with data (a room, a blog post, a news
 * article or category) a function from that data to its title and description.
 *
 * Two readers apply it, so they cannot disagree: the server writes it into the HTML it answers
 * (api/src/plugins/web.ts: title, description, canonical, Open Graph, robots) and the browser sets
 * `document.title` and the description on navigation (the shell, and the remotes' `Page`, through
 * documentTitle). Pure: the server imports it.
 */
import { formatDate, formatMoney, snippet } from './format.ts';
import { findArticleMeta, findCategoryMeta, findPostMeta } from './published-content.ts';
import { EMAIL_PAGES, matchPagePattern, NEWSLETTER_PAGES, parseRecordId, ROUTE_PATTERNS, ROUTES, type PagePattern } from './routes.ts';

export const SITE_NAME = 'RoomNest';
/** The description of a page that has none of its own. */
export const SITE_DESCRIPTION = 'Rooms to rent and flatmates across the UK: search rooms by area and price, list your room for free and message landlords and flatmates safely.';
/** Open Graph locale of every page. */
export const SITE_LOCALE = 'en_GB';
/** The link-preview image of pages without one of their own: a file of the shell's build (shell/public), served beside its index.html. */
export const DEFAULT_SHARE_IMAGE = 'og-default.png';
/** The longest description written into a page (what search results show). */
export const DESCRIPTION_MAX = 160;

/** The browser tab's text for a page titled `title`: "Find a room | RoomNest", or the site's name alone. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

export interface PageMeta {
  /** The page's own title, without the site's name (documentTitle adds it). */
  title: string;
  description: string;
  /** False for private and account pages: they carry `noindex` and stay out of the sitemap. */
  indexable: boolean;
  /** The path search engines should list instead (a redirect's target); absent: the page's own path. */
  canonicalPath?: string;
}

type FixedPattern = Exclude<PagePattern, (typeof ROUTE_PATTERNS)[keyof typeof ROUTE_PATTERNS]>;

const open = (title: string, description: string, canonicalPath?: string): PageMeta => ({ title, description, indexable: true, ...(canonicalPath ? { canonicalPath } : {}) });
const closed = (title: string, description = SITE_DESCRIPTION): PageMeta => ({ title, description, indexable: false });

/** The pages without a parameter. Their titles are the ones their screens show in the tab. */
export const FIXED_PAGE_META: Readonly<Record<FixedPattern, PageMeta>> = {
  [ROUTES.home]: open(
    'Rooms and flatmates to rent in London',
    'Find a room to rent or a flatmate in London and across the UK. Search rooms by area, price and move-in date, list your room for free and message safely.',
  ),
  [ROUTES.rooms]: open('Find a room', 'Search rooms to rent across the UK by area, postcode, price, room type and move-in date, with photos and the rent of every room.'),
  [ROUTES.findARoom]: open('Find a room', 'Search rooms to rent across the UK by area, postcode, price, room type and move-in date.', ROUTES.rooms),
  [ROUTES.postAd]: closed('List your room'),
  [ROUTES.myListings]: closed('Manage my ads'),
  [ROUTES.savedRooms]: closed('Saved rooms'),
  [ROUTES.savedSearches]: closed('Saved searches'),
  [ROUTES.flatmates]: open('Find a flatmate', 'Meet people looking for a room or a flatmate: browse flatmate profiles by budget, area and move-in date.'),
  [ROUTES.myFlatmateProfile]: closed('List My Profile'),
  [ROUTES.messages]: closed('Messages'),
  [ROUTES.login]: closed('Log in'),
  [ROUTES.register]: closed('Register'),
  [ROUTES.signup]: closed('Register'),
  [ROUTES.forgotPassword]: closed('Forgot password'),
  [ROUTES.resetPassword]: closed('Choose a new password'),
  [ROUTES.verifyEmail]: closed('Confirm your email address'),
  [ROUTES.blog]: open('Blog', 'Practical guides for renters, flatmates and landlords across the UK.'),
  [ROUTES.pricing]: open('Pricing', 'Start free with one room and upgrade when you have more to let. All prices are in pounds and include VAT.'),
  [ROUTES.aboutUs]: open('About us', 'How RoomNest started in an East London house share and what we do to make renting a room simpler and safer.'),
  [ROUTES.contactUs]: open('Contact us', 'Questions about an advert, your account or a payment? How to reach the RoomNest team.'),
  [ROUTES.faq]: open('FAQ', 'Answers to the questions renters, flatmates and landlords ask most about RoomNest.'),
  [ROUTES.safety]: open('Safety', 'How to stay safe while you rent a room: viewings, deposits, spotting scams and reporting an advert.'),
  [ROUTES.safetyAdvice]: open('Safety', 'How to stay safe while you rent a room: viewings, deposits, spotting scams and reporting an advert.', ROUTES.safety),
  [ROUTES.advice]: open('Advice', 'Renting advice for tenants and landlords: agreements, deposits, bills and your rights in the UK.'),
  [ROUTES.careers]: open('Careers', 'Work at RoomNest and help people across the UK find a home they are happy in.'),
  [ROUTES.press]: open('Press', 'News, facts, images and contacts for journalists writing about renting in the UK.'),
  [ROUTES.terms]: open('Terms and conditions', 'The terms that apply when you use RoomNest to search, advertise or message.'),
  [ROUTES.privacy]: open('Privacy policy', 'What personal data RoomNest keeps, why, for how long, and your rights over it.'),
  [ROUTES.advertiserTips]: open('Advertiser tips', 'How to write an advert that lets your room quickly, to the right person.'),
  [ROUTES.sitemap]: open('Sitemap', 'Every part of RoomNest in one place.'),
  [ROUTES.news]: open('News', 'News from RoomNest: product updates, market analysis of room rents and company news.'),
  [ROUTES.moderation]: closed('Moderation'),
  [ROUTES.accessibility]: open('Accessibility', 'How accessible RoomNest is, what we are improving and how to tell us about a problem.'),
  [NEWSLETTER_PAGES.confirm]: closed('Confirm your subscription'),
  [NEWSLETTER_PAGES.unsubscribe]: closed('Unsubscribe from the newsletter'),
  [EMAIL_PAGES.unsubscribe]: closed('Stop these emails'),
};

/**
 * What the room page's metadata is made of: fields of its Listing only, so that the server (from the
 * database) and the room page (from the API's Listing) write the same title and description.
 */
export interface RoomMetaData {
  Title: string;
  RoomType: string;
  Rent: number;
  City: string;
  AvailableDate?: string | null;
  Description?: string | null;
}

/** A room's title and description: what a search result and a link preview say about it. */
export function roomPageMeta(room: RoomMetaData): PageMeta {
  const available = room.AvailableDate ? `, available from ${formatDate(room.AvailableDate)}` : '';
  const lead = `${room.RoomType} room in ${room.City} for ${formatMoney(room.Rent)} a month${available}.`;
  const rest = room.Description ? ` ${room.Description}` : '';
  return { title: room.Title, description: snippet(lead + rest, DESCRIPTION_MAX), indexable: true };
}

/** The metadata of the pages the route table's patterns and the published posts decide without the database. */
function patternMeta(pattern: (typeof ROUTE_PATTERNS)[keyof typeof ROUTE_PATTERNS], params: Record<string, string>): PageMeta | null {
  switch (pattern) {
    case ROUTE_PATTERNS.blogPost: {
      const post = findPostMeta(params.slug ?? '');
      return post ? open(post.title, snippet(post.summary, DESCRIPTION_MAX)) : null;
    }
    case ROUTE_PATTERNS.newsArticle: {
      const article = findArticleMeta(parseRecordId(params.id ?? '') ?? 0);
      return article ? open(article.title, snippet(article.summary, DESCRIPTION_MAX)) : null;
    }
    case ROUTE_PATTERNS.newsCategory: {
      const category = findCategoryMeta(params.slug ?? '');
      return category ? open(`${category.name} | News`, `${category.name}: news from RoomNest.`) : null;
    }
    case ROUTE_PATTERNS.editRoom:
      return closed('Edit listing');
    case ROUTE_PATTERNS.chat:
      return closed('Chat');
    // The room's own title comes from its listing (roomPageMeta); until it is known, this.
    case ROUTE_PATTERNS.room:
      return open('Room details', SITE_DESCRIPTION);
  }
}

/** A page's pattern, its parameters and its metadata. */
export type PatternMeta = { pattern: PagePattern; params: Record<string, string>; meta: PageMeta };

/**
 * The metadata of a path as far as the route table and the published content tell it: a fixed page,
 * a post, article or category; a room gets its placeholder here and its own from roomPageMeta.
 * Null when the path is no page (the 404's metadata is NOT_FOUND_META).
 */
export function pageMetaFor(pathname: string): PatternMeta | null {
  const match = matchPagePattern(pathname);
  if (!match) return null;
  const fixed = (FIXED_PAGE_META as Record<string, PageMeta | undefined>)[match.pattern];
  if (fixed) return { ...match, meta: fixed };
  const meta = patternMeta(match.pattern as (typeof ROUTE_PATTERNS)[keyof typeof ROUTE_PATTERNS], match.params);
  return meta ? { ...match, meta } : null;
}

/** Any path that is no page, and a room that is absent or not public. */
export const NOT_FOUND_META: PageMeta = { title: 'Page not found', description: 'There is no page at this address on RoomNest.', indexable: false };
