/**
 * What crawlers read besides the pages: GET /robots.txt and the sitemap. /sitemap.xml lists every
 * public page in one file while that stays within SITEMAP_MAX_URLS; past that it is a sitemap index
 * pointing at /sitemaps/pages.xml (the fixed pages, posts and news) and /sitemaps/listings-<n>.xml,
 * each listings file the public listings of one range of SITEMAP_MAX_URLS ids, read by the primary
 * key, so no answer reads more than one file's worth of listings.
 */
import {
  BLOG_POST_META,
  FIXED_PAGE_META,
  NEWS_ARTICLE_META,
  NEWS_CATEGORY_META,
  ROUTES,
  type PageMeta,
} from '@roomnest/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/types.ts';
import { sendNotFound } from '../../plugins/errors.ts';
import { absoluteUrl, escapeHtml } from './page-head.ts';
import { countPublicListings, publicListingRanges, publicListingsBetween } from './repository.ts';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Crawlers may keep robots.txt and the sitemaps this long: new listings appear within minutes. */
export const CRAWLER_CACHE = 'public, max-age=300';

/** The private pages and the API: nothing a search result should lead to. */
const DISALLOWED = ['/api/', ROUTES.messages, ROUTES.myListings, ROUTES.myFlatmateProfile, ROUTES.postAd, '/rooms/*/edit', ROUTES.resetPassword, ROUTES.forgotPassword];

/** The public pages without data of their own: the indexable fixed pages (not the redirects), the posts, articles and categories. */
export function publicContentPaths(): string[] {
  const fixed = (Object.entries(FIXED_PAGE_META) as [string, PageMeta][]).filter(([, meta]) => meta.indexable && !meta.canonicalPath).map(([path]) => path);
  return [
    ...fixed,
    ...BLOG_POST_META.map((post) => ROUTES.blogPost(post.slug)),
    ...NEWS_ARTICLE_META.map((article) => ROUTES.newsArticle(article.id)),
    ...NEWS_CATEGORY_META.map((category) => ROUTES.newsCategory(category.slug)),
  ];
}

interface SitemapEntry {
  loc: string;
  lastmod?: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(entries: Iterable<SitemapEntry>): string {
  let xml = `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  for (const { loc, lastmod } of entries) {
    xml += `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;
  }
  return `${xml}</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

const sendXml = (reply: FastifyReply, xml: string) => reply.header('cache-control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(xml);

/** Listing ids are PostgreSQL integers: the file holding the largest one is the last there can be. */
const LAST_LISTINGS_FILE = Math.ceil(2_147_483_647 / SITEMAP_MAX_URLS);
const ListingsSitemapParams = z.object({ file: z.string().regex(/^listings-[1-9]\d{0,8}\.xml$/) });

export default async function pagesRoutes(app: FastifyInstance, { db, origin }: { db: Executor; origin: string }): Promise<void> {
  const url = (path: string) => absoluteUrl(origin, path);
  const contentEntries = (): SitemapEntry[] => publicContentPaths().map((path) => ({ loc: url(path) }));
  /** The listings with an id in range `n` (1-based), as sitemap entries. */
  const listingEntries = async (n: number): Promise<SitemapEntry[]> => {
    const rows = await publicListingsBetween(db, (n - 1) * SITEMAP_MAX_URLS + 1, n * SITEMAP_MAX_URLS);
    return rows.map((row) => ({ loc: url(ROUTES.room(row.id)), lastmod: row.updated_at }));
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${url('/sitemap.xml')}`, ''];
    return reply.header('cache-control', CRAWLER_CACHE).type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const content = contentEntries();
    const listings = await countPublicListings(db);
    if (content.length + listings <= SITEMAP_MAX_URLS) {
      // Within one file the id ranges hold every public listing: at most SITEMAP_MAX_URLS of them.
      const ranges = await publicListingRanges(db, SITEMAP_MAX_URLS);
      const entries = [...content];
      for (const n of ranges) entries.push(...(await listingEntries(n)));
      return sendXml(reply, urlset(entries));
    }
    const ranges = await publicListingRanges(db, SITEMAP_MAX_URLS);
    return sendXml(reply, sitemapIndex([url('/sitemaps/pages.xml'), ...ranges.map((n) => url(`/sitemaps/listings-${n}.xml`))]));
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) => sendXml(reply, urlset(contentEntries())));

  app.get('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
    const params = ListingsSitemapParams.safeParse(request.params);
    if (!params.success) return sendNotFound(request, reply);
    const n = Number(params.data.file.slice('listings-'.length, -'.xml'.length));
    // Past the last block of ids the database can hold, no file exists (and its bounds would not fit an integer).
    if (n > LAST_LISTINGS_FILE) return sendNotFound(request, reply);
    const entries = await listingEntries(n);
    if (entries.length === 0) return sendNotFound(request, reply);
    return sendXml(reply, urlset(entries));
  });
}
