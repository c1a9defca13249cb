/**
 * Search stays fresh across instances with the search cache on (SEARCH_CACHE_SECONDS, 30 by default): a change
 * committed through one instance clears every instance's cache (migration 0007's NOTIFY), so the other instance's
 * next search, already cached there, shows it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ListingsPage } from '@roomnest/shared';
import { bearer, member, postRoom } from '../support/app.ts';
import { instanceOf, pinnedContext, pinTo, type Instance } from './support.ts';

/** A town of this run's own, so that its search holds only this test's rooms. */
const town = `Lakeby ${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;

async function searchOn(request: APIRequestContext, instance: Instance): Promise<string[]> {
  const res = await request.get(`/api/listings?city=${encodeURIComponent(town)}`, { headers: pinTo(instance) });
  expect(res.status()).toBe(200);
  expect(instanceOf(res)).toBe(instance);
  return ((await res.json()) as ListingsPage).listings.map((l) => l.Title);
}

test("a listing changed through one instance is fresh in the other's search at once", async ({ browser, request }) => {
  // Two landlords: a Free plan keeps one room live.
  const landlord = await member(request, 'Landlord', 'Sami Search');
  const other = await member(request, 'Landlord', 'Oona Other');
  const first = await postRoom(request, landlord, { City: town, Title: 'Attic room under the eaves' });
  // Both instances have read (and cached) the search with the one room.
  expect(await searchOn(request, 'a')).toEqual(['Attic room under the eaves']);
  expect(await searchOn(request, 'b')).toEqual(['Attic room under the eaves']);

  // A second room, posted through a: b's cached answer is gone as soon as the change commits.
  const posted = await request.post('/api/listings', {
    headers: { ...bearer(other), ...pinTo('a') },
    multipart: {
      Title: 'Garden room by the green',
      Address: '2 Green Lane',
      City: town,
      State: 'Cumbria',
      ZipCode: 'LA22 9AA',
      RoomType: 'Single',
      Rent: '600',
      AvailableDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  expect(instanceOf(posted)).toBe('a');
  await expect.poll(() => searchOn(request, 'b'), { timeout: 1_000, intervals: [50] }).toEqual(expect.arrayContaining(['Attic room under the eaves', 'Garden room by the green']));

  // The first room taken off the market through b: gone from a's search.
  const off = await request.patch(`/api/listings/${first}/status`, { headers: { ...bearer(landlord), ...pinTo('b') }, data: { Status: 'Unavailable' } });
  expect(off.status(), await off.text()).toBe(200);
  await expect.poll(() => searchOn(request, 'a'), { timeout: 1_000, intervals: [50] }).toEqual(['Garden room by the green']);

  // And a person searching in a browser pinned to b sees the same.
  const page = await (await pinnedContext(browser, 'b')).newPage();
  await page.goto(`/rooms?city=${encodeURIComponent(town)}`);
  const rooms = page.getByRole('list', { name: 'Rooms' }).getByRole('article');
  await expect(rooms).toHaveCount(1);
  await expect(rooms.first()).toHaveAccessibleName('Garden room by the green');
});
