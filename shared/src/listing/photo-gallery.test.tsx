import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Photo } from '../domain.ts';
import { listingCardSources } from './listing-image.tsx';
import { PhotoGallery } from './photo-gallery.tsx';

afterEach(cleanup);

const TITLE = 'Bright double in Hackney';
const photo = (id: number, width: number | null = 1600, height: number | null = 1200): Photo => ({
  PhotoID: id,
  Url: `/uploads/listings/p${id}.jpg`,
  ThumbUrl: `/uploads/listings/p${id}-card.webp`,
  Width: width,
  Height: height,
});
const three = [photo(1), photo(2, 900, 1200), photo(3)];
const carousel = () => screen.getByRole('region', { name: `Photos of ${TITLE}` });
const position = () => within(carousel()).getByText(/of 3$/).textContent;

describe('photo gallery', () => {
  it('is a labelled carousel of labelled slides, alt texts counting the photos, the first eager and first fetched, the rest lazy', () => {
    render(<PhotoGallery photos={three} title={TITLE} />);
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(carousel()).getAllByRole('group', { hidden: true });
    expect(slides.map((s) => [s.getAttribute('aria-roledescription'), s.getAttribute('aria-label')])).toEqual([
      ['slide', '1 of 3'],
      ['slide', '2 of 3'],
      ['slide', '3 of 3'],
    ]);
    const images = within(carousel()).getAllByRole('img', { hidden: true });
    expect(images.map((i) => i.getAttribute('alt'))).toEqual([`Photo 1 of 3 of ${TITLE}`, `Photo 2 of 3 of ${TITLE}`, `Photo 3 of 3 of ${TITLE}`]);
    expect([images[0]!.getAttribute('loading'), images[0]!.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(images.slice(1).map((i) => i.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    // The detail and full-screen copies, and the photo's own proportions so its box is reserved.
    expect(images[0]!.getAttribute('srcset')).toBe('/uploads/listings/p1-1024.webp 1024w, /uploads/listings/p1-1600.webp 1600w');
    expect(images[1]!.getAttribute('srcset')).toBe('/uploads/listings/p2-1024.webp 768w, /uploads/listings/p2-1600.webp 900w');
    expect(images[0]!.getAttribute('sizes')).toBe('(max-width: 959px) 100vw, 800px');
    expect([images[1]!.getAttribute('width'), images[1]!.getAttribute('height')]).toEqual(['900', '1200']);
    // Only the slide shown is read out.
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
  });

  it('moves with the buttons, wrapping round, and says where it is', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={three} title={TITLE} />);
    expect(position()).toBe('Photo 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(position()).toBe('Photo 2 of 3');
    expect(within(carousel()).getByRole('group', { name: '2 of 3' }).getAttribute('aria-hidden')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(position()).toBe('Photo 3 of 3');
    // The thumbnails show and mark the photo shown.
    await user.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(position()).toBe('Photo 2 of 3');
    expect(screen.getByRole('button', { name: 'Show photo 2' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show photo 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('moves with the arrow keys, Home and End from anywhere in the carousel', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={three} title={TITLE} />);
    within(carousel()).getByRole('list').focus();
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Photo 2 of 3');
    await user.keyboard('{End}');
    expect(position()).toBe('Photo 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(position()).toBe('Photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(position()).toBe('Photo 3 of 3');
    await user.keyboard('{Home}');
    expect(position()).toBe('Photo 1 of 3');
  });

  it('opens full screen on the photo shown, with the same controls; Escape and Close shut it and the focus goes back', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery photos={three} title={TITLE} />);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    const open = screen.getByRole('button', { name: 'Full screen' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: `Photos of ${TITLE}, full screen` });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const inside = within(dialog);
    expect(inside.getByText(/of 3$/).textContent).toBe('Photo 2 of 3');
    expect(document.activeElement).toBe(inside.getByRole('button', { name: 'Next photo' }));
    const full = inside.getAllByRole('img', { hidden: true });
    expect(full[1]!.getAttribute('sizes')).toBe('100vw');
    await user.keyboard('{ArrowRight}');
    expect(inside.getByText(/of 3$/).textContent).toBe('Photo 3 of 3');
    // Escape: the browser fires the dialog's cancel event (the end-to-end suite presses the real key).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(open);
    // The page's carousel shows where the full-screen view was left.
    expect(position()).toBe('Photo 3 of 3');

    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('shows one photo without carousel controls, and the placeholder without photos', () => {
    const { rerender } = render(<PhotoGallery photos={[photo(1)]} title={TITLE} />);
    expect(screen.getByRole('img', { name: `Photo of ${TITLE}` }).getAttribute('src')).toBe('/uploads/listings/p1.jpg');
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByText(/of 1/)).toBeNull();
    expect(carousel().getAttribute('aria-roledescription')).toBeNull();
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();

    rerender(<PhotoGallery photos={[]} title={TITLE} fallbackUrl={null} />);
    expect(screen.getByRole('img', { name: 'No photo provided' })).toBeTruthy();
    rerender(<PhotoGallery photos={[]} title={TITLE} fallbackUrl="/uploads/listings/old.png" />);
    expect(screen.getByRole('img', { name: `Photo of ${TITLE}` }).getAttribute('src')).toBe('/uploads/listings/old.png');
  });

  it('shows a photo whose copies are not made yet (migrated, no size) from its one file', () => {
    render(<PhotoGallery photos={[photo(1), photo(2, null, null)]} title={TITLE} />);
    const second = within(carousel()).getAllByRole('img', { hidden: true })[1]!;
    expect([second.getAttribute('src'), second.getAttribute('srcset'), second.getAttribute('width')]).toEqual(['/uploads/listings/p2.jpg', null, null]);
  });
});

describe('card images', () => {
  it('come from the cover’s card copies, else the listing’s ThumbnailUrl or ImageUrl', () => {
    expect(listingCardSources({ Photos: [photo(4), photo(5)], ThumbnailUrl: '/t.webp', ImageUrl: '/i.jpg' })).toEqual({
      src: '/uploads/listings/p4-card.webp',
      srcSet: '/uploads/listings/p4-card-320.webp 320w, /uploads/listings/p4-card.webp 640w',
    });
    expect(listingCardSources({ Photos: [], ThumbnailUrl: '/t.webp', ImageUrl: '/i.jpg' })).toEqual({ src: '/t.webp' });
    expect(listingCardSources({ Photos: [], ThumbnailUrl: null, ImageUrl: '/i.jpg' })).toEqual({ src: '/i.jpg' });
  });
});
