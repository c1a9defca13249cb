import { londonToday, TEXTS } from '@roomnest/shared';
import { createHostStore, listingsChanged } from '@roomnest/shared/client';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditListingPage from '../../exposed/EditListingPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const owner = TEST_USERS.landlord; // 202, the fixture's landlord
const form = () => within(screen.getByRole('form', { name: 'Edit listing' }));
const findForm = async () => within(await screen.findByRole('form', { name: 'Edit listing' }));

function stubEdit(get: () => Response, put: () => Response = () => json({ message: 'Listing updated.', listing: listingFixture() })) {
  const bodies: FormData[] = [];
  const net = stubFetch(async (request, url) => {
    if (url.pathname !== '/api/listings/1') return undefined;
    if (request.method === 'GET') return get();
    if (request.method === 'PUT') {
      bodies.push(await request.formData());
      return put();
    }
    return undefined;
  });
  return { ...net, bodies };
}

const renderEdit = (options: { store?: ReturnType<typeof createHostStore>; user?: (typeof TEST_USERS)[keyof typeof TEST_USERS] } = {}) =>
  renderWithHost(<EditListingPage />, { url: '/rooms/1/edit', routePath: '/rooms/:id/edit', user: options.user ?? owner, store: options.store });

const photo = (id: number) => ({ PhotoID: id, Url: `/uploads/listings/p${id}.jpg`, ThumbUrl: `/uploads/listings/p${id}-card.webp`, Width: 1600, Height: 1200 });
const tiles = () => form().getAllByRole('button', { name: /^Photo \d+ of \d+:/ }).map((b) => b.querySelector('img')?.getAttribute('src'));

