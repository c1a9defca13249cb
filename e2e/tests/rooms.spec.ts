/**
 * Rooms end to end: a landlord's listing from posting (with every validation
 * message on the way) through search, detail, edit, status and deletion; what
 * a tenant and a visitor may do on a room; and the Home location cards.
 * All through the real server, the real shell and the federated remotes.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { EAST_LONDON_AREAS, PHOTO_MAX_BYTES, SORT_OPTIONS, TEXTS, UPLOAD_TEXTS } from '@roomnest/shared';
import { deflateSync } from 'node:zlib';
import { DEMO_ACCOUNTS, demoRoom, logInWithStorage, mainNav, registerAccount, toast } from '../support/app.ts';

// ---------------------------------------------------------------------------
// A real PNG, made here: the server judges uploads by their bytes and re-encodes them.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A width × height RGB PNG: a teal wall over a wooden floor. */
function roomPng(width = 96, height = 72): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set(y < height * 0.7 ? [11, 110, 105] : [184, 134, 90], row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------------------

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const filters = (page: Page) => page.getByRole('search', { name: 'Filter rooms' });
const resultCount = (page: Page) => page.getByRole('heading', { level: 2, name: /rooms? found$/ });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const rents = async (page: Page) =>
  (await page.getByRole('list', { name: 'Rooms' }).getByRole('article').locator('strong').allInnerTexts()).map((t) => Number(t.replace(/[£,]/g, '')));

/** Each filter's label and its query-string parameter. */
const FILTER_PARAMS = {
  'City, area or postcode': 'city',
  'Area or street': 'address',
  'Price range': 'priceRange',
  'Room type': 'roomType',
  'Move-in date': 'availableDate',
} as const;
type FilterLabel = keyof typeof FILTER_PARAMS | 'Sort by';

/**
 * Fills the filter panel and applies it, then chooses the sort order (beside the results: it applies at once), and
 * waits until the URL holds them and their results are in.
 */
async function applyFilters(page: Page, values: Partial<Record<FilterLabel, string>>) {
  const panel = filters(page);
  const { 'Sort by': sortBy, ...filterValues } = values;
  const entries = Object.entries(filterValues) as [keyof typeof FILTER_PARAMS, string][];
  for (const [label, value] of entries) {
    const control = panel.getByLabel(label, { exact: true });
    if (label === 'Price range' || label === 'Room type') await control.selectOption(value);
    else await control.fill(value);
  }
  if (entries.length) await panel.getByRole('button', { name: 'Apply Filters' }).click();
  for (const [label, value] of entries) await expect.poll(() => new URL(page.url()).searchParams.get(FILTER_PARAMS[label])).toBe(value);
  if (sortBy !== undefined) {
    await page.getByLabel('Sort by', { exact: true }).selectOption(sortBy);
    // The default order (relevance) is left out of the URL.
    await expect.poll(() => new URL(page.url()).searchParams.get('sortBy')).toBe(sortBy === 'relevance' ? null : sortBy);
  }
  await expect(page.locator('section[aria-labelledby="room-results-heading"]')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('heading', { level: 2, name: /found$/ })).toBeVisible();
}

/** The badge's tone and its painted background (Available green, Pending yellow, Unavailable grey). */
async function badgeOf(row: Locator, status: string) {
  const badge = row.locator('[data-tone]').filter({ hasText: status });
  return { tone: await badge.getAttribute('data-tone'), background: await badge.evaluate((el) => getComputedStyle(el).backgroundColor) };
}

test.describe('a landlord’s listing, from posting to deletion', () => {
  test.setTimeout(180_000);

  test('post with a photo (after every validation message), find, open, edit, change status, delete', async ({ page, request }) => {
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    // A street name no seeded listing has, so that "area" searches find this listing alone.
    const area = `Quillfield ${run}`;
    const title = `Studio with a garden view, ${area}`;
    const available = isoInDays(10);
    const account = await registerAccount(request, 'Landlord', 'Eleanor Whitfield');
    await logInWithStorage(page, request, account, '/post-ad');

    // --- Post: every validation message, then a good ad with a photo.
    const form = page.getByRole('form', { name: 'Post a room' });
    await form.getByRole('button', { name: 'Post your ad' }).click();
    await expect(form.getByText(TEXTS.postAdRequired)).toBeVisible();
    for (const label of ['Title', 'Address', 'City', 'State / county', 'Postcode', 'Room type', 'Rent', 'Available date']) {
      await expect(form.getByText(`${label} is required.`)).toBeVisible();
    }
    await expect(form.getByLabel('Title')).toBeFocused();

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description (optional)').fill('A bright studio overlooking a shared garden, with its own kitchenette. Bills included. Five minutes from the station.');
    await form.getByLabel('Address').fill(`7 Larkspur Mews, ${area}`);
    await form.getByLabel('City').fill('London');
    await form.getByLabel('State / county').fill('Greater London');
    await form.getByLabel('Postcode').fill('E8 3RL');
    await form.getByLabel('Room type').selectOption('Studio');
    await form.getByLabel('Available date').fill(available);
    await expect(form.getByText('Rent is required.')).toBeVisible();

    const rent = form.getByLabel('Rent per month (£)');
    await rent.fill('0');
    // Every required field holds something now: the product's sentence (TEXTS.postAdRequired) goes.
    await expect(form.getByText(TEXTS.postAdRequired)).toBeHidden();
    await form.getByLabel('Deposit (£, optional)').fill('-1');
    await form.getByRole('button', { name: 'Post your ad' }).click();
    await expect(form.getByText('Rent must be at least 1.')).toBeVisible();
    await expect(form.getByText('Deposit must be at least 0.')).toBeVisible();
    await rent.fill('845.505');
    await expect(form.getByText('Rent can have at most 2 decimal places.')).toBeVisible();
    await rent.fill('845.50');
    await form.getByLabel('Deposit (£, optional)').fill('975');
    await expect(form.getByRole('alert')).toHaveCount(0);

    const photo = form.getByLabel('Add photos');
    await photo.setInputFiles({ name: 'lease.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(form.getByText(UPLOAD_TEXTS.photoType('lease.txt'))).toBeVisible();
    await photo.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(PHOTO_MAX_BYTES + 1, 1) });
    await expect(form.getByText(UPLOAD_TEXTS.photoTooLarge('huge.jpg'))).toBeVisible();
    await photo.setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: roomPng() });
    await expect(form.getByText(/huge\.jpg/)).toBeHidden();
    await expect(form.getByRole('button', { name: 'Photo 1 of 1: studio.png, the cover' })).toBeVisible();

    await form.getByRole('checkbox', { name: 'WiFi' }).check();
    await form.getByRole('checkbox', { name: 'Furnished' }).check();
    await form.getByRole('checkbox', { name: 'Bills Included' }).check();
    await form.getByRole('button', { name: 'Post your ad' }).click();

    await expect(toast(page, 'Your room has been listed.')).toBeVisible();
    await expect(page).toHaveURL(/\/rooms\/\d+$/);
    const listingId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const stored = page.getByRole('img', { name: `Photo of ${title}` });
    await expect(stored).toHaveAttribute('src', /^\/uploads\/listings\/.+/);
    await expect.poll(() => stored.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Contact Landlord' })).toBeDisabled();

    // --- Search: by city, area, price range, room type and move-in date; each sort.
    await mainNav(page).getByRole('link', { name: 'Find a Room' }).click();
    await expect(page).toHaveURL(/\/find-a-room$/);
    await applyFilters(page, { 'City, area or postcode': 'London', 'Sort by': 'date_new' });
    await expect(page).toHaveURL(/\/find-a-room\?city=London&sortBy=date_new$/);
    // Newest first: among about two thousand London rooms, the one just posted is on the first page.
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('article', { name: title })).toBeVisible();

    await applyFilters(page, { 'Area or street': area, 'Sort by': 'relevance' });
    await expect(page).toHaveURL(new RegExp(`\\?city=London&address=${encodeURIComponent(area).replace(/%20/g, '\\+')}$`));
    await expect(resultCount(page)).toHaveText('1 room found');
    const found = card(page, title);
    await expect(found.getByText('£845.50')).toBeVisible();
    await expect(found.getByText(`7 Larkspur Mews, ${area}, London`)).toBeVisible();
    await expect(found.getByText('Studio room')).toBeVisible();
    for (const amenity of ['WiFi', 'Bills Included', 'Furnished']) await expect(found.getByRole('img', { name: amenity })).toBeVisible();
    await expect(found.getByText('Advertised by Eleanor Whitfield')).toBeVisible();

    await applyFilters(page, { 'Price range': '500-1000', 'Room type': 'Studio', 'Move-in date': available });
    await expect(card(page, title)).toBeVisible();
    await applyFilters(page, { 'Price range': '1500+' });
    await expect(page.getByText(TEXTS.roomsEmpty)).toBeVisible();
    await applyFilters(page, { 'Price range': '500-1000', 'Room type': 'Double' });
    await expect(page.getByText(TEXTS.roomsEmpty)).toBeVisible();
    await applyFilters(page, { 'Room type': 'Studio', 'Move-in date': isoInDays(9) });
    await expect(page.getByText(TEXTS.roomsEmpty)).toBeVisible();
    await applyFilters(page, { 'Move-in date': available });
    for (const { value } of SORT_OPTIONS) {
      await applyFilters(page, { 'Sort by': value });
      await expect(card(page, title)).toBeVisible();
    }

    // The rent sorts really sort (a wide search, first page).
    await page.goto('/rooms?city=London&address=Hackney&sortBy=rent_asc');
    await expect(resultCount(page)).toBeVisible();
    const ascending = await rents(page);
    expect(ascending.length).toBeGreaterThan(5);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await applyFilters(page, { 'Sort by': 'rent_desc' });
    const descending = await rents(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // --- Open it from the search; the back link keeps the search.
    const areaSearch = `/rooms?city=London&address=${encodeURIComponent(area)}`;
    await page.goto(areaSearch);
    await card(page, title).getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/rooms/${listingId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
    await expect(page.getByRole('link', { name: /Back to search results/ })).toHaveAttribute('href', areaSearch);
    for (const text of ['Bills Included', 'Furnished', 'WiFi', '£975', 'Studio', 'Eleanor Whitfield']) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();

    // --- Edit it; the search it came from shows the change without a reload.
    await page.getByRole('link', { name: 'Edit Listing' }).click();
    const edit = page.getByRole('form', { name: 'Edit listing' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await expect(edit.getByLabel('Status')).toHaveValue('Available');
    await expect(edit.getByRole('checkbox', { name: 'Bills Included' })).toBeChecked();
    await edit.getByLabel('City').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('City is required.')).toBeVisible();
    await expect(edit.getByText(TEXTS.postAdRequired)).toBeVisible();
    const edited = `Garden studio, ${area}`;
    await edit.getByLabel('City').fill('London');
    await edit.getByLabel('Title').fill(edited);
    await edit.getByLabel('Rent per month (£)').fill('899');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Listing updated.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/rooms/${listingId}$`));
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
    await expect(page.getByText('£899').first()).toBeVisible();
    await page.goBack(); // the edit form
    await page.goBack(); // the detail page
    await page.goBack(); // the search
    await expect(page).toHaveURL(/\/rooms\?city=London&address=/);
    await expect(card(page, edited).getByText('£899')).toBeVisible();

    // --- My listings: the status select and its Update button, badge colours, and search following along.
    await mainNav(page).getByRole('link', { name: 'Manage My Ads' }).click();
    const row = page.getByRole('article', { name: edited });
    const select = row.getByLabel('Status', { exact: true });
    const update = row.getByRole('button', { name: 'Update' });
    await expect(select).toHaveValue('Available');
    expect(await badgeOf(row, 'Available')).toEqual({ tone: 'green', background: 'rgb(230, 244, 234)' });
    await expect(update).toBeDisabled();
    await select.selectOption('Pending');
    await expect(update).toBeEnabled();
    await select.selectOption('Available');
    await expect(update).toBeDisabled();
    await select.selectOption('Pending');
    await update.click();
    await expect(toast(page, 'Status updated to Pending.')).toBeVisible();
    await expect.poll(() => badgeOf(row, 'Pending')).toEqual({ tone: 'yellow', background: 'rgb(255, 244, 214)' });
    await expect(update).toBeDisabled();

    await mainNav(page).getByRole('link', { name: 'Find a Room' }).click();
    await applyFilters(page, { 'City, area or postcode': 'London', 'Area or street': area });
    await expect(page.getByText(TEXTS.roomsEmpty)).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Manage My Ads' }).click();
    await select.selectOption('Unavailable');
    await update.click();
    await expect(toast(page, 'Status updated to Unavailable.')).toBeVisible();
    await expect.poll(() => badgeOf(row, 'Unavailable')).toEqual({ tone: 'grey', background: 'rgb(236, 239, 243)' });
    await select.selectOption('Available');
    await update.click();
    await expect(toast(page, 'Status updated to Available.')).toBeVisible();
    await expect.poll(() => badgeOf(row, 'Available')).toEqual({ tone: 'green', background: 'rgb(230, 244, 234)' });
    await page.goBack();
    await expect(card(page, edited)).toBeVisible();

    // --- Delete it from its page, after the confirmation.
    await card(page, edited).getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('button', { name: 'Delete Listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this listing?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Listing' }).click();
    await dialog.getByRole('button', { name: 'Delete listing' }).click();
    await expect(toast(page, 'Listing deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/my-listings$/);
    await expect(page.getByRole('heading', { name: 'You have no listings yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'List your first room' })).toHaveAttribute('href', '/post-ad');
    expect((await request.get(`/api/listings/${listingId}`)).status()).toBe(404);
  });
});

/** A seeded room in Hackney. */
const seededRoom = (request: APIRequestContext) => demoRoom(request, 'city=London&address=Hackney');

test.describe('who may do what on a room', () => {
  test('a tenant sees no owner actions, and Contact Landlord opens the chat with the landlord', async ({ page, request }) => {
    const room = await seededRoom(request);
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, `/rooms/${room.ListingID}`);
    await expect(page.getByRole('heading', { level: 1, name: room.Title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Listing' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Contact Landlord' }).click();
    // The chat opens about this room (an enquiry).
    await expect(page).toHaveURL(new RegExp(`/messages/chat/${room.LandlordID}\\?listing=${room.ListingID}$`));
  });

  test('another landlord sees no owner actions either', async ({ page, request }) => {
    const room = await seededRoom(request);
    await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, `/rooms/${room.ListingID}`);
    await expect(page.getByRole('heading', { level: 1, name: room.Title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Landlord' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Delete Listing' })).toHaveCount(0);
  });

  test('a visitor who contacts the landlord is asked to sign up or log in and sent to sign-up', async ({ page, request }) => {
    const room = await seededRoom(request);
    await page.goto(`/rooms/${room.ListingID}`);
    await expect(page.getByText(`Advertised by`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Contact Landlord' }).click();
    await expect(toast(page, TEXTS.contactLandlordLogin)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an unknown room says so', async ({ page }) => {
    await page.goto('/rooms/999999999');
    await expect(page.getByRole('heading', { name: TEXTS.roomNotFound })).toBeVisible();
  });
});

test('every Home location card lands on a search with results', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  for (const area of EAST_LONDON_AREAS) {
    await page.getByRole('link', { name: `Rooms in ${area}` }).click();
    await expect(page).toHaveURL(new RegExp(`/rooms\\?city=London&address=${encodeURIComponent(area).replace(/%20/g, '\\+')}$`));
    await expect(resultCount(page)).toBeVisible();
    expect(Number((await resultCount(page).innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('article').first()).toBeVisible();
    await expect(filters(page).getByLabel('Area or street')).toHaveValue(area);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Find your next room in London' })).toBeVisible();
  }
});
