/**
 * Uploads on the object store: both instances keep photos in one S3-compatible bucket (scripts/instances-server.mjs
 * starts it), so a photo uploaded through one instance is served through the other, and neither keeps a copy on its
 * own disk.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Listing } from '@roomnest/shared';
import { bearer, member } from '../support/app.ts';
import { colourOf, colourPhoto } from '../support/photos.ts';
import { instanceOf, instancesSetup, pinnedContext, pinTo } from './support.ts';

/** Every file under a folder (none when it does not exist). */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []);

test('a photo uploaded through one instance is served through the other, from the bucket', async ({ browser, request }) => {
  const landlord = await member(request, 'Landlord', 'Pia Photos');
  const photo = await colourPhoto('green');
  const posted = await request.post('/api/listings', {
    headers: { ...bearer(landlord), ...pinTo('a') },
    multipart: {
      Title: 'Bright room with a green wall',
      Address: '5 Mill Street',
      City: 'Kendal',
      State: 'Cumbria',
      ZipCode: 'LA9 4AA',
      RoomType: 'Double',
      Rent: '640',
      AvailableDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      roomImage: photo,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  expect(instanceOf(posted)).toBe('a');
  const { listingId: id } = (await posted.json()) as { listingId: number };

  // Instance b knows the photo from the database and serves its bytes from the bucket.
  const listing = await request.get(`/api/listings/${id}`, { headers: pinTo('b') });
  expect(instanceOf(listing)).toBe('b');
  const { Photos } = (await listing.json()) as Listing;
  expect(Photos).toHaveLength(1);
  for (const url of [Photos[0]!.Url, Photos[0]!.ThumbUrl]) {
    const image = await request.get(url, { headers: pinTo('b') });
    expect(image.status(), url).toBe(200);
    expect(instanceOf(image)).toBe('b');
    expect(image.headers()['content-type']).toMatch(/^image\//);
    expect(await colourOf(Buffer.from(await image.body()))).toBe('green');
  }

  // A person on instance b sees it on the room's page.
  const page = await (await pinnedContext(browser, 'b')).newPage();
  await page.goto(`/rooms/${id}`);
  const shown = page.getByRole('img', { name: /Bright room with a green wall/ }).first();
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  // Neither instance wrote an upload to its own disk.
  for (const instance of instancesSetup().instances) expect(filesUnder(join(instance.dataDir, 'uploads')), instance.name).toEqual([]);
});
