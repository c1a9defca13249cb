import { createListenerMiddleware } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AMENITIES } from '../domain.ts';
import { listingsChanged, loggedOut } from '../client/contract.ts';
import { createHostStore } from '../client/store.ts';
import { json, listingFixture, stubFetch } from '../testing/network.ts';
import { AmenityIcon, amenityKeys } from './amenity-icon.tsx';
import { listingExpiry } from './expiry.ts';
import { ListingImage, ListingStatusBadge, LISTING_STATUS_TONES } from './listing-image.tsx';
import { createListingsApi, listingsApiModule } from './listings-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('listing expiry', () => {
  const now = Date.parse('2026-12-10T12:00:00Z');
  it("says when a listing expires, and offers renewal in the last 7 days and after", () => {
    expect(listingExpiry('2026-12-22T09:30:00Z', now)).toEqual({ expired: false, renewable: false, label: 'Expires 22 Dec 2026' });
    expect(listingExpiry('2026-12-16T09:30:00Z', now)).toEqual({ expired: false, renewable: true, label: 'Expires 16 Dec 2026' });
    expect(listingExpiry('2026-12-10T11:59:00Z', now)).toEqual({ expired: true, renewable: true, label: 'Expired' });
  });
});

describe('amenities', () => {
  it('maps the names the API sends back to keys, ignoring unknown ones', () => {
    expect(amenityKeys([{ Name: 'WiFi' }, { Name: 'bills included' }, { Name: 'Hot tub' }])).toEqual(['wifi', 'bills_included']);
  });
  it('draws an icon for every amenity key, named when it stands alone', () => {
    render(
      <>
        {AMENITIES.map((a) => (
          <AmenityIcon key={a.key} amenity={a.key} label />
        ))}
      </>,
    );
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(AMENITIES.map((a) => a.name));
  });
});

describe('listing image and status badge', () => {
  it('falls back to a placeholder without a photo or when it fails to load', () => {
    const { rerender } = render(<ListingImage src={null} alt="Photo of a room" />);
    expect(screen.getByRole('img', { name: 'No photo provided' })).toBeTruthy();
    rerender(<ListingImage src="/uploads/listings/a.jpg" alt="Photo of a room" />);
    const img = screen.getByRole('img', { name: 'Photo of a room' });
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'No photo provided' })).toBeTruthy();
  });
  it('sizes card photos and fetches the page’s main photo first', () => {
    const { rerender } = render(<ListingImage src="/uploads/listings/a-thumb.jpg" alt="Card photo" />);
    const card = screen.getByRole('img', { name: 'Card photo' });
    expect([card.getAttribute('width'), card.getAttribute('height'), card.getAttribute('fetchpriority')]).toEqual(['640', '480', 'auto']);
    rerender(<ListingImage src="/uploads/listings/a.jpg" alt="Main photo" ratio="16 / 10" priority />);
    const main = screen.getByRole('img', { name: 'Main photo' });
    expect([main.getAttribute('loading'), main.getAttribute('fetchpriority'), main.getAttribute('width')]).toEqual(['eager', 'high', null]);
  });
  it('colours each status as the spec says', () => {
    expect(LISTING_STATUS_TONES).toEqual({ Available: 'green', Pending: 'yellow', Unavailable: 'grey' });
    render(<ListingStatusBadge status="Pending" />);
    expect(screen.getByText('Pending').closest('[data-tone]')?.getAttribute('data-tone')).toBe('yellow');
  });
});

describe('listings api freshness', () => {
  it('refetches its listings when another module changes one or the session changes, not for its own changes', async () => {
    let rent = 950;
    const net = stubFetch((_req, url) => (url.pathname === '/api/listings/1' ? json(listingFixture({ Rent: rent })) : undefined));
    const api = createListingsApi('testListingsApi');
    const store = createHostStore();
    store.injectApi(listingsApiModule(api));
    const sub = store.dispatch(api.endpoints.getListing.initiate(1));
    await sub;
    const rentNow = () => api.endpoints.getListing.select(1)(store.getState() as never).data?.Rent;
    expect(rentNow()).toBe(950);

    rent = 900;
    store.dispatch(listingsChanged({ listingId: 1, source: 'testListingsApi' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(net.calls).toHaveLength(1);

    store.dispatch(listingsChanged({ listingId: 1, source: 'otherApi' }));
    await vi.waitFor(() => expect(rentNow()).toBe(900));
    rent = 850;
    store.dispatch(loggedOut());
    await vi.waitFor(() => expect(rentNow()).toBe(850));
    expect(net.calls).toHaveLength(3);
    sub.unsubscribe();
  });

  it('announces its own successful changes to the other modules, and not the failed ones', async () => {
    let status = 200;
    stubFetch((req) => (req.method === 'PATCH' ? json(status === 200 ? { message: 'Status updated to Pending.', listing: listingFixture() } : { message: 'No' }, status) : undefined));
    const api = createListingsApi('testListingsApi2');
    const seen: unknown[] = [];
    const listener = createListenerMiddleware();
    listener.startListening({ actionCreator: listingsChanged, effect: (action) => void seen.push(action.payload) });
    const store = createHostStore({ listener });
    store.injectApi(listingsApiModule(api));
    await store.dispatch(api.endpoints.updateStatus.initiate({ id: 1, Status: 'Pending' }));
    await vi.waitFor(() => expect(seen).toEqual([{ listingId: 1, source: 'testListingsApi2' }]));
    status = 500;
    await store.dispatch(api.endpoints.updateStatus.initiate({ id: 1, Status: 'Pending' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
  });
});
