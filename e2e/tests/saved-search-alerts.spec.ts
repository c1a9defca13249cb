/**
 * Saved searches end to end, on the real server and its job queue: a tenant searches, saves the search as
 * Instant through the Save this search dialog, a landlord posts a matching room through the real Post Ad
 * form, the alert email arrives in the outbox (ALERT_DELAY_SECONDS is 1 on the e2e server) naming the room,
 * with one-click unsubscribe headers, and its link opens the room's page. A visitor pressing Save this
 * search logs in and comes back to the same search with the dialog open.
 */
import { expect, test, type Page } from '@playwright/test';
import { SAVED_TEXTS } from '@roomnest/shared';
import { bearer, logInThroughUi, logInWithStorage, member, registerAccount, toast } from '../support/app.ts';
import { emailsTo, type OutboxEmail } from '../support/outbox.ts';
import { colourPhoto } from '../support/photos.ts';

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const filters = (page: Page) => page.getByRole('search', { name: 'Filter rooms' });
/** A street no seeded or other test's listing has, so that this search matches the room posted here alone. */
const uniqueStreet = () => `Wrenfield ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)} Road`;

test.describe('saved search alerts', () => {
  test.setTimeout(120_000);

  test('a tenant saves a search as Instant; a landlord posts a matching room; the alert email links to it', async ({ page, browser, request }) => {
    const street = uniqueStreet();
    const tenant = await member(request, 'Tenant', 'Priya Shah');
    await logInWithStorage(page, request, tenant, '/rooms');

    // --- Search: this street in London, doubles up to £900.
    await filters(page).getByLabel('City, area or postcode', { exact: true }).fill('London');
    await filters(page).getByLabel('Area or street', { exact: true }).fill(street);
    await filters(page).getByLabel('Max rent (£)', { exact: true }).fill('900');
    await filters(page).getByLabel('Room type', { exact: true }).selectOption('Double');
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/maxPrice=900/);
    await expect(page.getByRole('heading', { level: 2, name: 'No rooms found' })).toBeVisible();

    // --- Save it: the name comes from the criteria; Instant is the first choice.
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    const words = `Double rooms in ${street}, London, up to £900 a month`;
    await expect(dialog.getByLabel('Name')).toHaveValue(words);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Name').fill(`Doubles on ${street}`);
    await dialog.getByRole('radio', { name: /^Instant/ }).check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(toast(page, SAVED_TEXTS.searchSaved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save this search' })).toBeFocused();

    // The toast's link: the Saved searches page lists it.
    await toast(page, SAVED_TEXTS.searchSaved).getByRole('link', { name: 'See your saved searches' }).click();
    await expect(page).toHaveURL(/\/saved-searches$/);
    const saved = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Doubles on ${street}` }) });
    await expect(saved.getByText(words)).toBeVisible();
    await expect(saved.getByLabel('Email alerts')).toHaveValue('instant');
    await expect(saved.getByText('No emails sent yet')).toBeVisible();

    // --- A landlord posts a matching room through the Post Ad form, with a cover photo.
    const title = `Sunny double on ${street}`;
    const landlord = await registerAccount(request, 'Landlord', 'Tom Okafor');
    const landlordContext = await browser.newContext();
    const landlordPage = await landlordContext.newPage();
    await logInWithStorage(landlordPage, landlordContext.request, landlord, '/post-ad');
    const form = landlordPage.getByRole('form', { name: 'Post a room' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Address').fill(`12 ${street}, Hackney`);
    await form.getByLabel('City').fill('London');
    await form.getByLabel('State / county').fill('Greater London');
    await form.getByLabel('Postcode').fill('E8 1DY');
    await form.getByLabel('Room type').selectOption('Double');
    await form.getByLabel('Rent per month (£)').fill('850');
    await form.getByLabel('Available date').fill(isoInDays(14));
    await form.getByLabel('Add photos').setInputFiles(await colourPhoto('blue'));
    await expect(form.getByRole('button', { name: /^Photo 1 of 1: blue\.jpg/ })).toBeVisible();
    await form.getByRole('button', { name: 'Post your ad' }).click();
    await expect(toast(landlordPage, 'Your room has been listed.')).toBeVisible();
    await expect(landlordPage).toHaveURL(/\/rooms\/\d+$/);
    const listingId = Number(new URL(landlordPage.url()).pathname.split('/').pop());
    await landlordContext.close();

    // --- The alert: one email to the tenant naming the room, its rent and place, with its cover and link.
    let alert: OutboxEmail | undefined;
    await expect
      .poll(() => (alert = emailsTo(tenant.email).find((e) => e.text.includes(title))), { timeout: 30_000, message: 'the alert email in the outbox' })
      .toBeTruthy();
    const email = alert!;
    expect(email.text).toContain('£850');
    expect(email.html).toContain(title);
    expect(email.html).toMatch(/<img[^>]+src="https?:\/\/[^"]+\/uploads\/[^"]+"/);
    expect(email.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = new RegExp(`https?://[^\\s"<>]+/rooms/${listingId}\\b`).exec(email.text)?.[0];
    expect(link, 'the room link in the email').toBeTruthy();

    // Its link opens the room's page.
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The Saved searches page says when it last emailed.
    await page.goto('/saved-searches');
    await expect(saved.getByText(/^Last emailed on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  });

  test('a visitor pressing Save this search logs in and comes back to the same search with the dialog open', async ({ page, request }) => {
    const street = uniqueStreet();
    const tenant = await registerAccount(request, 'Tenant', 'Owen Hughes');
    const search = `/rooms?city=London&address=${encodeURIComponent(street).replace(/%20/g, '+')}&roomType=Single`;
    await page.goto(search);
    await expect(page.getByRole('heading', { level: 2, name: 'No rooms found' })).toBeVisible();
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Please log in to save this search.')).toBeVisible();

    await logInThroughUi(page, tenant);
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toBeVisible();
    // Back on the same search, the wish to save taken out of the address.
    await expect(page).toHaveURL(new RegExp(`${search.replace(/[?+]/g, '\\$&')}$`));
    await expect(dialog.getByLabel('Name')).toHaveValue(`Single rooms in ${street}, London`);
    await dialog.getByRole('radio', { name: /^Daily digest/ }).check();
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(toast(page, SAVED_TEXTS.searchSaved)).toBeVisible();

    // My Profile's notifications section shows it and its frequency.
    await page.goto('/my-flatmate-profile#notifications');
    const notifications = page.getByRole('region', { name: 'Email notifications' });
    await expect(notifications.getByRole('listitem').filter({ hasText: `Single rooms in ${street}, London` })).toContainText('Daily digest');
    await expect(notifications).toBeInViewport();
  });

  test('from the keyboard: Escape closes the dialog back onto its button, arrows choose the frequency, Enter saves', async ({ page, request }) => {
    const street = uniqueStreet();
    const tenant = await member(request, 'Tenant', 'Aisha Rahman');
    await logInWithStorage(page, request, tenant, `/rooms?city=London&address=${encodeURIComponent(street).replace(/%20/g, '+')}`);
    const button = page.getByRole('button', { name: 'Save this search' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: /^Instant/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /^Daily digest/ })).toBeChecked();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(toast(page, SAVED_TEXTS.searchSaved)).toBeVisible();
    await expect(button).toBeFocused();

    const res = await request.get('/api/saved-searches', { headers: bearer(tenant) });
    const { savedSearches } = (await res.json()) as { savedSearches: { Name: string; Frequency: string; Criteria: Record<string, unknown> }[] };
    expect(savedSearches).toEqual([expect.objectContaining({ Name: `Rooms in ${street}, London`, Frequency: 'daily', Criteria: { city: 'London', address: street } })]);
  });
});
