import { HERO_ROTATE_MS } from '@roomnest/shared';
import { useState, type ReactNode } from 'react';
import { HERO_IMAGES } from './hero-images.ts';
import { usePrefersReducedMotion, useRotation } from './use-rotation.ts';
import s from './hero.module.css';

/**
 * Full-width hero: four illustrations cross-fade every HERO_ROTATE_MS behind
 * the content. The images are decorative; the heading stays the largest
 * element painted. Reduced motion keeps the first image still, and a button
 * pauses the slideshow for everyone else.
 */
export function Hero({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const active = useRotation(HERO_IMAGES.length, HERO_ROTATE_MS, !reducedMotion && !paused);

  return (
    <section className={s.hero} aria-labelledby={labelledBy}>
      <div className={s.slides} aria-hidden="true">
        {HERO_IMAGES.map((image, i) => (
          <img
            key={image.src}
            className={s.slide}
            src={image.src}
            alt=""
            width={1600}
            height={900}
            decoding="async"
            fetchPriority={i === 0 ? 'auto' : 'low'}
            data-slide={image.name}
            data-active={i === active}
          />
        ))}
      </div>
      <div className={s.scrim} aria-hidden="true" />
      <div className={s.inner}>{children}</div>
      {reducedMotion ? null : (
        <button type="button" className={s.pause} onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
          <span aria-hidden="true" className={s.pauseIcon}>
            {paused ? '▶' : '❚❚'}
          </span>
          {paused ? 'Play background' : 'Pause background'}
        </button>
      )}
    </section>
  );
}
