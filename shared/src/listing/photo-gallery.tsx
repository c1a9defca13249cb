/**
 * A room's photos on its detail page: a carousel that swipes on touch (a CSS scroll-snap scroller, so the
 * browser does the gesture), previous and next buttons, the arrow keys, "2 of 5", thumbnails on wider
 * screens, and a full-screen view (a modal <dialog> with the same controls; Escape closes it and the focus
 * goes back). Every image takes its sizes from photoSources(photo, 'detail'); the first loads at once and
 * before other images (the page's largest paint), the rest lazily; the box keeps its ratio before any image
 * arrives, so nothing below it moves. One photo has no carousel controls; none shows the placeholder.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Photo } from '../domain.ts';
import { photoSources, photoVariantUrl } from '../photos.ts';
import { ListingImage } from './listing-image.tsx';
import s from './photo-gallery.module.css';
import { useModalDialog } from '../ui/modal-dialog.ts';

export interface PhotoGalleryProps {
  photos: readonly Photo[];
  /** The listing's title, for the images' alt texts. */
  title: string;
  /** Without photos: the listing's ImageUrl from an older server, else the placeholder. */
  fallbackUrl?: string | null;
  /** The page's frame for that lone image (the carousel draws its own). */
  className?: string;
}

/** The inline gallery is the detail page's main column: the whole width on phones, at most about 50rem. */
const INLINE_SIZES = '(max-width: 959px) 100vw, 800px';

export const photoAlt = (index: number, count: number, title: string) => (count === 1 ? `Photo of ${title}` : `Photo ${index + 1} of ${count} of ${title}`);

export function PhotoGallery({ photos, title, fallbackUrl, className }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  if (!photos.length) return <ListingImage src={fallbackUrl} alt={`Photo of ${title}`} ratio="16 / 10" priority className={className} />;
  const current = Math.min(index, photos.length - 1);
  return (
    <div className={s.gallery}>
      <Carousel photos={photos} title={title} index={current} onIndex={setIndex} variant="inline" onFullScreen={() => setFull(true)} />
      {photos.length > 1 ? <Thumbnails photos={photos} index={current} onIndex={setIndex} /> : null}
      <FullScreen open={full} photos={photos} title={title} index={current} onIndex={setIndex} onClose={() => setFull(false)} />
    </div>
  );
}

interface CarouselProps {
  photos: readonly Photo[];
  title: string;
  index: number;
  onIndex: (index: number) => void;
  variant: 'inline' | 'full';
  onFullScreen?: () => void;
  /** Where the focus starts when the full-screen view opens. */
  autoFocus?: boolean;
}

