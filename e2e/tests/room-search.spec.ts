/**
 * Room search as a visitor uses it on a desktop: a place typed in the Home
 * search box or in the filters of /rooms (a city, an area, a street, a
 * postcode or its district) finds the rooms there and the page says what it
 * understood; a sort order applies as soon as it is chosen. Against the demo
 * data (2,400 rooms, about 200 of them in Hackney). The phone layout is in
 * room-search-phone.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';

const filters = (page: Page) => page.getByRole('search', { name: 'Filter rooms' });
const results = (page: Page) => page.locator('section[aria-labelledby="room-results-heading"]');
/** The results' heading ("42 rooms found"); an unknown place adds a heading of its own, also ending in "found". */
const resultCount = (page: Page) => page.locator('#room-results-heading');
const cards = (page: Page) => page.getByRole('list', { name: 'Rooms' }).getByRole('article');
const rents = async (page: Page) => (await cards(page).locator('strong').allInnerTexts()).map((t) => Number(t.replace(/[£,]/g, '')));
/** The rooms found, as the heading counts them ("1,000+" counts as 1,000). */
const found = async (page: Page) => Number((await resultCount(page).innerText()).replace(/[^\d]/g, ''));

/** Waits until the results for the current URL are in. */
async function settled(page: Page) {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(resultCount(page)).toBeVisible();
}

test.describe('search by place', () => {
  test('"Hackney" typed in the Home search box finds the rooms in Hackney and says so', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('search', { name: 'Search rooms and flatmates' });
    await box.getByLabel('Location').fill('Hackney');
    await box.getByRole('button', { name: 'Search rooms' }).click();
    await expect(page).toHaveURL(/\/rooms\?city=Hackney$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Hackney, London' })).toBeVisible();
    await expect(page).toHaveTitle('Rooms in Hackney, London | RoomNest');
    await settled(page);
    expect(await found(page)).toBeGreaterThan(150);
    // Every room on the page is in Hackney: "14 Mare Street, Hackney, London".
    const addresses = await cards(page).getByText(/, London$/).allInnerTexts();
    expect(addresses).toHaveLength(24);
    for (const address of addresses) expect(address).toMatch(/, Hackney, London$/);
  });

  test('"Hackney" typed in the filters of /rooms does the same; a district, a street and a postcode too; an unknown place says so', async ({ page }) => {
    await page.goto('/rooms');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a room' })).toBeVisible();
    const place = filters(page).getByLabel('City, area or postcode');
    const apply = filters(page).getByRole('button', { name: 'Apply Filters' });

    await place.fill('hackney');
    await apply.click();
    await expect(page).toHaveURL(/\/rooms\?city=hackney$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Hackney, London' })).toBeVisible();
    await settled(page);
    const hackney = await found(page);
    expect(hackney).toBeGreaterThan(150);

    await place.fill('E8');
    await apply.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms in E8' })).toBeVisible();
    await settled(page);
    // E8 is part of Hackney (with E9 and E5).
    const e8 = await found(page);
    expect(e8).toBeGreaterThan(50);
    expect(e8).toBeLessThan(hackney);

    await place.fill('Mare Street');
    await apply.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Mare Street, Hackney' })).toBeVisible();
    await settled(page);
    for (const address of await cards(page).getByText(/, London$/).allInnerTexts()) expect(address).toMatch(/^\d+ Mare Street, Hackney, London$/);

    await place.fill('Stratford, London');
    await apply.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Stratford, London' })).toBeVisible();
    await settled(page);
    expect(await found(page)).toBeGreaterThan(100);

    await place.fill('Xyzzy');
    await apply.click();
    await expect(page.getByText('No place called “Xyzzy” was found')).toBeVisible();
    await expect(resultCount(page)).toHaveText('No rooms found');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a room' })).toBeVisible();
  });
});

test('a sort order applies as soon as it is chosen, keeping the filters', async ({ page }) => {
  await page.goto('/rooms?city=Hackney&roomType=Double');
  await settled(page);
  const sortBy = page.getByLabel('Sort by', { exact: true });
  await expect(sortBy).toHaveValue('relevance');

  await sortBy.selectOption('rent_asc');
  await expect(page).toHaveURL(/\/rooms\?city=Hackney&roomType=Double&sortBy=rent_asc$/);
  await settled(page);
  const ascending = await rents(page);
  expect(ascending.length).toBeGreaterThan(5);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Hackney, London' })).toBeVisible();

  await sortBy.selectOption('rent_desc');
  await expect(page).toHaveURL(/sortBy=rent_desc$/);
  await settled(page);
  const descending = await rents(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);
});
