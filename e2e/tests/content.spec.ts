import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONTACT_TEXTS, TEXTS, TOAST } from '@roomnest/shared';
import { toast } from '../support/app.ts';

/** Every static route (docs/product.md, Routes and guards): main heading, document title, and a sentence of its own content. */
const STATIC_PAGES = [
  ['/about-us', 'About RoomNest', 'About us', /More than 50,000 people now use RoomNest/],
  ['/careers', 'Careers at RoomNest', 'Careers', /Email your CV and a few lines/],
  ['/press', 'Press room', 'Press', /We aim to reply to media enquiries on the same working day/],
  ['/faq', 'Frequently asked questions', 'FAQ', /Quick answers for tenants, flatmates and landlords/],
  ['/safety', 'Staying safe while you rent', 'Safety', /Never pay for a room you have not seen/],
  ['/advice', 'Renting advice', 'Advice', /keep rent to around a third of your take-home pay/],
  ['/advertiser-tips', 'Advertiser tips', 'Advertiser tips', /these twelve tips come from what we see work/],
  ['/sitemap', 'Sitemap', 'Sitemap', /Everything else on the site is listed below/],
  ['/news', 'RoomNest news', 'News', /Product updates, market analysis, guides and company news/],
  ['/accessibility', 'Accessibility statement', 'Accessibility', /WCAG\) 2\.1 at level AA/],
  ['/terms-conditions', 'Terms and conditions', 'Terms and conditions', /Service fees are non-refundable unless stated otherwise/],
  ['/privacy-policy', 'Privacy policy', 'Privacy policy', /RoomNest is not for anyone under 18/],
  ['/contact-us', 'Contact us', 'Contact us', /Other ways to reach us/],
  ['/blog', 'The RoomNest blog', 'Blog', /Practical guides for renters, flatmates and landlords/],
  ['/pricing', 'Plans and pricing', 'Pricing', /Annual billing saves 20%/],
] as const;

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => main(page).getByRole('heading', { level: 1 });

test.describe('static pages', () => {
  for (const [path, heading, title, content] of STATIC_PAGES) {
    test(`${path} renders its content and its title`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page)).toHaveText(heading);
      await expect(page).toHaveTitle(`${title} | RoomNest`);
      await expect(main(page).getByText(content).first()).toBeVisible();
      await expect(page.getByText(TEXTS.notFound)).toHaveCount(0);
    });
  }

  test('the terms have eight numbered sections, the date and a working contents list', async ({ page }) => {
    await page.goto('/terms-conditions');
    await expect(main(page).getByText('Last updated 14 May 2025')).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(8);
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await contents.getByRole('link', { name: /Plans, payments and refunds/ }).click();
    await expect(page).toHaveURL(/\/terms-conditions#payments$/);
    await expect(main(page).getByRole('heading', { level: 2, name: '5. Plans, payments and refunds' })).toBeInViewport();
  });

  test('the privacy policy has nine sections with the data rights', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(main(page).getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(9);
    const rights = page.getByRole('region', { name: '7. Your rights' });
    for (const right of ['access', 'correct', 'delete', 'object', 'port']) await expect(rights.getByText(right, { exact: true })).toBeVisible();
  });

  test('the FAQ answers open like an accordion and say listings stay active for 30 days', async ({ page }) => {
    await page.goto('/faq');
    const question = page.getByRole('button', { name: 'How long does my listing stay active?' });
    const answer = page.getByText('Standard listings stay active for 30 days.');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
  });

  test('advertiser tips: three groups of four, linking to pricing, safety advice and contact', async ({ page }) => {
    await page.goto('/advertiser-tips');
    for (const group of ['Listing quality', 'Managing inquiries', 'Successful rentals'])
      await expect(page.getByRole('region', { name: group }).getByRole('listitem')).toHaveCount(4);
    for (const href of ['/pricing', '/safety-advice', '/contact-us']) await expect(main(page).locator(`a[href="${href}"]`)).toHaveCount(1);
  });

  test('the sitemap has the five groups', async ({ page }) => {
    await page.goto('/sitemap');
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(['Find & List', 'About Us', 'Help & Support', 'Resources', 'Legal']);
  });
});

/** Links the shell redirects (links of the original design that had no page: docs/product.md, Routes and guards): where they must land. */
const SHELL_REDIRECTS: Record<string, { url: RegExp; heading: string }> = {
  '/safety-advice': { url: /\/safety$/, heading: 'Staying safe while you rent' },
  '/signup': { url: /\/register$/, heading: 'Create your account' },
};

