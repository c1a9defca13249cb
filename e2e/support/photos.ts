/**
 * Photos for the photo suites: real JPEGs made here in one flat colour each, so a photo the server has
 * re-encoded and renamed can still be told apart by its colour, and an order seen anywhere (the API, the
 * gallery) checked against the order the landlord chose.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Listing } from '@roomnest/shared';
import sharp from 'sharp';

export const COLOURS = {
  red: [200, 40, 40],
  green: [40, 160, 60],
  blue: [40, 70, 200],
  yellow: [230, 200, 40],
} as const;
export type Colour = keyof typeof COLOURS;

/** A landscape JPEG of one colour, as a file chooser takes it. */
export async function colourPhoto(colour: Colour): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const [r, g, b] = COLOURS[colour];
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: `${colour}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** The colour nearest to an image's average colour. */
export async function colourOf(image: Buffer): Promise<Colour> {
  const { channels } = await sharp(image).stats();
  const mean = channels.slice(0, 3).map((c) => c.mean);
  let best: Colour = 'red';
  let bestDistance = Infinity;
  for (const [name, rgb] of Object.entries(COLOURS) as [Colour, readonly number[]][]) {
    const distance = rgb.reduce((sum, v, i) => sum + (v - mean[i]!) ** 2, 0);
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

/** The colours of a listing's photos in the order the API gives them (the first the cover). */
export async function photoColours(request: APIRequestContext, listingId: number): Promise<Colour[]> {
  const res = await request.get(`/api/listings/${listingId}`);
  expect(res.status()).toBe(200);
  const listing = (await res.json()) as Listing;
  expect(listing.ImageUrl).toBe(listing.Photos[0]?.Url ?? null);
  return Promise.all(listing.Photos.map(async (p) => colourOf(Buffer.from(await (await request.get(p.Url)).body()))));
}

/** The colours of the images a locator holds, read as the browser loaded them (their current source). */
export async function shownColours(page: Page, images: Locator): Promise<Colour[]> {
  const sources = await images.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
  return Promise.all(sources.map(async (src) => colourOf(Buffer.from(await (await page.request.get(src)).body()))));
}

/** The picker's photo tiles, by their labels ("Photo 2 of 4: green.jpg"). */
export const pickerTiles = (scope: Locator | Page): Locator => scope.getByRole('button', { name: /^Photo \d+ of \d+:/ });

/** Drags one picker tile onto another with the mouse, in small steps (dnd-kit starts a drag after a few pixels). */
export async function dragTile(page: Page, from: Locator, to: Locator): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}
