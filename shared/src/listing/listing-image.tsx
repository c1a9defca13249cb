import { useState } from 'react';
import { LISTING_STATUSES, type Listing, type ListingStatus } from '../domain.ts';
import { photoSources, type PhotoSources } from '../photos.ts';
import { Badge } from '../ui/components.tsx';
import s from './listing.module.css';

export interface ListingImageProps {
  /** The image URL (ThumbnailUrl on cards, ImageUrl on the detail page); null shows the placeholder. */
  src: string | null | undefined;
  /** The other sizes of the same photo (photoSources), so a phone downloads the small copy. */
  srcSet?: string | undefined;
  /** How wide the image is drawn at each viewport width, for picking from srcSet. */
  sizes?: string | undefined;
  /** What the photo shows, e.g. 'Photo of Bright double room in Hackney'. */
  alt: string;
  /** Width / height of the box; it is reserved before the image arrives, so nothing shifts. */
  ratio?: '4 / 3' | '16 / 10' | '1 / 1';
  /** Cards below the fold load lazily; the detail page's photo eagerly. */
  loading?: 'lazy' | 'eager';
  /** The page's main image (its largest paint): fetched before other images. */
  priority?: boolean;
  className?: string;
}

/** The card thumbnail's pixel size (the API's CARD_SIZE), so the browser knows the image's proportions before it arrives. */
const THUMBNAIL = { width: 640, height: 480 } as const;

/** A listing photo in a fixed-ratio frame, with a drawn placeholder when there is none or it fails to load. */
export function ListingImage({ src, srcSet, sizes, alt, ratio = '4 / 3', loading = 'lazy', priority = false, className }: ListingImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = Boolean(src) && failed !== src;
  return (
    <div className={className ? `${s.frame} ${className}` : s.frame} style={{ aspectRatio: ratio }}>
      {show ? (
        <img
          className={s.photo}
          src={src ?? undefined}
          {...(srcSet ? { srcSet, sizes } : {})}
          alt={alt}
          {...(ratio === '4 / 3' ? THUMBNAIL : {})}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={priority ? 'auto' : 'async'}
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <div className={s.placeholder} role="img" aria-label="No photo provided">
          <svg viewBox="0 0 64 48" aria-hidden="true" focusable="false" className={s.placeholderArt}>
            <path d="M10 24 32 8l22 16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            <path d="M15 21v19h34V21" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            <rect x="27" y="28" width="10" height="12" rx="1.5" fill="currentColor" opacity="0.35" />
            <rect x="19" y="26" width="6" height="6" rx="1" fill="currentColor" opacity="0.35" />
            <rect x="39" y="26" width="6" height="6" rx="1" fill="currentColor" opacity="0.35" />
          </svg>
          <span className={s.placeholderText}>No photo yet</span>
        </div>
      )}
    </div>
  );
}

/**
 * A card's image: the cover's card copies (320 and 640 wide) when the listing has photos, else the
 * spec-era ThumbnailUrl (or ImageUrl), so a listing from an older server still shows its photo.
 */
export function listingCardSources(listing: Pick<Listing, 'Photos' | 'ThumbnailUrl' | 'ImageUrl'>): PhotoSources | { src: string | null } {
  const cover = listing.Photos?.[0];
  return cover ? photoSources(cover, 'card') : { src: listing.ThumbnailUrl ?? listing.ImageUrl };
}

/** Status badge colours (docs/product.md, Screens): Available green, Pending yellow, Unavailable grey. */
export const LISTING_STATUS_TONES = {
  Available: 'green',
  Pending: 'yellow',
  Unavailable: 'grey',
} as const satisfies Record<ListingStatus, 'green' | 'yellow' | 'grey'>;

export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  const known = (LISTING_STATUSES as readonly string[]).includes(status);
  return (
    <Badge tone={known ? LISTING_STATUS_TONES[status] : 'grey'}>
      <span className="visually-hidden">Status: </span>
      {status}
    </Badge>
  );
}
