/**
 * Saved searches on a 375 px phone: the Saved searches page (rename, frequency, delete) and the Save this
 * search dialog fit the screen, nothing wider than it, every action reachable by touch.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MAX_SAVED_SEARCHES, SAVED_TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, member, toast, type Member } from '../support/app.ts';

async function saveSearch(request: APIRequestContext, who: Member, Name: string, Criteria: Record<string, unknown>, Frequency = 'instant') {
  const res = await request.post('/api/saved-searches', { headers: bearer(who), data: { Name, Criteria, Frequency } });
  expect(res.status(), await res.text()).toBe(201);
}

/** What a finger has to hit is at least 44 by 44 px (--control-height; tap-targets-phone.spec.ts). */
async function expectFingerSized(targets: Locator) {
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = (await targets.nth(i).boundingBox())!;
    const name = (await targets.nth(i).textContent())?.trim();
    expect(box.height, `"${name}" is ${Math.round(box.height)} px tall`).toBeGreaterThanOrEqual(44);
    expect(box.width, `"${name}" is ${Math.round(box.width)} px wide`).toBeGreaterThanOrEqual(44);
  }
}

/** Nothing on the page is wider than the screen. */
async function expectNoOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test('the Saved searches page on a phone: rename, frequency and delete, nothing overflowing', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Chloe Bennett');
  await saveSearch(request, tenant, 'Studios near Shoreditch', { city: 'London', address: 'Shoreditch', roomType: 'Studio', maxPrice: 1400 });
  await saveSearch(request, tenant, 'A very long name for a search of rooms in Manchester', { city: 'Manchester', minPrice: 400, maxPrice: 750, availableDate: '2027-01-15' }, 'daily');
  await logInWithStorage(page, request, tenant, '/saved-searches');

  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
  await expect(page.getByText(`2 of ${MAX_SAVED_SEARCHES} saved searches`)).toBeVisible();
  const card = (name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  const manchester = card('A very long name for a search of rooms in Manchester');
  await expect(manchester.getByText('Rooms in Manchester, £400 to £750 a month, available by 15 Jan 2027')).toBeVisible();
  await expectNoOverflow(page);
  await expectFingerSized(manchester.getByRole('button'));
  await expectFingerSized(manchester.getByRole('link'));
  await expectFingerSized(manchester.getByRole('combobox'));
  // One column: the cards sit one under the other, each as wide as the screen allows.
  const [a, b] = [await card('Studios near Shoreditch').boundingBox(), await manchester.boundingBox()];
  expect(a && b && Math.abs(a.x - b.x) < 1 && a.x + a.width <= 375).toBe(true);

  // Frequency: saved at once.
  await card('Studios near Shoreditch').getByLabel('Email alerts').selectOption('off');
  await expect(toast(page, SAVED_TEXTS.searchUpdated)).toBeVisible();
  await expect(card('Studios near Shoreditch').getByText("Don't email me")).toBeVisible();

  // Rename in a dialog that fits the screen.
  await manchester.getByRole('button', { name: 'Rename' }).tap();
  const rename = page.getByRole('dialog', { name: 'Rename this search' });
  await expect(rename).toBeVisible();
  const box = await rename.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await rename.getByLabel('Name', { exact: true }).fill('Manchester under £750');
  await rename.getByRole('button', { name: 'Save name' }).tap();
  await expect(card('Manchester under £750')).toBeVisible();
  await expect(rename).toBeHidden();

  // Delete after confirming.
  await card('Manchester under £750').getByRole('button', { name: 'Delete' }).tap();
  await page.getByRole('dialog', { name: 'Delete this saved search?' }).getByRole('button', { name: 'Delete search' }).tap();
  await expect(toast(page, SAVED_TEXTS.searchDeleted)).toBeVisible();
  await expect(card('Manchester under £750')).toHaveCount(0);
  await expect(page.getByText(`1 of ${MAX_SAVED_SEARCHES} saved searches`)).toBeVisible();

  // Run search: the room search with its criteria.
  await card('Studios near Shoreditch').getByRole('link', { name: 'Run search' }).tap();
  await expect(page).toHaveURL(/\/rooms\?city=London&address=Shoreditch&maxPrice=1400&roomType=Studio$/);
  await expectNoOverflow(page);

  // Save this search on a phone: the dialog fits, its choices are reachable.
  await page.getByRole('button', { name: 'Save this search' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Studios in Shoreditch, London, up to £1,400 a month');
  const saveBox = await dialog.boundingBox();
  expect(saveBox && saveBox.x >= 0 && saveBox.x + saveBox.width <= 375).toBe(true);
  await dialog.getByRole('radio', { name: /^Daily digest/ }).tap();
  await dialog.getByRole('button', { name: 'Save search' }).tap();
  await expect(toast(page, SAVED_TEXTS.searchSaved)).toBeVisible();
  await expectNoOverflow(page);
});
