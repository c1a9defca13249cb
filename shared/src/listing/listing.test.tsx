import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AMENITIES } from '../domain.ts';
import { AmenityIcon, amenityKeys } from './amenity-icon.tsx';
import { listingExpiry } from './expiry.ts';
import { ListingImage, ListingStatusBadge, LISTING_STATUS_TONES } from './listing-image.tsx';

afterEach(cleanup);

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
  it('colours each status as the product says', () => {
    expect(LISTING_STATUS_TONES).toEqual({ Available: 'green', Pending: 'yellow', Unavailable: 'grey' });
    render(<ListingStatusBadge status="Pending" />);
    expect(screen.getByText('Pending').closest('[data-tone]')?.getAttribute('data-tone')).toBe('yellow');
  });
});