function Carousel({ photos, title, index, onIndex, variant, onFullScreen, autoFocus }: CarouselProps) {
  const scroller = useRef<HTMLUListElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const count = photos.length;
  const many = count > 1;
  const labelId = useId();
  // The slide shown follows the index; a swipe (the scroller moving by itself) sets the index instead.
  const settling = useRef(false);

  const scrollTo = useCallback((i: number, smooth: boolean) => {
    const el = scroller.current;
    if (!el) return;
    const left = i * el.clientWidth;
    if (Math.abs(el.scrollLeft - left) < 2) return;
    settling.current = true;
    if (typeof el.scrollTo === 'function') el.scrollTo({ left, behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' });
    else el.scrollLeft = left;
  }, []);
  const first = useRef(true);
  useEffect(() => {
    scrollTo(index, !first.current);
    first.current = false;
  }, [index, scrollTo]);
  useEffect(() => {
    if (autoFocus) (nextButton.current ?? scroller.current)?.focus();
  }, [autoFocus]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || !el.clientWidth) return;
    const shown = Math.round(el.scrollLeft / el.clientWidth);
    if (settling.current) {
      if (shown === index) settling.current = false;
      return;
    }
    if (shown !== index && shown >= 0 && shown < count) onIndex(shown);
  };
  // A scroll that ends short of its target (the user grabbed it mid-way) hands control back to the swipe.
  const onScrollEnd = () => {
    settling.current = false;
    onScroll();
  };

  const go = (i: number) => onIndex((i + count) % count);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!many) return;
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  const sizes = variant === 'full' ? '100vw' : INLINE_SIZES;
  return (
    // The arrow keys move a whole photo wherever the focus is in the carousel (the scroller or a control).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={`${s.carousel} ${variant === 'full' ? s.full : ''}`}
      aria-roledescription={many ? 'carousel' : undefined}
      aria-labelledby={labelId}
      onKeyDown={onKeyDown}
    >
      <h2 id={labelId} className="visually-hidden">
        Photos of {title}
      </h2>
      {/* Focusable, so a keyboard can scroll it as a pointer swipes it. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul ref={scroller} className={s.track} onScroll={onScroll} onScrollEnd={onScrollEnd} tabIndex={many ? 0 : -1} aria-label={many ? 'Photos; use the arrow keys to move between them' : undefined}>
        {photos.map((photo, i) => {
          const { src, srcSet } = photoSources(photo, 'detail');
          const eager = i === 0;
          return (
            <li
              key={photo.PhotoID}
              className={s.slide}
              role={many ? 'group' : undefined}
              aria-roledescription={many ? 'slide' : undefined}
              aria-label={many ? `${i + 1} of ${count}` : undefined}
              aria-hidden={many && i !== index ? true : undefined}
            >
              {/* A click on the photo is a pointer's shortcut to full screen; the Full screen button is the way for everyone. */}
              {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
              <img
                className={s.image}
                src={src}
                {...(srcSet ? { srcSet, sizes } : {})}
                alt={photoAlt(i, count, title)}
                {...(photo.Width && photo.Height ? { width: photo.Width, height: photo.Height } : {})}
                loading={eager || variant === 'full' ? 'eager' : 'lazy'}
                fetchPriority={eager && variant === 'inline' ? 'high' : 'auto'}
                decoding={eager ? 'auto' : 'async'}
                draggable={false}
                onClick={onFullScreen}
              />
            </li>
          );
        })}
      </ul>
      <div className={s.controls}>
        {many ? (
          <>
            <button type="button" className={`${s.control} ${s.prev}`} onClick={() => go(index - 1)} aria-label="Previous photo">
              <Chevron direction="left" />
            </button>
            <button ref={nextButton} type="button" className={`${s.control} ${s.next}`} onClick={() => go(index + 1)} aria-label="Next photo">
              <Chevron direction="right" />
            </button>
            <p className={s.position} aria-live="polite" aria-atomic="true">
              <span className="visually-hidden">Photo </span>
              {index + 1} of {count}
            </p>
          </>
        ) : null}
        {onFullScreen ? (
          <button type="button" className={s.fullButton} onClick={onFullScreen}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.icon}>
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>Full screen</span>
          </button>
        ) : null}
      </div>
    </section>
  );
}

function Thumbnails({ photos, index, onIndex }: { photos: readonly Photo[]; index: number; onIndex: (i: number) => void }) {
  return (
    <ul className={s.thumbs} aria-label="Choose a photo">
      {photos.map((photo, i) => (
        <li key={photo.PhotoID}>
          <button type="button" className={s.thumb} aria-label={`Show photo ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => onIndex(i)}>
            <img src={photoVariantUrl(photo.Url, photo.Width === null ? 'full' : 'card320')} alt="" loading="lazy" decoding="async" width={320} height={240} />
          </button>
        </li>
      ))}
    </ul>
  );
}

interface FullScreenProps {
  open: boolean;
  photos: readonly Photo[];
  title: string;
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}

function FullScreen({ open, photos, title, index, onIndex, onClose }: FullScreenProps) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-label={`Photos of ${title}, full screen`}
      onCancel={(e) => {
        // Escape: the page owns the open state, so the focus goes back through the same path as Close.
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={s.dialogBody}>
          <button type="button" className={s.close} onClick={onClose}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.icon}>
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span>Close</span>
          </button>
          <Carousel photos={photos} title={title} index={index} onIndex={onIndex} variant="full" autoFocus />
        </div>
      ) : null}
    </dialog>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.icon}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