const hrefsIn = (where: Locator) => where.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

test('the sitemap and the footer have no dead links', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/sitemap');
  await expect(h1(page)).toHaveText('Sitemap');
  const sitemap = await hrefsIn(main(page));
  const footer = await hrefsIn(page.getByRole('contentinfo'));
  expect(sitemap.length).toBeGreaterThanOrEqual(20);
  expect(footer.length).toBeGreaterThanOrEqual(17);
  expect(sitemap).toContain('/safety-advice');
  const targets = [...new Set([...sitemap, ...footer])];

  for (const href of targets) {
    await test.step(href, async () => {
      await page.goto(href);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading).toBeVisible();
      const redirect = SHELL_REDIRECTS[href];
      if (redirect) {
        await expect(page).toHaveURL(redirect.url);
        await expect(heading).toHaveText(redirect.heading);
      }
      await expect(page.getByText(TEXTS.notFound)).toHaveCount(0);
      await expect(page.getByText(TEXTS.remoteUnavailable)).toHaveCount(0);
    });
  }
});

test('the advertiser tips link to safety advice reaches the safety page', async ({ page }) => {
  await page.goto('/advertiser-tips');
  await main(page).getByRole('link', { name: 'safety advice' }).click();
  await expect(page).toHaveURL(/\/safety$/);
  await expect(h1(page)).toHaveText('Staying safe while you rent');
});

