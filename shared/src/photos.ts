/**
 * The sizes every listing photo is stored in, and the names of their files.
 * The server writes them (api/src/uploads/images.ts) and the pages read them
 * (srcset, og:image) from this one table, so the two cannot disagree.
 *
 * A photo whose `Url` is `/uploads/listings/ab12.jpg` has its copies beside it:
 *   ab12.jpg            full screen, JPEG, at most 1600 px a side   (Photo.Url)
 *   ab12-card.webp      card, 640×480, cropped                       (Photo.ThumbUrl)
 *   ab12-card-320.webp  card, 320×240, cropped
 *   ab12-1024.webp      detail, at most 1024 px a side
 *   ab12-1600.webp      full screen, at most 1600 px a side
 *   ab12-og.jpg         link previews (Open Graph), 1200×630 JPEG under 300 KB
 */
import type { Photo } from './domain.ts';

export const PHOTO_VARIANTS = {
  full: { suffix: '.jpg', width: 1600, height: 1600, fit: 'inside', format: 'jpeg' },
  card: { suffix: '-card.webp', width: 640, height: 480, fit: 'cover', format: 'webp' },
  card320: { suffix: '-card-320.webp', width: 320, height: 240, fit: 'cover', format: 'webp' },
  detail: { suffix: '-1024.webp', width: 1024, height: 1024, fit: 'inside', format: 'webp' },
  fullWebp: { suffix: '-1600.webp', width: 1600, height: 1600, fit: 'inside', format: 'webp' },
  og: { suffix: '-og.jpg', width: 1200, height: 630, fit: 'cover', format: 'jpeg' },
} as const;

export type PhotoVariant = keyof typeof PHOTO_VARIANTS;

/** The stem a photo's files share: its `Url` without `.jpg` (null for a URL not named this way). */
export function photoStem(url: string): string | null {
  return url.endsWith('.jpg') ? url.slice(0, -'.jpg'.length) : null;
}

/** The URL of one copy of a photo, from its full-size `Url`. */
export function photoVariantUrl(url: string, variant: PhotoVariant): string {
  const stem = photoStem(url);
  return stem === null ? url : stem + PHOTO_VARIANTS[variant].suffix;
}

export interface PhotoSources {
  src: string;
  /** Absent for a photo whose copies are not made yet (Width null): then `src` alone. */
  srcSet?: string;
}

/** `src` and `srcSet` for a card (320 and 640 wide) or the detail and full-screen views (1024 and 1600 wide). */
export function photoSources(photo: Pick<Photo, 'Url' | 'ThumbUrl' | 'Width' | 'Height'>, use: 'card' | 'detail'): PhotoSources {
  const ready = photo.Width !== null && photoStem(photo.Url) !== null;
  if (use === 'card') {
    return ready
      ? { src: photo.ThumbUrl, srcSet: `${photoVariantUrl(photo.Url, 'card320')} 320w, ${photo.ThumbUrl} 640w` }
      : { src: photo.ThumbUrl };
  }
  if (!ready) return { src: photo.Url };
  const full = insideWidth(photo, PHOTO_VARIANTS.fullWebp.width);
  const detail = insideWidth(photo, PHOTO_VARIANTS.detail.width);
  // The 1024 copy only when it is smaller than the full one; a small photo is its own full size.
  const detailEntry = detail < full ? `${photoVariantUrl(photo.Url, 'detail')} ${detail}w, ` : '';
  return { src: photo.Url, srcSet: `${detailEntry}${photoVariantUrl(photo.Url, 'fullWebp')} ${full}w` };
}

/** The width of a copy fitted inside a `box`-pixel square without enlarging (what sharp's `fit: 'inside'` makes). */
function insideWidth(photo: Pick<Photo, 'Width' | 'Height'>, box: number): number {
  const width = photo.Width ?? box;
  const height = photo.Height ?? width;
  const scale = Math.min(1, box / Math.max(width, height));
  return Math.round(width * scale);
}

/**
 * A file's name as the sentences about it show it: without control characters, and at most 80 characters ("…"
 * after 77; a 5,000-character name would be the whole message). Empty stays empty (no file chosen). The server
 * writes names this way and the photo picker finds the file a refusal names by it.
 */
export function fileDisplayName(filename: string | undefined): string {
  const clean = (filename ?? '').replace(/\p{Cc}/gu, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}