describe('Edit listing: photos, each change saved at once', () => {
  it('uploads each added file on its own with its progress, saves a new order and removes a photo after asking; the cached listing follows', async () => {
    let photos = [photo(1), photo(2)];
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: { order?: unknown; uploads: string[]; deleted: string[] } = { uploads: [], deleted: [] };
    const net = stubFetch(async (request, url) => {
      if (url.pathname === '/api/listings/1' && request.method === 'GET') return json(listingFixture({ Photos: photos }));
      if (url.pathname === '/api/listings/1/photos' && request.method === 'POST') {
        const file = (await request.formData()).get('photos') as File;
        sent.uploads.push(file.name);
        if (file.name === 'broken.png') return json({ message: 'broken.png could not be read as an image.' }, 400);
        await gate;
        photos = [...photos, photo(3)];
        return json({ photos }, 201);
      }
      if (url.pathname === '/api/listings/1/photos/order' && request.method === 'PUT') {
        sent.order = await request.json();
        photos = [photos[1]!, photos[0]!, ...photos.slice(2)];
        return json({ photos });
      }
      if (url.pathname.startsWith('/api/listings/1/photos/') && request.method === 'DELETE') {
        sent.deleted.push(url.pathname);
        photos = photos.filter((p) => `/api/listings/1/photos/${p.PhotoID}` !== url.pathname);
        return json({ photos });
      }
      return undefined;
    });
    const user = userEvent.setup({ applyAccept: false });
    const { store } = renderEdit();
    await findForm();
    expect(tiles()).toEqual(['/uploads/listings/p1-card.webp', '/uploads/listings/p2-card.webp']);

    await user.upload(form().getByLabelText('Add photos'), [new File([new Uint8Array(40)], 'new.png', { type: 'image/png' }), new File([new Uint8Array(40)], 'broken.png', { type: 'image/png' })]);
    const progress = await form().findByRole('progressbar', { name: 'Uploading new.png' });
    await waitFor(() => expect((progress as HTMLProgressElement).value).toBe(1));
    release?.();
    await waitFor(() => expect(tiles()).toEqual(['/uploads/listings/p1-card.webp', '/uploads/listings/p2-card.webp', '/uploads/listings/p3-card.webp', expect.stringMatching(/^blob:/)]));
    expect(await form().findByText('broken.png could not be read as an image.')).toBeTruthy();
    expect(sent.uploads).toEqual(['new.png', 'broken.png']);
    await user.click(form().getByRole('button', { name: 'Remove photo 4, broken.png' }));
    expect(tiles()).toHaveLength(3);

    // The second photo made the cover: PUT order, and the cached listing's cover follows.
    await user.click(form().getByRole('button', { name: 'Make photo 2 the cover' }));
    await waitFor(() => expect(sent.order).toEqual({ PhotoIDs: [2, 1, 3] }));
    await waitFor(() => expect(tiles()[0]).toBe('/uploads/listings/p2-card.webp'));
    const cached = () => (store.getState().api.queries['getListing(1)']?.data as { ImageUrl: string; Photos: { PhotoID: number }[] } | undefined);
    await waitFor(() => expect(cached()?.ImageUrl).toBe('/uploads/listings/p2.jpg'));
    expect(screen.getByText('Photo 2 moved to position 1. It is now the cover.')).toBeTruthy();

    // Remove asks first; Cancel keeps the photo, Remove photo deletes it.
    await user.click(form().getByRole('button', { name: 'Remove photo 3, Photo 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.deleted).toEqual([]);
    await user.click(form().getByRole('button', { name: 'Remove photo 3, Photo 3' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove photo 3?' })).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(tiles()).toEqual(['/uploads/listings/p2-card.webp', '/uploads/listings/p1-card.webp']));
    expect(sent.deleted).toEqual(['/api/listings/1/photos/3']);
    expect(cached()?.Photos.map((p) => p.PhotoID)).toEqual([2, 1]);
    expect(net.callsTo('/api/listings/1/photos/order', 'PUT')[0]!.headers.get('authorization')).toBe('Bearer test-token-202');
  });

  it('puts a photo back where it was when the new order is refused', async () => {
    stubFetch(async (request, url) => {
      if (url.pathname === '/api/listings/1' && request.method === 'GET') return json(listingFixture({ Photos: [photo(1), photo(2)] }));
      if (url.pathname === '/api/listings/1/photos/order') return json({ message: 'PhotoIDs must list each of the listing’s photos once.' }, 400);
      return undefined;
    });
    const user = userEvent.setup();
    renderEdit();
    await findForm();
    form().getByRole('button', { name: 'Photo 2 of 2: Photo 2' }).focus();
    await user.keyboard('{Home}');
    expect(await form().findByText('PhotoIDs must list each of the listing’s photos once.')).toBeTruthy();
    expect(tiles()).toEqual(['/uploads/listings/p1-card.webp', '/uploads/listings/p2-card.webp']);
  });
});

describe('Edit listing', () => {
  it('prefills every field from the listing, with Status', async () => {
    stubEdit(() => json(listingFixture({ Status: 'Pending', Deposit: null })));
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeTruthy();
    const f = form();
    const value = (label: string) => (f.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Title')).toBe('Bright double room near London Fields');
    expect(value('Address')).toBe('14 Mare Street, Hackney');
    expect(value('City')).toBe('London');
    expect(value('State / county')).toBe('Greater London');
    expect(value('Postcode')).toBe('E8 4RP');
    expect(value('Room type')).toBe('Double');
    expect(value('Rent per month (£)')).toBe('950');
    expect(value('Deposit (£, optional)')).toBe('');
    expect(value('Available date')).toBe('2026-11-22');
    expect(value('Lease terms (optional)')).toBe('12-month AST, bills included');
    expect(value('Pet policy')).toBe('Case-by-Case');
    expect(value('Smoking policy')).toBe('Outside Only');
    expect(value('Status')).toBe('Pending');
    const checked = f.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => (c as HTMLInputElement).value);
    expect(checked).toEqual(['wifi', 'furnished', 'bills_included']);
    const cover = f.getByRole('button', { name: 'Photo 1 of 1: Photo 1, the cover' });
    expect(cover.querySelector('img')?.getAttribute('src')).toBe('/uploads/listings/room-1-card.webp');
  });

  it('prefills an amount with pence as pounds and pence (1442.50, not 1442.5)', async () => {
    stubEdit(() => json(listingFixture({ Rent: 950.5, Deposit: 1442.5 })));
    renderEdit();
    const f = await findForm();
    expect((f.getByLabelText('Rent per month (£)') as HTMLInputElement).value).toBe('950.50');
    expect((f.getByLabelText('Deposit (£, optional)') as HTMLInputElement).value).toBe('1442.50');
  });

  it('saves with PUT (Status included, no photo keeps the current one) and opens the listing; the one cache’s tags refresh the other modules, with no announcement', async () => {
    const net = stubEdit(() => json(listingFixture()));
    const listener = createListenerMiddleware();
    const announced: unknown[] = [];
    listener.startListening({ actionCreator: listingsChanged, effect: (a) => void announced.push(a.payload) });
    const store = createHostStore({ auth: { token: 'test-token-202', user: owner }, listener });
    const user = userEvent.setup();
    const { location } = renderEdit({ store });
    const title = (await findForm()).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Bright double room, bills included');
    await user.selectOptions(form().getByLabelText('Status'), 'Unavailable');
    await user.click(form().getByRole('checkbox', { name: 'Furnished' }));
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Listing updated.')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/rooms/1'));
    const body = net.bodies[0]!;
    expect(body.get('Title')).toBe('Bright double room, bills included');
    expect(body.get('Status')).toBe('Unavailable');
    expect(body.getAll('Amenities')).toEqual(['wifi', 'bills_included']);
    expect(body.get('Deposit')).toBe('1100');
    expect(body.has('roomImage')).toBe(false);
    expect(announced).toEqual([]);
  });

  it('asks for the required fields on edit too', async () => {
    const net = stubEdit(() => json(listingFixture()));
    const user = userEvent.setup();
    renderEdit();
    await user.clear((await findForm()).getByLabelText('City'));
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(await form().findByText(TEXTS.postAdRequired)).toBeTruthy();
    expect(form().getByText('City is required.')).toBeTruthy();
    expect(net.callsTo('/api/listings/1', 'PUT')).toHaveLength(0);
  });

  it('saves an older listing whose date has gone by without touching the date, but refuses another past date', async () => {
    const net = stubEdit(() => json(listingFixture({ AvailableDate: '2020-03-01' })));
    const user = userEvent.setup();
    const { location } = renderEdit();
    const date = (await findForm()).getByLabelText('Available date') as HTMLInputElement;
    expect(date.min).toBe(londonToday());
    expect(date.value).toBe('2020-03-01');

    fireEvent.change(date, { target: { value: '2020-02-29' } });
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(await form().findByText(TEXTS.availableDatePast)).toBeTruthy();
    expect(net.callsTo('/api/listings/1', 'PUT')).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2020-03-01' } });
    await user.type(form().getByLabelText('Title'), ' (bills included)');
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(location()).toBe('/rooms/1'));
    expect(net.bodies[0]!.get('AvailableDate')).toBe('2020-03-01');
    expect(net.bodies[0]!.get('Title')).toBe('Bright double room near London Fields (bills included)');
  });

  it('reports a listing that cannot be loaded and goes back to the search', async () => {
    stubEdit(() => json({ message: TEXTS.roomNotFound }, 404));
    const { location } = renderEdit();
    expect(await screen.findByText(TEXTS.editLoadFailed)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/rooms'));
  });

  it.each([
    ['an empty object', {}],
    ['an empty list', []],
    ['null', null],
  ])('treats a 200 holding %s instead of a listing as one that cannot be loaded', async (_what, body) => {
    stubEdit(() => json(body));
    const { location } = renderEdit();
    expect(await screen.findByText(TEXTS.editLoadFailed)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/rooms'));
  });

  it('tells another landlord this is not their listing', async () => {
    const net = stubEdit(() => json(listingFixture()));
    renderEdit({ user: TEST_USERS.premiumLandlord });
    expect(await screen.findByText('Only the landlord who posted this listing can change it.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    // The page keeps its one h1 (headings start there for screen readers), the refusal under it.
    expect(screen.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'This is not your listing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your listings' }).getAttribute('href')).toBe('/my-listings');
    expect(net.callsTo('/api/listings/1', 'PUT')).toHaveLength(0);
  });

  it('reports a failed save in the product’s words, and a refusal in the server’s', async () => {
    let refused = false;
    stubEdit(
      () => json(listingFixture()),
      () => (refused ? json({ message: 'Only the landlord who posted this listing can change it.' }, 403) : new Response('', { status: 500 })),
    );
    const user = userEvent.setup();
    const { location } = renderEdit();
    await user.click((await findForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(TEXTS.updateFailed)).toBeTruthy();
    refused = true;
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect((await (await findForm()).findByRole('alert')).textContent).toBe('Only the landlord who posted this listing can change it.');
    expect(location()).toBe('/rooms/1/edit');
  });
});