test.describe('blog', () => {
  test('lists the three posts and opens one with its breadcrumb', async ({ page }) => {
    await page.goto('/blog');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('22 Apr 2025');
    await expect(cards.first()).toContainText('Hannah Fletcher');
    await main(page).getByRole('link', { name: 'Read more: Top Tips for Finding the Perfect Flatmate' }).click();
    await expect(page).toHaveURL(/\/blog\/tips-finding-flatmate$/);
    await expect(h1(page)).toHaveText('Top Tips for Finding the Perfect Flatmate');
    await expect(page).toHaveTitle('Top Tips for Finding the Perfect Flatmate | RoomNest');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Blog', 'Top Tips for Finding the Perfect Flatmate']);
    await crumbs.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  for (const [slug, title] of [
    ['understanding-tenancy-agreement', 'Understanding Your Tenancy Agreement'],
    ['landlord-essentials-property-prep', 'Landlord Essentials: Preparing Your Property for Tenants'],
  ] as const) {
    test(`/blog/${slug} renders the full post`, async ({ page }) => {
      await page.goto(`/blog/${slug}`);
      await expect(h1(page)).toHaveText(title);
      expect(await main(page).getByRole('article').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    });
  }

  test("an unknown post shows 'Post Not Found' with a way back", async ({ page }) => {
    await page.goto('/blog/no-such-post');
    await expect(h1(page)).toHaveText(TEXTS.blogPostNotFound);
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('news', () => {
  test('an article opens from the list, with its image', async ({ page }) => {
    await page.goto('/news');
    await expect(main(page).getByRole('article')).toHaveCount(3);
    await main(page).getByRole('link', { name: 'East London room rents: what our spring 2025 listings tell us' }).click();
    await expect(page).toHaveURL(/\/news\/2$/);
    await expect(h1(page)).toHaveText('East London room rents: what our spring 2025 listings tell us');
    const image = main(page).getByRole('article').getByRole('img');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a deep link to an article works', async ({ page }) => {
    await page.goto('/news/1');
    await expect(h1(page)).toHaveText('RoomNest reaches 50,000 active users and expands to Manchester and Birmingham');
    await expect(page).toHaveTitle(/^RoomNest reaches 50,000 active users/);
  });

  test('the categories filter the list; an empty category says so', async ({ page }) => {
    await page.goto('/news');
    const categories = page.getByRole('navigation', { name: 'News categories' });
    await categories.getByRole('link', { name: /^Product Updates/ }).click();
    await expect(page).toHaveURL(/\/news\/category\/product-updates$/);
    await expect(h1(page)).toHaveText('Product Updates');
    await expect(main(page).getByRole('article')).toHaveCount(1);
    await categories.getByRole('link', { name: /^Community/ }).click();
    await expect(h1(page)).toHaveText('Community');
    await expect(main(page).getByText('No Community stories yet')).toBeVisible();
    await categories.getByRole('link', { name: /^All News/ }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(main(page).getByRole('article')).toHaveCount(3);
  });

  test('an unknown article or category is not found', async ({ page }) => {
    await page.goto('/news/99');
    await expect(h1(page)).toHaveText('Article Not Found');
    await page.goto('/news/category/gossip');
    await expect(h1(page)).toHaveText('Category Not Found');
    await page.getByRole('link', { name: 'See all news' }).click();
    await expect(page).toHaveURL(/\/news$/);
  });
});

test.describe('contact form', () => {
  test('all fields are required; a valid message gets a thank-you toast, clears the form and sends nothing', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Email address')).toHaveAttribute('type', 'email');
    const api: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request.url());
    });

    await form.getByRole('button', { name: 'Send message' }).click();
    for (const message of [CONTACT_TEXTS.nameRequired, TEXTS.emailRequired, CONTACT_TEXTS.subjectRequired, CONTACT_TEXTS.messageRequired])
      await expect(form.getByText(message)).toBeVisible();

    await form.getByLabel('Your name').fill('Priya Shah');
    await form.getByLabel('Email address').fill('priya@example.co.uk');
    await form.getByLabel('Subject').fill('Renewing my listing');
    await form.getByLabel('Message').fill('How do I renew my listing once it has expired?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, CONTACT_TEXTS.thanks('Priya Shah'))).toBeVisible();
    for (const label of ['Your name', 'Email address', 'Subject', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
    expect(api).toEqual([]);
  });

  test('the thank-you toast stays at least the application-level 3 seconds, and waits while focused or pointed at', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Your name').fill('Priya Shah');
    await form.getByLabel('Email address').fill('priya@example.co.uk');
    await form.getByLabel('Subject').fill('Renewing my listing');
    await form.getByLabel('Message').fill('How do I renew my listing once it has expired?');
    await form.getByRole('button', { name: 'Send message' }).click();

    const thanks = page.locator('.Toastify__toast').filter({ hasText: CONTACT_TEXTS.thanks('Priya Shah') });
    await expect(thanks).toBeVisible();
    const progress = thanks.locator('.Toastify__progress-bar');
    // The pointer comes to the toast from elsewhere (the Send button may lie under it): the toast waits.
    await page.mouse.move(900, 100);
    const box = await thanks.boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(progress).toHaveCSS('animation-play-state', 'paused');
    // The toast closes when its progress bar's animation ends: react-toastify sets its duration to the toast's autoClose.
    const duration = await progress.evaluate((el) => (el as HTMLElement).style.animationDuration);
    expect(duration).toMatch(/^\d+ms$/);
    expect(parseFloat(duration)).toBeGreaterThanOrEqual(TOAST.appDurationMs);

    // Focus in the toast keeps it waiting after the pointer has left; it runs again once focus leaves.
    await thanks.getByRole('button', { name: /close/i }).focus();
    await page.mouse.move(900, 100);
    await expect(progress).toHaveCSS('animation-play-state', 'paused');
    await page.getByRole('main').getByRole('heading', { level: 1 }).focus();
    await expect(progress).toHaveCSS('animation-play-state', 'running');
  });
});

test.describe('press room', () => {
  const KIT = [
    ['Brand Guidelines', 'roomnest-brand-guidelines.pdf', '%PDF-'],
    ['Logo Package', 'roomnest-logo-package.zip', 'PK\x03\x04'],
    ['Media Photos', 'roomnest-media-photos.zip', 'PK\x03\x04'],
  ] as const;

  test('press releases link to their articles, and the contact card is there', async ({ page }) => {
    await page.goto('/press');
    await expect(page.getByRole('region', { name: 'Press releases' }).getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Press contact' })).toContainText('Charlotte Davies');
    await page.getByRole('link', { name: /^Read the full release: Rooms near the Elizabeth line/ }).click();
    await expect(page).toHaveURL(/\/news\/2$/);
    await expect(h1(page)).toHaveText('East London room rents: what our spring 2025 listings tell us');
  });

  for (const [name, fileName, magic] of KIT) {
    test(`the ${name} download arrives as a valid ${fileName.split('.').pop()?.toUpperCase()}`, async ({ page }) => {
      await page.goto('/press');
      const link = page.getByRole('region', { name: 'Media kit' }).getByRole('link', { name: new RegExp(`^Download ${name} `) });
      await expect(link).toHaveAttribute('download', fileName);
      // Served from mf-content's own versioned build, so each release carries its kit.
      await expect(link).toHaveAttribute('href', /\/store\/mf-content\/[^/]+\/assets\//);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(fileName);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
      expect(bytes.length).toBeGreaterThan(10_000);
      expect(bytes.length).toBeLessThan(200 * 1024);
      if (fileName.endsWith('.pdf')) expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
      else expect(bytes.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'))).toBeGreaterThan(0);
    });
  }
});
