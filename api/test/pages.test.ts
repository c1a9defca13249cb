/**
 * The pages as crawlers and link previews see them: the raw HTML the server answers (no JavaScript
 * runs), robots.txt and the sitemap, on each test database.
 */
import { BLOG_POST_META, NEWS_ARTICLE_META, ROUTES } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_CACHE, SITEMAP_MAX_URLS } from '../src/features/pages/routes.ts';
import { insertListing } from './listings-support.ts';
import { createTestContext, createUser, SHELL_VERSION, TEST_DATABASES, type TestContext } from './support.ts';

const ORIGIN = 'http://localhost:8080';
const DEFAULT_IMAGE = `${ORIGIN}/store/shell/${SHELL_VERSION}/og-default.png`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] as string);

/** What a crawler reads in a page's head, parsed from the raw HTML. */
function head(html: string) {
  const all = (re: RegExp) => [...html.matchAll(re)].map((m) => unescape(m[1] as string));
  const one = (re: RegExp) => {
    const found = all(re);
    expect({ tag: String(re), count: found.length }).toEqual({ tag: String(re), count: Math.min(found.length, 1) });
    return found[0] ?? null;
  };
  const meta = (attr: 'name' | 'property', key: string) => one(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`, 'g'));
  const jsonLd = all(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
  return {
    title: one(/<title>([^<]*)<\/title>/g),
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: one(/<link rel="canonical" href="([^"]*)">/g),
    og: Object.fromEntries(['title', 'description', 'url', 'type', 'site_name', 'locale', 'image'].map((k) => [k, meta('property', `og:${k}`)])),
    twitter: meta('name', 'twitter:card'),
    // JSON-LD is not HTML-escaped: read it as written.
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string)),
    jsonLdCount: jsonLd.length,
  };
}

describe.each(TEST_DATABASES)('pages as crawlers see them on $name', (database) => {
  let ctx: TestContext;
  let landlord: number;
  let room: number;
  let hidden: number;
  let tricky: number;
  let legacy: number;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = (await createUser(ctx.db, { userType: 'Landlord' })).id;
    room = await insertListing(ctx.db, landlord, {
      title: 'Bright double near London Fields',
      description: 'A large, sunny room in a quiet flat.',
      address: '14 Mare Street, Hackney',
      zip_code: 'E8 3PB',
      rent: 950,
      available_date: '2030-02-01',
    });
    hidden = await insertListing(ctx.db, landlord, { status: 'Unavailable' });
    tricky = await insertListing(ctx.db, landlord, { title: `"Quotes" & <script>alert(1)</script> </script><b>`, description: 'Ends </script><!-- here' });
    legacy = await insertListing(ctx.db, landlord, { title: 'Moved room' });
    await ctx.db
      .insertInto('listing_photos')
      .values([
        { listing_id: room, position: 0, path: '/uploads/listings/cover1.jpg', card_path: '/uploads/listings/cover1-card.webp', width: 1600, height: 1200 },
        { listing_id: room, position: 1, path: '/uploads/listings/second.jpg', card_path: '/uploads/listings/second-card.webp', width: 1600, height: 1200 },
        { listing_id: legacy, position: 0, path: '/uploads/listings/old.jpg', card_path: '/uploads/listings/old-card.webp', width: null, height: null },
      ])
      .execute();
  });
  afterAll(() => ctx?.close());

  const page = (url: string) => ctx.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each([
    ['/', 'Rooms and flatmates to rent in London | RoomNest', `${ORIGIN}/`],
    ['/rooms', 'Find a room | RoomNest', `${ORIGIN}/rooms`],
    ['/rooms?city=Hackney&maxPrice=900&page=3', 'Find a room | RoomNest', `${ORIGIN}/rooms?city=hackney`],
    ['/find-a-room?city=Leeds', 'Find a room | RoomNest', `${ORIGIN}/rooms?city=leeds`],
    ['/flatmates', 'Find a flatmate | RoomNest', `${ORIGIN}/flatmates`],
    ['/Pricing/', 'Pricing | RoomNest', `${ORIGIN}/pricing`],
    [`/blog/${BLOG_POST_META[1].slug}`, `${BLOG_POST_META[1].title} | RoomNest`, `${ORIGIN}/blog/${BLOG_POST_META[1].slug}`],
    ['/news/2', `${NEWS_ARTICLE_META[1].title} | RoomNest`, `${ORIGIN}/news/2`],
  ])('writes the tags of the public page %s', async (url, title, canonical) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags.title).toBe(title);
    expect(tags.description?.length).toBeGreaterThan(40);
    expect(tags.robots).toBeNull();
    expect(tags.canonical).toBe(canonical);
    expect(tags.og).toEqual({
      title: title.replace(/ \| RoomNest$/, ''),
      description: tags.description,
      url: canonical,
      type: url.startsWith('/blog/') || url.startsWith('/news/') ? 'article' : 'website',
      site_name: 'RoomNest',
      locale: 'en_GB',
      image: DEFAULT_IMAGE,
    });
    expect(tags.twitter).toBe('summary_large_image');
    expect(tags.jsonLdCount).toBe(0);
    // The shell's own description is replaced, not repeated.
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('describes the blog post from its published summary', async () => {
    const tags = head((await page(`/blog/${BLOG_POST_META[0].slug}`)).body);
    expect(tags.description).toBe(BLOG_POST_META[0].summary);
  });

  it('writes a public room’s own title, description, cover image and an Offer at its rent in pounds', async () => {
    const res = await page(`/rooms/${room}?from=search`);
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags.title).toBe('Bright double near London Fields | RoomNest');
    expect(tags.description).toBe('Double room in London for £950 a month, available from 1 Feb 2030. A large, sunny room in a quiet flat.');
    expect(tags.canonical).toBe(`${ORIGIN}/rooms/${room}`);
    expect(tags.og.image).toBe(`${ORIGIN}/uploads/listings/cover1-og.jpg`);
    expect(tags.robots).toBeNull();
    expect(tags.jsonLd).toHaveLength(1);
    const offer = tags.jsonLd[0];
    expect(offer).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      price: 950,
      priceCurrency: 'GBP',
      url: `${ORIGIN}/rooms/${room}`,
      itemOffered: {
        '@type': 'Room',
        name: 'Bright double near London Fields',
        image: `${ORIGIN}/uploads/listings/cover1-og.jpg`,
        address: { '@type': 'PostalAddress', addressLocality: 'London', postalCode: 'E8 3PB', addressCountry: 'GB' },
      },
    });
  });

  it('previews a moved cover, whose other copies do not exist, with the cover itself, and a room without photos with the site’s image', async () => {
    expect(head((await page(`/rooms/${legacy}`)).body).og.image).toBe(`${ORIGIN}/uploads/listings/old.jpg`);
    expect(head((await page(`/rooms/${tricky}`)).body).og.image).toBe(DEFAULT_IMAGE);
  });

  it('escapes a title and a description with quotes, tags and ampersands everywhere it writes them', async () => {
    const res = await page(`/rooms/${tricky}`);
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags.title).toBe(`"Quotes" & <script>alert(1)</script> </script><b> | RoomNest`);
    expect(tags.og.title).toBe(`"Quotes" & <script>alert(1)</script> </script><b>`);
    // Nothing the landlord wrote became markup: one script element (the JSON-LD) plus the shell's, no <b>.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(res.body).not.toContain('<b>');
    expect(res.body).not.toContain('<!--');
    expect(tags.jsonLd[0].itemOffered.name).toBe(`"Quotes" & <script>alert(1)</script> </script><b>`);
  });

  it.each([
    ['/messages', 'Messages | RoomNest'],
    ['/my-listings', 'Manage my ads | RoomNest'],
    ['/post-ad', 'List your room | RoomNest'],
    ['/rooms/5/edit', 'Edit listing | RoomNest'],
    ['/reset-password?token=abc', 'Choose a new password | RoomNest'],
  ])('keeps the private page %s out of search engines', async (url, title) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags.title).toBe(title);
    expect(tags.robots).toBe('noindex');
    expect(tags.canonical).toBeNull();
  });

  it.each(['/no-such-page', '/blog/no-such-post', 'absent', 'hidden'])('answers 404, not found and noindex, for %s', async (which) => {
    const url = which === 'absent' ? `/rooms/${tricky + 1000}` : which === 'hidden' ? `/rooms/${hidden}` : which;
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    const tags = head(res.body);
    expect(tags.title).toBe('Page not found | RoomNest');
    expect(tags.robots).toBe('noindex');
    expect(tags.canonical).toBeNull();
    expect(tags.jsonLdCount).toBe(0);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers robots.txt: the public pages allowed, the private ones and the API not, and the sitemap’s absolute address', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CRAWLER_CACHE);
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /messages', 'Disallow: /my-listings', 'Disallow: /post-ad', 'Disallow: /rooms/*/edit', `Sitemap: ${ORIGIN}/sitemap.xml`]));
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => ['/rooms', '/', '/blog', '/flatmates'].includes(l.slice(10)))).toBe(false);
  });

  it('lists the public pages and every public listing with its last change in one sitemap', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CRAWLER_CACHE);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/rooms', '/flatmates', '/pricing', '/blog', `/blog/${BLOG_POST_META[2].slug}`, '/news/3', '/news/category/guides', `/rooms/${room}`, `/rooms/${tricky}`]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    for (const path of ['/messages', '/my-listings', '/post-ad', '/login', '/find-a-room', '/safety-advice', `/rooms/${hidden}`]) expect(locs).not.toContain(`${ORIGIN}${path}`);
    expect(new Set(locs).size).toBe(locs.length);
    const updated = await ctx.db.selectFrom('listings').select('updated_at').where('id', '=', room).executeTakeFirstOrThrow();
    expect(res.body).toContain(`<url><loc>${ORIGIN}/rooms/${room}</loc><lastmod>${updated.updated_at.toISOString()}</lastmod></url>`);
  });

  it('dates a listing’s last change by the database: a change to its page or its photos, not a write of the same values', async () => {
    const id = await insertListing(ctx.db, landlord, { title: 'Quiet single' });
    const updatedAt = async () => (await ctx.db.selectFrom('listings').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at.getTime();
    // Back-date it, as if it was last changed yesterday (the back-dating itself writes no page column).
    await ctx.db.updateTable('listings').set({ updated_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', id).execute();
    const yesterday = await updatedAt();
    expect(Date.now() - yesterday).toBeGreaterThan(86_000_000);

    await ctx.db.updateTable('listings').set({ title: 'Quiet single', rent: 800 }).where('id', '=', id).execute();
    expect(await updatedAt()).toBe(yesterday);

    await ctx.db.updateTable('listings').set({ rent: 825 }).where('id', '=', id).execute();
    const afterRent = await updatedAt();
    expect(Date.now() - afterRent).toBeLessThan(60_000);

    await ctx.db.updateTable('listings').set({ updated_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', id).execute();
    await ctx.db
      .insertInto('listing_photos')
      .values({ listing_id: id, position: 0, path: '/uploads/listings/q.jpg', card_path: '/uploads/listings/q-card.webp', width: 800, height: 600 })
      .execute();
    expect(Date.now() - (await updatedAt())).toBeLessThan(60_000);
  });

  it('answers 404 for a listings sitemap that is not there', async () => {
    for (const url of ['/sitemaps/listings-999.xml', '/sitemaps/listings-999999999.xml', '/sitemaps/listings-0.xml', '/sitemaps/other.xml']) {
      const res = await ctx.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('turns into a sitemap index past 50,000 URLs, each listings sitemap within the limit', async () => {
    // One statement inserts the listings, as a large site has them, on both databases (about ten seconds on PGlite).
    await sql`
      insert into listings (landlord_id, title, address, city, state, zip_code, room_type, rent, available_date, pet_policy, smoking_policy)
      select ${landlord}, 'Room ' || n, n || ' Test Street, Hackney', 'London', 'Greater London', 'E8 1AA', 'Single', 600, '2030-01-01', 'Not Allowed', 'Not Allowed'
      from generate_series(1, ${SITEMAP_MAX_URLS}) as n`.execute(ctx.db);
    const index = await ctx.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] as string).replace(ORIGIN, ''));
    expect(files[0]).toBe('/sitemaps/pages.xml');
    expect(files.slice(1).every((f) => /^\/sitemaps\/listings-\d+\.xml$/.test(f))).toBe(true);

    const pages = await ctx.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain(`<loc>${ORIGIN}/pricing</loc>`);
    expect(pages.body).not.toContain('/rooms/');

    const publicCount = (await ctx.db.selectFrom('listings').select(sql<number>`count(*)::int`.as('n')).where(sql<boolean>`status = 'Available' and expires_at > now()`).executeTakeFirstOrThrow()).n;
    let listed = 0;
    const seen = new Set<string>();
    for (const file of files.slice(1)) {
      const res = await ctx.inject({ method: 'GET', url: file });
      expect(res.statusCode).toBe(200);
      const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      for (const loc of locs) seen.add(loc);
      listed += locs.length;
    }
    expect(listed).toBe(Number(publicCount));
    expect(seen.size).toBe(listed);
    expect(seen.has(`${ORIGIN}${ROUTES.room(room)}`)).toBe(true);
    expect(seen.has(`${ORIGIN}${ROUTES.room(hidden)}`)).toBe(false);
  }, 120_000);
});
