/**
 * A listing's photos on a 375 px phone: the picker fits and its photos can be ordered without a mouse
 * (Make cover), and a tenant swipes through the gallery and opens it full screen. The order is
 * checked by the photos' colours (the server re-encodes and renames every file).
 */
import { expect, test, type Locator } from '@playwright/test';
import { logInWithStorage, member, registerAccount } from '../support/app.ts';
import { colourPhoto, photoColours, pickerTiles, shownColours } from '../support/photos.ts';

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A swipe's effect on the scroller: it scrolls by most of a photo's width, and the browser's scroll snapping
 * settles it on the next photo. The headless Chromium these suites run cannot turn synthetic touch input
 * (CDP touch events or touch scroll gestures) into scrolling, so the scroll is started by script; what is
 * checked is the page's part of a swipe: snapping to whole photos, and the position following the scroller.
 */
async function swipe(target: Locator, direction: 'next' | 'previous') {
  // As a person would: once the last swipe has come to rest on a photo.
  await expect.poll(() => target.evaluate((el) => Math.abs(el.scrollLeft / el.clientWidth - Math.round(el.scrollLeft / el.clientWidth)) < 0.01)).toBe(true);
  await target.page().waitForTimeout(150);
  await target.evaluate((el, sign) => el.scrollBy({ left: sign * el.clientWidth * 0.6, behavior: 'smooth' }), direction === 'next' ? 1 : -1);
}

test('a landlord adds photos on a phone and picks the cover; a tenant swipes through them and opens them full screen', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const title = `Phone photos room ${Date.now().toString(36)}`;
  const landlord = await registerAccount(request, 'Landlord', 'Sam Okafor');
  await logInWithStorage(page, request, landlord, '/post-ad');
  const form = page.getByRole('form', { name: 'Post a room' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Address').fill('9 Canal Walk, Hackney');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('State / county').fill('Greater London');
  await form.getByLabel('Postcode').fill('E8 2BB');
  await form.getByLabel('Room type').selectOption('Single');
  await form.getByLabel('Rent per month (£)').fill('700');
  await form.getByLabel('Available date').fill(isoInDays(9));
  await form.getByLabel('Add photos').setInputFiles(await Promise.all((['red', 'green', 'blue'] as const).map(colourPhoto)));
  await expect(pickerTiles(form)).toHaveCount(3);
  await form.getByRole('button', { name: 'Make photo 3 the cover' }).tap();
  await expect(pickerTiles(form).first()).toHaveAccessibleName('Photo 1 of 3: blue.jpg, the cover');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pickerTiles(form).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('phone-picker.png') });
  await form.getByRole('button', { name: 'Post your ad' }).tap();
  await page.waitForURL(/\/rooms\/\d+$/);
  const listingId = Number(/\/rooms\/(\d+)$/.exec(page.url())![1]);
  expect(await photoColours(request, listingId)).toEqual(['blue', 'red', 'green']);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const tenant = await context.newPage();
  const account = await member(request, 'Tenant', 'Ada Brown');
  await logInWithStorage(tenant, request, account, `/rooms/${listingId}`);
  const gallery = tenant.getByRole('region', { name: `Photos of ${title}` });
  const slides = gallery.getByRole('img', { name: /^Photo \d of 3 of /, includeHidden: true });
  await expect(slides).toHaveCount(3);
  await slides.evaluateAll((imgs) => imgs.forEach((img) => ((img as HTMLImageElement).loading = 'eager')));
  expect(await shownColours(tenant, slides)).toEqual(['blue', 'red', 'green']);
  // The thumbnails strip is for wider screens.
  await expect(tenant.getByRole('list', { name: 'Choose a photo' })).toBeHidden();
  const position = gallery.getByText(/of 3$/);
  await expect(position).toHaveText('Photo 1 of 3');
  const track = gallery.getByRole('list');
  await swipe(track, 'next');
  await expect(position).toHaveText('Photo 2 of 3');
  await expect(gallery.getByRole('group', { name: '2 of 3' })).toBeInViewport({ ratio: 0.9 });
  await swipe(track, 'next');
  await expect(position).toHaveText('Photo 3 of 3');
  await swipe(track, 'previous');
  await expect(position).toHaveText('Photo 2 of 3');
  // The buttons answer a tap too.
  await gallery.getByRole('button', { name: 'Next photo' }).tap();
  await expect(position).toHaveText('Photo 3 of 3');
  await expect(gallery.getByRole('group', { name: '3 of 3' })).toBeInViewport({ ratio: 0.9 });
  await gallery.getByRole('button', { name: 'Previous photo' }).tap();
  await expect(position).toHaveText('Photo 2 of 3');
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await tenant.screenshot({ path: test.info().outputPath('phone-gallery.png') });

  await gallery.getByRole('button', { name: 'Full screen' }).tap();
  const full = tenant.getByRole('dialog', { name: `Photos of ${title}, full screen` });
  await expect(full.getByText(/of 3$/)).toHaveText('Photo 2 of 3');
  await swipe(full.getByRole('list'), 'next');
  await expect(full.getByText(/of 3$/)).toHaveText('Photo 3 of 3');
  await tenant.screenshot({ path: test.info().outputPath('phone-gallery-full.png') });
  await full.getByRole('button', { name: 'Close' }).tap();
  await expect(full).toBeHidden();
  await expect(position).toHaveText('Photo 3 of 3');
  await context.close();
});
