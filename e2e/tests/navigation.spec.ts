import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInWithStorage, mainNav, registerAccount, toast } from '../support/app.ts';

/** The nav's items once it shows the last one expected (Register when logged out, Log Out when logged in). */
const linksOf = async (page: Page, last: string) => {
  await expect(mainNav(page).getByRole('listitem').last()).toHaveText(last);
  return (await mainNav(page).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
};

test.describe('navigation bar', () => {
  test('a visitor sees Find a Room, Flatmates, Pricing, Blog, Login, Register', async ({ page }) => {
    await page.goto('/pricing');
    expect(await linksOf(page, 'Register')).toEqual(['Find a Room', 'Flatmates', 'Pricing', 'Blog', 'Login', 'Register']);
    await expect(mainNav(page).getByRole('link', { name: 'Find a Room' })).toHaveAttribute('href', '/find-a-room');
  });

  test('a tenant sees Messages and List My Profile, and no landlord links', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/pricing');
    expect(await linksOf(page, 'Log Out')).toEqual(['Find a Room', 'Flatmates', 'Pricing', 'Saved', 'Messages', 'List My Profile', 'Log Out']);
    await expect(mainNav(page).getByRole('link', { name: 'List My Profile' })).toHaveAttribute('href', '/my-flatmate-profile');
  });

  test('a landlord also sees List Your Ad and Manage My Ads, and My Profile', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/pricing');
    expect(await linksOf(page, 'Log Out')).toEqual(['Find a Room', 'Flatmates', 'Pricing', 'List Your Ad', 'Manage My Ads', 'Saved', 'Messages', 'My Profile', 'Log Out']);
    await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toHaveAttribute('href', '/post-ad');
    await expect(mainNav(page).getByRole('link', { name: 'Manage My Ads' })).toHaveAttribute('href', '/my-listings');
  });
});

test.describe('footer', () => {
  const footerLinks = ['/about-us', '/careers', '/press', '/blog', '/rooms', '/flatmates', '/contact-us', '/faq', '/safety', '/advice', '/terms-conditions', '/privacy-policy', '/advertiser-tips', '/pricing', '/news', '/sitemap', '/accessibility'];

  test('links every footer page, and Post an Ad goes to /register when logged out', async ({ page }) => {
    await page.goto('/pricing');
    const footer = page.getByRole('contentinfo');
    for (const href of footerLinks) await expect(footer.locator(`a[href="${href}"]`).first()).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Post an Ad' })).toHaveAttribute('href', '/register');
    const external = footer.locator('a[target="_blank"]');
    expect(await external.count()).toBeGreaterThanOrEqual(4);
    for (const rel of await external.evaluateAll((els) => els.map((e) => e.getAttribute('rel') ?? ''))) expect(rel).toContain('noopener');
  });

  test('Post an Ad goes to /post-ad when logged in', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/pricing');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Post an Ad' })).toHaveAttribute('href', '/post-ad');
  });
});

test.describe('guards', () => {
  for (const path of ['/post-ad', '/my-listings', '/rooms/1/edit', '/my-flatmate-profile', '/messages', '/messages/chat/2']) {
    test(`a visitor on ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      if (path.startsWith('/messages')) await expect(toast(page, TEXTS.messagesLoginRequired)).toBeVisible();
    });
  }

  test('a visitor sent to /login returns to the page after logging in', async ({ page }) => {
    await page.goto('/my-listings');
    await expect(page).toHaveURL(/\/login$/);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(DEMO_ACCOUNTS.landlord.email);
    await form.getByLabel('Password').fill(DEMO_ACCOUNTS.landlord.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/my-listings$/);
  });

  test('a tenant on /post-ad gets Access Denied and goes to /', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/post-ad');
    await expect(toast(page, TEXTS.accessDenied)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, TEXTS.accessDenied)).toHaveCount(1);
  });

  test('a tenant on /rooms/{id}/edit gets Access Denied and goes to /', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/rooms/1/edit');
    await expect(toast(page, TEXTS.accessDenied)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a tenant on /my-listings is told only landlords can manage ads', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/my-listings');
    await expect(toast(page, TEXTS.myListingsDenied)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a landlord reaches /post-ad and a tenant reaches /messages', async ({ browser, request }) => {
    const landlord = await browser.newPage();
    await logInWithStorage(landlord, request, DEMO_ACCOUNTS.landlord, '/post-ad');
    await expect(landlord).toHaveURL(/\/post-ad$/);
    await expect(landlord.getByRole('heading', { level: 1 })).toBeVisible();
    const tenant = await browser.newPage();
    await logInWithStorage(tenant, request, DEMO_ACCOUNTS.tenant, '/messages');
    await expect(tenant).toHaveURL(/\/messages$/);
    await expect(tenant.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('404', () => {
  for (const path of ['/no-such-page', '/account/settings', '/rooms/1/edit/extra']) {
    test(`${path} answers 404 and shows the not-found page with a home link`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(TEXTS.notFound)).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: /home/i }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test.describe('HTTP status of pages that do not exist', () => {
  test("an unknown blog post answers 404 and still shows 'Post Not Found'", async ({ page }) => {
    const response = await page.goto('/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(TEXTS.blogPostNotFound);
    expect((await page.goto('/blog/tips-finding-flatmate'))?.status()).toBe(200);
  });

  for (const path of ['/rooms/2000000000', '/rooms/abc']) {
    test(`${path} answers 404 and still shows 'Room not found.'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('main').getByRole('heading', { name: TEXTS.roomNotFound })).toBeVisible();
    });
  }

  test("a room that is public answers 200; once its owner sets it Pending it answers 404, and the owner still sees it", async ({ page, request }) => {
    const landlord = await registerAccount(request, 'Landlord', 'Petra Pending');
    const login = await request.post('/api/auth/login', { data: { Email: landlord.email, Password: landlord.password } });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const posted = await request.post('/api/listings', {
      headers: auth,
      multipart: {
        Title: 'Quiet single room off Mare Street',
        Address: '4 Mare Street, Hackney',
        City: 'London',
        State: 'Greater London',
        ZipCode: 'E8 4RP',
        RoomType: 'Single',
        Rent: '700',
        AvailableDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const id = ((await posted.json()) as { listingId: number }).listingId;
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });

    expect((await page.goto(`/rooms/${id}`))?.status()).toBe(200);
    await expect(heading).toHaveText('Quiet single room off Mare Street');

    const pending = await request.patch(`/api/listings/${id}/status`, { headers: auth, data: { Status: 'Pending' } });
    expect(pending.status(), await pending.text()).toBe(200);
    expect((await page.goto(`/rooms/${id}`))?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { name: TEXTS.roomNotFound })).toBeVisible();

    // The owner's browser asks the API with the owner's token: the same page shows the listing.
    await logInWithStorage(page, request, landlord, `/rooms/${id}`);
    await expect(heading).toHaveText('Quiet single room off Mare Street');
  });
});
