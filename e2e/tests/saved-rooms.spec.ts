/**
 * Saved rooms through the real UI and server: a tenant hearts rooms on search cards and on a room page, finds them
 * on the Saved rooms page newest first and removes one; a visitor's heart is carried through logging in.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Listing } from '@roomnest/shared';
import { bearer, logInThroughUi, logInWithStorage, mainNav, member, postRoom, toast } from '../support/app.ts';

const SEARCH = '/rooms?city=Manchester';

const cardsOf = (page: Page) => page.getByRole('list', { name: 'Rooms' }).getByRole('article');
const titlesOf = async (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('heading', { level: 3 }).allInnerTexts();

test('a tenant saves two rooms from search and one from its page, then finds them newest first and removes one', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Sasha Saver');
  await logInWithStorage(page, request, tenant, SEARCH);
  await expect(cardsOf(page).first()).toBeVisible();
  const titles = await cardsOf(page).getByRole('heading', { level: 3 }).allInnerTexts();
  expect(titles.length).toBeGreaterThanOrEqual(3);

  // By card: demo rooms may share a title.
  for (const index of [0, 1]) {
    const heart = cardsOf(page).nth(index).getByRole('button', { name: 'Save room' });
    await expect(heart).toHaveAccessibleDescription(titles[index]!);
    await heart.click();
    await expect(cardsOf(page).nth(index).getByRole('button', { name: 'Remove from saved rooms' })).toHaveAttribute('aria-pressed', 'true');
  }
  // The hearts saved without opening a room.
  await expect(page).toHaveURL(/\/rooms\?city=Manchester$/);

  // The third from its own page.
  await cardsOf(page).nth(2).getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles[2] })).toBeVisible();
  const detailHeart = page.getByRole('button', { name: 'Save room', description: titles[2] });
  await detailHeart.click();
  await expect(page.getByRole('button', { name: 'Remove from saved rooms', description: titles[2] })).toHaveAttribute('aria-pressed', 'true');

  await mainNav(page).getByRole('link', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved rooms' })).toBeFocused();
  await expect.poll(() => titlesOf(page, 'Saved rooms')).toEqual([titles[2], titles[1], titles[0]]);
  await expect(page.getByText('3 rooms, most recently saved first')).toBeVisible();

  // Each card still opens its room.
  const saved = page.getByRole('list', { name: 'Saved rooms' }).getByRole('article');
  await expect(saved.first().getByRole('link', { name: 'View Details' })).toHaveAttribute('href', /^\/rooms\/\d+$/);

  await saved.nth(1).getByRole('button', { name: 'Remove from saved rooms' }).click();
  await expect.poll(() => titlesOf(page, 'Saved rooms')).toEqual([titles[2], titles[0]]);
  // The server agrees: the list read afresh says the same.
  await page.reload();
  await expect.poll(() => titlesOf(page, 'Saved rooms')).toEqual([titles[2], titles[0]]);
  const answer = (await (await request.get('/api/saved-listings', { headers: bearer(tenant) })).json()) as { listings: Listing[] };
  expect(answer.listings.map((l) => l.Title)).toEqual([titles[2], titles[0]]);
});

test('a room that is let agreed stays on the list, says so and has no link', async ({ page, request }) => {
  const landlord = await member(request, 'Landlord', 'Lee Landlord');
  const tenant = await member(request, 'Tenant', 'Tara Tenant');
  const title = `Room let soon ${Date.now()}`;
  const listingId = await postRoom(request, landlord, { Title: title, Rent: '800' });
  expect((await request.put(`/api/saved-listings/${listingId}`, { headers: bearer(tenant) })).status()).toBe(200);
  expect((await request.patch(`/api/listings/${listingId}/status`, { headers: bearer(landlord), data: { Status: 'Pending' } })).status()).toBe(200);

  await logInWithStorage(page, request, tenant, '/saved');
  const card = page.getByRole('list', { name: 'Saved rooms' }).getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Let agreed')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Remove from saved rooms' })).toHaveAttribute('aria-pressed', 'true');
});

test('a visitor who presses a heart logs in and comes back to the same page with the room saved', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Vic Visitor');
  await page.goto(SEARCH);
  await expect(cardsOf(page).first()).toBeVisible();
  const card = cardsOf(page).nth(1);
  const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
  await card.getByRole('button', { name: 'Save room' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Log in to save rooms.')).toBeVisible();

  await logInThroughUi(page, tenant);
  // Back on the search, the intent acted on once and gone from the address.
  await expect(page).toHaveURL(/\/rooms\?city=Manchester$/);
  await expect(toast(page, /^Room saved\.$/)).toBeVisible();
  await expect(cardsOf(page).nth(1).getByRole('button', { name: 'Remove from saved rooms' })).toHaveAttribute('aria-pressed', 'true');
  const answer = (await (await request.get('/api/saved-listings', { headers: bearer(tenant) })).json()) as { listings: Listing[] };
  expect(answer.listings.map((l) => l.Title)).toEqual([title]);
});

test('a visitor who opens Saved rooms is asked to log in first', async ({ page }) => {
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/login$/);
});
