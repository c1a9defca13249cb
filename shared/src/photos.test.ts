import { describe, expect, it } from 'vitest';
import { fileDisplayName, photoSources, photoStem, photoVariantUrl } from './photos.ts';

const photo = { Url: '/uploads/listings/ab12.jpg', ThumbUrl: '/uploads/listings/ab12-card.webp', Width: 1600, Height: 1200 };

describe('photo copies', () => {
  it('names every copy after the full-size file', () => {
    expect(photoStem(photo.Url)).toBe('/uploads/listings/ab12');
    expect(photoVariantUrl(photo.Url, 'og')).toBe('/uploads/listings/ab12-og.jpg');
    expect(photoVariantUrl(photo.Url, 'card320')).toBe('/uploads/listings/ab12-card-320.webp');
    expect(photoVariantUrl('/elsewhere/ab12.png', 'og')).toBe('/elsewhere/ab12.png');
  });

  it('offers both card widths, and the detail copies at their real widths', () => {
    expect(photoSources(photo, 'card')).toEqual({
      src: photo.ThumbUrl,
      srcSet: '/uploads/listings/ab12-card-320.webp 320w, /uploads/listings/ab12-card.webp 640w',
    });
    expect(photoSources(photo, 'detail').srcSet).toBe('/uploads/listings/ab12-1024.webp 1024w, /uploads/listings/ab12-1600.webp 1600w');
    // A portrait photo: the copies fit inside a square, so they are narrower than their box.
    expect(photoSources({ ...photo, Width: 1200, Height: 1600 }, 'detail').srcSet).toBe(
      '/uploads/listings/ab12-1024.webp 768w, /uploads/listings/ab12-1600.webp 1200w',
    );
    // A small photo is its own full size: one entry.
    expect(photoSources({ ...photo, Width: 800, Height: 600 }, 'detail').srcSet).toBe('/uploads/listings/ab12-1600.webp 800w');
  });

  it('falls back to the one file while a photo has no copies yet', () => {
    expect(photoSources({ ...photo, Width: null }, 'card')).toEqual({ src: photo.ThumbUrl });
    expect(photoSources({ ...photo, Width: null }, 'detail')).toEqual({ src: photo.Url });
  });
});

describe('fileDisplayName', () => {
  it('drops control characters and shortens a long name to 80 characters', () => {
    expect(fileDisplayName(' bed\u0000room\n.jpg ')).toBe('bedroom.jpg');
    expect(fileDisplayName(`${'a'.repeat(100)}.jpg`)).toBe(`${'a'.repeat(77)}…`);
    expect(fileDisplayName(`${'a'.repeat(76)}.jpg`)).toHaveLength(80);
    expect(fileDisplayName(undefined)).toBe('');
  });
});
