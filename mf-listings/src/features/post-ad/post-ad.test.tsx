import { AMENITIES, londonToday, MAX_PHOTOS, PHOTO_MAX_BYTES, TEXTS, UPLOAD_TEXTS, type PlanUsage } from '@roomnest/shared';
import { PHOTO_ACCEPT } from '@roomnest/shared/listing';
import { json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PostAdPage from '../../exposed/PostAdPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const landlord = TEST_USERS.landlord;
const form = () => within(screen.getByRole('form', { name: 'Post a room' }));
/** Renders the page and waits for the form: it shows once the plan check on arrival has answered. */
async function renderPost() {
  const view = renderWithHost(<PostAdPage />, { url: '/post-ad', user: landlord });
  await screen.findByRole('form', { name: 'Post a room' });
  return view;
}

/** GET /api/users/plan-usage of a landlord with `active` unexpired listings on `plan`. */
const usage = (active: number, plan: PlanUsage['plan'] = 'Free', nextExpiresAt: string | null = null): PlanUsage => ({
  plan,
  unlimitedMessages: false,
  listings: { limit: plan === 'Free' ? 1 : plan === 'Premium' ? 5 : null, active, nextExpiresAt, lastExpiresAt: nextExpiresAt },
  newConversations: { limit: 2, started: 0, remaining: 2, resetsOn: '2026-12-01' },
});

/** Answers POST /api/listings with `answer` and keeps the bodies sent (`calls`: those posts alone); the plan check finds room for one more. */
function stubPost(answer: () => Response, plan: PlanUsage = usage(0)) {
  const bodies: FormData[] = [];
  const net = stubFetch(async (request, url) => {
    if (url.pathname === '/api/users/plan-usage') return json(plan);
    if (url.pathname !== '/api/listings' || request.method !== 'POST') return undefined;
    bodies.push(await request.formData());
    return answer();
  });
  return {
    bodies,
    get calls() {
      return net.callsTo('/api/listings', 'POST');
    },
    usageCalls: () => net.callsTo('/api/users/plan-usage'),
  };
}

async function fillRequired(user: UserEvent) {
  const f = form();
  await user.type(f.getByLabelText('Title'), 'Sunny double in Hackney');
  await user.type(f.getByLabelText('Address'), '14 Mare Street, Hackney');
  await user.type(f.getByLabelText('City'), 'London');
  await user.type(f.getByLabelText('State / county'), 'Greater London');
  await user.type(f.getByLabelText('Postcode'), 'E8 4RP');
  await user.selectOptions(f.getByLabelText('Room type'), 'Double');
  await user.type(f.getByLabelText('Rent per month (£)'), '950.50');
  fireEvent.change(f.getByLabelText('Available date'), { target: { value: AVAILABLE } });
}

/** A date well ahead, whenever the suite runs: the form refuses days already gone. */
const AVAILABLE = londonToday(new Date(Date.now() + 40 * 86_400_000));

const png = (bytes = 64, name = 'room.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const photoNames = () => form().getAllByRole('button', { name: /^Photo \d+ of \d+:/ }).map((b) => b.getAttribute('aria-label'));

describe('Post ad: the form', () => {
  it('has every listing field, an amenity box for every key, and no Status', async () => {
    stubPost(() => json({}));
    await renderPost();
    expect(screen.getByRole('heading', { level: 1, name: 'List your room' })).toBeTruthy();
    for (const label of ['Title', 'Description (optional)', 'Address', 'City', 'State / county', 'Postcode', 'Room type', 'Rent per month (£)', 'Deposit (£, optional)', 'Available date', 'Lease terms (optional)', 'Pet policy', 'Smoking policy', 'Add photos']) {
      expect(form().getByLabelText(label)).toBeTruthy();
    }
    expect(form().queryByLabelText('Status')).toBeNull();
    const rent = form().getByLabelText('Rent per month (£)') as HTMLInputElement;
    expect([rent.min, rent.step]).toEqual(['1', '0.01']);
    expect((form().getByLabelText('Deposit (£, optional)') as HTMLInputElement).min).toBe('0');
    expect(form().getAllByRole('checkbox').map((c) => (c as HTMLInputElement).value)).toEqual(AMENITIES.map((a) => a.key));
    expect(form().getByRole('checkbox', { name: 'Bills Included' })).toBeTruthy();
    const picker = form().getByLabelText('Add photos') as HTMLInputElement;
    expect([picker.type, picker.multiple, picker.accept]).toEqual(['file', true, PHOTO_ACCEPT]);
    // The phone offers its photo library and camera itself; the form does not force the camera.
    expect(picker.hasAttribute('capture')).toBe(false);
    const tips = screen.getByRole('complementary', { name: 'Before you post' });
    expect(tips.textContent).toContain('Your Free plan includes 1 active listing.');
    expect(tips.textContent).toContain('Your room stays in search for 30 days.');
  });

  it('asks for every required field, in the product’s words and at each field, without sending anything', async () => {
    const net = stubPost(() => json({}));
    const user = userEvent.setup();
    await renderPost();
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    expect(await form().findByText(TEXTS.postAdRequired)).toBeTruthy();
    for (const label of ['Title', 'Address', 'City', 'State / county', 'Postcode', 'Room type', 'Rent', 'Available date']) {
      expect(form().getByText(`${label} is required.`)).toBeTruthy();
    }
    expect(form().getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form().getByLabelText('Title'));
    expect(net.calls).toHaveLength(0);

    // The messages go as the fields are filled in.
    await fillRequired(user);
    await waitFor(() => expect(form().queryByText(TEXTS.postAdRequired)).toBeNull());
    expect(form().queryByText('Title is required.')).toBeNull();
  });

  it('checks rent and deposit like the server', async () => {
    const net = stubPost(() => json({}));
    const user = userEvent.setup();
    await renderPost();
    await fillRequired(user);
    const rent = form().getByLabelText('Rent per month (£)');
    await user.clear(rent);
    await user.type(rent, '0');
    await user.type(form().getByLabelText('Deposit (£, optional)'), '-5');
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    expect(await form().findByText('Rent must be at least 1.')).toBeTruthy();
    expect(form().getByText('Deposit must be at least 0.')).toBeTruthy();
    expect(form().queryByText(TEXTS.postAdRequired)).toBeNull();
    await user.clear(rent);
    await user.type(rent, '12.345');
    expect(await form().findByText('Rent can have at most 2 decimal places.')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  it('offers no day before today in London, and refuses a past date typed in without sending it', async () => {
    const net = stubPost(() => json({}));
    const user = userEvent.setup();
    await renderPost();
    const date = form().getByLabelText('Available date') as HTMLInputElement;
    expect(date.min).toBe(londonToday());
    await fillRequired(user);
    fireEvent.change(date, { target: { value: '2020-03-01' } });
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    expect(await form().findByText(TEXTS.availableDatePast)).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(net.calls).toHaveLength(0);
    // Today itself is fine.
    fireEvent.change(date, { target: { value: londonToday() } });
    await waitFor(() => expect(form().queryByText(TEXTS.availableDatePast)).toBeNull());
  });

  it('shows the server’s verdict on the date at the date field', async () => {
    stubPost(() => json({ message: TEXTS.availableDatePast, errors: [{ field: 'AvailableDate', message: TEXTS.availableDatePast }] }, 400));
    const user = userEvent.setup();
    await renderPost();
    await fillRequired(user);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    await waitFor(() => expect(form().getByLabelText('Available date').getAttribute('aria-invalid')).toBe('true'));
    expect(form().getAllByText(TEXTS.availableDatePast).length).toBeGreaterThanOrEqual(1);
  });

  it('checks each chosen file before anything is sent: not an image, too big, one too many; the good ones join the grid', async () => {
    const net = stubPost(() => json({}));
    const user = userEvent.setup({ applyAccept: false });
    await renderPost();
    await user.type(form().getByLabelText('Title'), 'Kept while photos come and go');
    const picker = form().getByLabelText('Add photos') as HTMLInputElement;
    await user.upload(picker, [
      png(64, 'kitchen.png'),
      new File(['%PDF'], 'lease.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      png(64, 'garden.png'),
    ]);
    const alert = await form().findByRole('alert');
    expect(alert.textContent).toContain(UPLOAD_TEXTS.photoType('lease.pdf'));
    expect(alert.textContent).toContain(UPLOAD_TEXTS.photoTooLarge('huge.jpg'));
    expect(photoNames()).toEqual(['Photo 1 of 2: kitchen.png, the cover', 'Photo 2 of 2: garden.png']);
    expect(form().getByRole('button', { name: /^Photo 1 of 2: kitchen\.png/ }).querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);

    // Nine more chosen at once: eight fit, the last is refused by name.
    await user.upload(picker, Array.from({ length: 9 }, (_, i) => png(32, `extra-${i + 1}.png`)));
    expect(photoNames()).toHaveLength(MAX_PHOTOS);
    expect((await form().findByRole('alert')).textContent).toContain(UPLOAD_TEXTS.tooManyPhotos('extra-9.png', MAX_PHOTOS));
    expect(picker.disabled).toBe(true);

    await user.click(form().getByRole('button', { name: 'Remove photo 2, garden.png' }));
    expect(photoNames()).toHaveLength(MAX_PHOTOS - 1);
    expect(picker.disabled).toBe(false);
    await user.click(form().getByRole('button', { name: 'Dismiss' }));
    expect(form().queryByRole('alert')).toBeNull();
    expect((form().getByLabelText('Title') as HTMLInputElement).value).toBe('Kept while photos come and go');
    expect(net.calls).toHaveLength(0);
  });
});

describe('Post ad: sending', () => {
  it('posts a multipart form (repeated Amenities, the photos in the chosen order), says so and opens the new listing', async () => {
    const net = stubPost(() => json({ listingId: 77, message: 'Your room has been listed.' }, 201));
    const user = userEvent.setup();
    const { location } = await renderPost();
    await fillRequired(user);
    await user.type(form().getByLabelText('Deposit (£, optional)'), '1100');
    await user.type(form().getByLabelText('Description (optional)'), 'Light and quiet.');
    await user.type(form().getByLabelText('Lease terms (optional)'), '12-month AST');
    await user.selectOptions(form().getByLabelText('Pet policy'), 'Allowed');
    await user.click(form().getByRole('checkbox', { name: 'WiFi' }));
    await user.click(form().getByRole('checkbox', { name: 'Bills Included' }));
    await user.upload(form().getByLabelText('Add photos'), [png(128, 'bedroom.png'), png(64, 'kitchen.png'), png(32, 'garden.png')]);
    // The garden first, from the keyboard; then the kitchen made the cover.
    form().getByRole('button', { name: 'Photo 3 of 3: garden.png' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(photoNames()).toEqual(['Photo 1 of 3: bedroom.png, the cover', 'Photo 2 of 3: garden.png', 'Photo 3 of 3: kitchen.png']);
    await user.click(form().getByRole('button', { name: 'Make photo 3 the cover' }));
    expect(photoNames()).toEqual(['Photo 1 of 3: kitchen.png, the cover', 'Photo 2 of 3: bedroom.png', 'Photo 3 of 3: garden.png']);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));

    expect(await screen.findByText('Your room has been listed.')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/rooms/77'));
    const body = net.bodies[0]!;
    expect(net.calls[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(net.calls[0]!.headers.get('authorization')).toBe('Bearer test-token-202');
    expect(Object.fromEntries([...body.entries()].filter(([k]) => !['Amenities', 'roomImage', 'roomImages'].includes(k)))).toEqual({
      Title: 'Sunny double in Hackney',
      Description: 'Light and quiet.',
      Address: '14 Mare Street, Hackney',
      City: 'London',
      State: 'Greater London',
      ZipCode: 'E8 4RP',
      RoomType: 'Double',
      Rent: '950.5',
      Deposit: '1100',
      AvailableDate: AVAILABLE,
      LeaseTerms: '12-month AST',
      PetPolicy: 'Allowed',
      SmokingPolicy: 'Not Allowed',
    });
    expect(body.getAll('Amenities')).toEqual(['wifi', 'bills_included']);
    const cover = body.get('roomImage') as File;
    expect([cover.name, cover.size]).toEqual(['kitchen.png', 64]);
    expect((body.getAll('roomImages') as File[]).map((f) => f.name)).toEqual(['bedroom.png', 'garden.png']);
  });

  it('leaves out an empty deposit and the photo when none was chosen', async () => {
    const net = stubPost(() => json({ listingId: 5, message: 'Your room has been listed.' }, 201));
    const user = userEvent.setup();
    await renderPost();
    await fillRequired(user);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    await screen.findByText('Your room has been listed.');
    const body = net.bodies[0]!;
    expect(body.has('Deposit')).toBe(false);
    expect(body.has('roomImage')).toBe(false);
    expect(body.has('roomImages')).toBe(false);
    expect(body.getAll('Amenities')).toEqual([]);
  });

  it('shows the plan limit with a way to upgrade', async () => {
    const limit = 'Your Free plan allows 1 active listing, and you have reached that limit. To post another, delete a listing or upgrade to Premium for up to 5.';
    stubPost(() => json({ message: limit }, 403));
    const user = userEvent.setup();
    const { location } = await renderPost();
    await fillRequired(user);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    const alert = await form().findByRole('alert');
    expect(alert.textContent).toContain(limit);
    expect(within(alert).getByRole('link', { name: 'Compare plans and upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getAllByText(limit).length).toBeGreaterThanOrEqual(2); // toast and alert
    expect(location()).toBe('/post-ad');
  });

  it("puts a 400's field errors on their fields", async () => {
    stubPost(() => json({ message: 'Some fields are missing or invalid.', errors: [{ field: 'ZipCode', message: 'ZipCode must be at most 12 characters.' }] }, 400));
    const user = userEvent.setup();
    await renderPost();
    await fillRequired(user);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    expect(await form().findByText('ZipCode must be at most 12 characters.')).toBeTruthy();
    expect(form().getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Some fields are missing or invalid.')).toBeTruthy();
  });

  it('shows the server’s verdict on each photo beside that file, keeping every field and photo', async () => {
    const refusal = 'scan.png could not be read as an image. Choose a JPEG, PNG, GIF, WebP or HEIC photo.';
    const net = stubPost(() => json({ message: 'Some photos could not be used.', errors: [{ field: 'roomImages', message: refusal }] }, 400));
    const user = userEvent.setup();
    const { location } = await renderPost();
    await fillRequired(user);
    await user.upload(form().getByLabelText('Add photos'), [png(64, 'room.png'), png(64, 'scan.png')]);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    const scan = await form().findByRole('button', { name: 'Photo 2 of 2: scan.png' });
    await waitFor(() => expect(form().getByText(refusal).id).toBe(scan.getAttribute('aria-describedby')));
    expect(form().getByText('Some photos could not be used.', { selector: '[role=alert]' })).toBeTruthy();
    expect(photoNames()).toEqual(['Photo 1 of 2: room.png, the cover', 'Photo 2 of 2: scan.png']);
    expect((form().getByLabelText('Title') as HTMLInputElement).value).toBe('Sunny double in Hackney');
    expect(location()).toBe('/post-ad');

    // Without the refused file the post goes through.
    await user.click(form().getByRole('button', { name: 'Remove photo 2, scan.png' }));
    expect(form().queryByText(refusal)).toBeNull();
    net.bodies.length = 0;
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    await waitFor(() => expect(net.bodies).toHaveLength(1));
  });

  it('falls back to the product’s text when the server says nothing', async () => {
    stubPost(() => new Response('', { status: 502 }));
    const user = userEvent.setup();
    await renderPost();
    await fillRequired(user);
    await user.click(form().getByRole('button', { name: 'Post your ad' }));
    expect(await screen.findByText(TEXTS.postFailed)).toBeTruthy();
  });
});

describe('Post ad: a landlord at the plan’s limit, on arrival', () => {
  it('is told before any form, with the ways on: delete, wait for the next expiry, upgrade', async () => {
    const net = stubPost(() => json({}), usage(1, 'Free', '2026-12-03T10:00:00.000Z'));
    renderWithHost(<PostAdPage />, { url: '/post-ad', user: landlord });
    const notice = await screen.findByRole('region', { name: 'You have reached your plan’s listing limit' });
    expect(screen.queryByRole('form', { name: 'Post a room' })).toBeNull();
    const text = notice.textContent ?? '';
    expect(text).toContain('Your Free plan allows 1 active listing, and you have one.');
    expect(text).toContain('Delete a listing you no longer need in Manage My Ads. Marking it Unavailable does not free its place.');
    expect(text).toContain('listings stay active for 30 days, and your next one expires on 3 Dec 2026.');
    expect(text).toContain('Upgrade your plan: Premium up to 5, Professional as many as you like.');
    const links = within(notice).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toContainEqual(['Manage My Ads', '/my-listings']);
    expect(links).toContainEqual(['Compare plans', '/pricing']);
    expect(net.usageCalls()).toHaveLength(1);
    expect(net.calls).toHaveLength(0);
  });

  it('names the plan and only the plans above it (Premium at 5 of 5)', async () => {
    stubPost(() => json({}), usage(5, 'Premium'));
    renderWithHost(<PostAdPage />, { url: '/post-ad', user: TEST_USERS.premiumLandlord });
    const notice = await screen.findByRole('region', { name: 'You have reached your plan’s listing limit' });
    expect(notice.textContent).toContain('Your Premium plan allows 5 active listings, and you have 5.');
    expect(notice.textContent).toContain('Upgrade your plan: Professional as many as you like.');
  });

  it('shows the form to a landlord with room left, and to one whose plan cannot be checked (the server still says no)', async () => {
    stubPost(() => json({}), usage(0));
    const first = await renderPost();
    expect(screen.queryByRole('region', { name: /listing limit/ })).toBeNull();
    first.unmount();
    stubFetch(() => json({ message: 'Down for a moment.' }, 503));
    await renderPost();
  });
});
