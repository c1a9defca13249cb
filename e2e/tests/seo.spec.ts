/**
 * Pages as crawlers and link previews see them: the raw HTML the production server answers, read
 * without running any JavaScript (Playwright's request), and in the browser the title the shell and
 * the remotes set on navigation, which must be the one the server wrote.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BLOG_POST_META } from '@roomnest/shared';
import { member, postRoom } from '../support/app.ts';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] as string);

/** A page's raw HTML as a crawler gets it, and the tags it reads. */
async function crawl(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const first = (re: RegExp) => {
    const m = re.exec(html);
    return m ? unescape(m[1] as string) : null;
  };
  const meta = (attr: string, key: string) => first(new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`));
  return {
    status: res.status(),
    html,
    title: first(/<title>([^<]*)<\/title>/),
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: first(/<link rel="canonical" href="([^"]*)">/),
    ogTitle: meta('property', 'og:title'),
    ogImage: meta('property', 'og:image'),
    ogUrl: meta('property', 'og:url'),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string)),
  };
}

test.describe('pages as crawlers see them', () => {
  test('each page’s HTML carries its own title, description, canonical and preview tags', async ({ request, baseURL }) => {
    const landlord = await member(request, 'Landlord');
    const title = `Sunny double & "quiet" <study> ${Date.now()}`;
    const room = await postRoom(request, landlord, { Title: title, Rent: '875' });

    const roomPage = await crawl(request, `/rooms/${room}`);
    expect(roomPage.status).toBe(200);
    expect(roomPage.title).toBe(`${title} | RoomNest`);
    expect(roomPage.description).toMatch(/^Double room in .*London for £875 a month/);
    expect(roomPage.canonical).toBe(`${baseURL}/rooms/${room}`);
    expect(roomPage.ogUrl).toBe(roomPage.canonical);
    expect(roomPage.robots).toBeNull();
    expect(roomPage.html).not.toContain('<study>');
    expect(roomPage.jsonLd).toHaveLength(1);
    expect(roomPage.jsonLd[0]).toMatchObject({ '@type': 'Offer', price: 875, priceCurrency: 'GBP', itemOffered: { '@type': 'Room', name: title } });
    // A room without photos is previewed with the site's image, which the shell's build publishes.
    expect(roomPage.ogImage).toMatch(new RegExp(`^${baseURL}/store/shell/[^/]+/og-default\\.png$`));
    const image = await request.get(roomPage.ogImage as string);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    const post = BLOG_POST_META[0];
    for (const [path, expected, canonical] of [
      ['/', 'Rooms and flatmates to rent in London | RoomNest', `${baseURL}/`],
      ['/pricing', 'Pricing | RoomNest', `${baseURL}/pricing`],
      [`/blog/${post.slug}`, `${post.title} | RoomNest`, `${baseURL}/blog/${post.slug}`],
    ] as const) {
      const page = await crawl(request, path);
      expect([path, page.status, page.title, page.canonical, page.robots]).toEqual([path, 200, expected, canonical, null]);
      expect(page.description?.length).toBeGreaterThan(40);
    }

    const privatePage = await crawl(request, '/messages');
    expect(privatePage.robots).toBe('noindex');
    const missing = await crawl(request, '/no-such-page');
    expect([missing.status, missing.title, missing.robots]).toEqual([404, 'Page not found | RoomNest', 'noindex']);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/rooms/${room}</loc>`);
    expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('in the browser, the title on each navigation is the one the server wrote', async ({ page, request }) => {
    const serverTitle = async (path: string) => (await crawl(request, path)).title;
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans and pricing');
    await expect(page).toHaveTitle((await serverTitle('/pricing')) as string);

    await page.locator('a[href="/flatmates"]').first().click();
    await expect(page).toHaveURL(/\/flatmates$/);
    await expect(page).toHaveTitle((await serverTitle('/flatmates')) as string);

    await page.locator('a[href="/blog"]').first().click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle((await serverTitle('/blog')) as string);
    const slug = BLOG_POST_META[1].slug;
    await page.locator(`a[href="/blog/${slug}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(BLOG_POST_META[1].title);
    await expect(page).toHaveTitle((await serverTitle(`/blog/${slug}`)) as string);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe((await crawl(request, `/blog/${slug}`)).description);
  });
});
