/**
 * A listing's photos end to end, at 1280 px: a landlord posts a room with several photos from the file
 * chooser, orders them by dragging and from the keyboard, changes the cover and deletes one on Edit; a
 * tenant goes through the gallery with its buttons and keys and opens it full screen. The order and the
 * cover the tenant sees are those the landlord chose, checked by the photos' colours (the server
 * re-encodes and renames every file).
 */
import { expect, test, type Page } from '@playwright/test';
import { logInWithStorage, registerAccount } from '../support/app.ts';
import { colourPhoto, dragTile, photoColours, pickerTiles, shownColours } from '../support/photos.ts';

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const order = async (page: Page) => (await pickerTiles(page).evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label')))).map((l) => /: (\w+)\.jpg/.exec(l ?? '')?.[1]);

test('a landlord posts four photos in the order chosen by drag and keys, then reorders, changes the cover and deletes one; a tenant sees that order', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const title = `Garden room with four photos ${run}`;
  const landlord = await registerAccount(request, 'Landlord', 'Priya Desai');
  await logInWithStorage(page, request, landlord, '/post-ad');

  const form = page.getByRole('form', { name: 'Post a room' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Address').fill('3 Orchard Row, Hackney');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('State / county').fill('Greater London');
  await form.getByLabel('Postcode').fill('E8 1AA');
  await form.getByLabel('Room type').selectOption('Double');
  await form.getByLabel('Rent per month (£)').fill('875');
  await form.getByLabel('Available date').fill(isoInDays(12));

  // Several files at once, from the one chooser.
  const chooser = form.getByLabel('Add photos');
  await expect(chooser).toHaveAttribute('multiple', '');
  await chooser.setInputFiles(await Promise.all((['red', 'green', 'blue', 'yellow'] as const).map(colourPhoto)));
  await expect(pickerTiles(form)).toHaveCount(4);
  expect(await order(page)).toEqual(['red', 'green', 'blue', 'yellow']);
  await expect(form.getByText('Cover', { exact: true })).toHaveCount(1);

  // Yellow dragged onto green's place: red, yellow, green, blue.
  await dragTile(page, pickerTiles(form).nth(3), pickerTiles(form).nth(1));
  await expect.poll(() => order(page)).toEqual(['red', 'yellow', 'green', 'blue']);
  // Blue one place earlier from the keyboard, announced: red, yellow, blue, green.
  await pickerTiles(form).nth(3).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => order(page)).toEqual(['red', 'yellow', 'blue', 'green']);
  await expect(page.getByText('Photo 4 moved to position 3.')).toBeAttached();
  await expect(pickerTiles(form).nth(2)).toBeFocused();
  // Green made the cover.
  await form.getByRole('button', { name: 'Make photo 4 the cover' }).click();
  expect(await order(page)).toEqual(['green', 'red', 'yellow', 'blue']);
  await page.screenshot({ path: test.info().outputPath('post-ad-photos.png'), fullPage: true });

  await form.getByRole('button', { name: 'Post your ad' }).click();
  await page.waitForURL(/\/rooms\/\d+$/);
  const listingId = Number(/\/rooms\/(\d+)$/.exec(page.url())![1]);
  expect(await photoColours(request, listingId)).toEqual(['green', 'red', 'yellow', 'blue']);

  // --- Edit: each change saved at once.
  await page.goto(`/rooms/${listingId}/edit`);
  const edit = page.getByRole('form', { name: 'Edit listing' });
  await expect(pickerTiles(edit)).toHaveCount(4);
  // The last photo dragged to the front: blue, green, red, yellow.
  await dragTile(page, pickerTiles(edit).nth(3), pickerTiles(edit).nth(0));
  await expect.poll(() => photoColours(request, listingId)).toEqual(['blue', 'green', 'red', 'yellow']);
  // Red one place later from the keyboard: blue, green, yellow, red.
  await pickerTiles(edit).nth(2).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => photoColours(request, listingId)).toEqual(['blue', 'green', 'yellow', 'red']);
  // Yellow the cover: yellow, blue, green, red.
  await edit.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  await expect.poll(() => photoColours(request, listingId)).toEqual(['yellow', 'blue', 'green', 'red']);
  // Blue deleted, after asking.
  await edit.getByRole('button', { name: 'Remove photo 2, Photo 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove photo 2?' });
  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await expect(pickerTiles(edit)).toHaveCount(3);
  await expect.poll(() => photoColours(request, listingId)).toEqual(['yellow', 'green', 'red']);
  await page.screenshot({ path: test.info().outputPath('edit-photos.png'), fullPage: true });

  // My Listings shows the new cover.
  await page.goto('/my-listings');
  const row = page.getByRole('article', { name: title });
  await expect(row.locator('img')).toBeVisible();
  expect(await shownColours(page, row.locator('img'))).toEqual(['yellow']);

  // --- A tenant: the gallery in the landlord's order, by buttons and keys, then full screen.
  const tenantContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tenant = await tenantContext.newPage();
  const account = await registerAccount(request, 'Tenant', 'Tom Clarke');
  await logInWithStorage(tenant, request, account, `/rooms/${listingId}`);
  const gallery = tenant.getByRole('region', { name: `Photos of ${title}` });
  await expect(gallery).toHaveAttribute('aria-roledescription', 'carousel');
  const slides = gallery.getByRole('img', { name: /^Photo \d of 3 of /, includeHidden: true });
  await expect(slides).toHaveCount(3);
  await expect(slides.first()).toHaveAttribute('alt', `Photo 1 of 3 of ${title}`);
  await expect(slides.first()).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => slides.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await slides.evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')));
  expect(await shownColours(tenant, slides)).toEqual(['yellow', 'green', 'red']);
  const position = gallery.getByText(/of 3$/);
  await expect(position).toHaveText('Photo 1 of 3');
  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(position).toHaveText('Photo 2 of 3');
  await expect(gallery.getByRole('group', { name: '2 of 3' })).toBeInViewport({ ratio: 0.9 });
  await tenant.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Photo 3 of 3');
  await tenant.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('Photo 2 of 3');
  await tenant.getByRole('button', { name: 'Show photo 1' }).click();
  await expect(position).toHaveText('Photo 1 of 3');
  await tenant.screenshot({ path: test.info().outputPath('room-gallery.png') });

  const open = gallery.getByRole('button', { name: 'Full screen' });
  await open.click();
  const full = tenant.getByRole('dialog', { name: `Photos of ${title}, full screen` });
  await expect(full).toBeVisible();
  await expect(full.getByText(/of 3$/)).toHaveText('Photo 1 of 3');
  await tenant.keyboard.press('ArrowRight');
  await expect(full.getByText(/of 3$/)).toHaveText('Photo 2 of 3');
  await expect(full.getByRole('group', { name: '2 of 3' })).toBeInViewport({ ratio: 0.9 });
  await tenant.screenshot({ path: test.info().outputPath('room-gallery-full.png') });
  await tenant.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await expect(open).toBeFocused();
  await expect(position).toHaveText('Photo 2 of 3');
  await tenantContext.close();
});
