import { useState } from 'react';
import s from './avatar.module.css';

// Here, not in format.ts: the Avatar is its only reader, and a page with an avatar (Home's testimonials) then
// needs no formatting code.
/**
 * 'Amelia Clarke' -> 'AC': the first letters of the first two words, upper case; '' when there are none. Letters are
 * taken whole (Array.from), so a name that starts with a character outside the Basic Multilingual Plane keeps it.
 */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}

const NAME_TONES = [s.soft, s.amber, s.green, s.slate] as const;

/** One of four tints for a name: the same name always gets the same one. */
function toneFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) % 9973;
  return NAME_TONES[hash % NAME_TONES.length] ?? '';
}

export interface AvatarProps {
  /** The picture's URL; none, or a picture that fails to load, shows the initials instead. */
  src?: string | null;
  name: string | null | undefined;
  /** Width and height in CSS pixels; the initials are sized in proportion. */
  size: number;
  /**
   * True when the name is written beside the avatar (a conversation, a landlord, a testimonial): assistive
   * technology skips it. Otherwise it is an image named by `name`.
   */
  decorative?: boolean;
  /** The initials' disc: the brand's soft tint (default), its solid colour, or a tint chosen by the name. */
  tone?: 'soft' | 'solid' | 'byName';
  /** The caller's frame (border, shadow, placement). */
  className?: string;
}

/** A member's round profile picture, or their initials on a coloured disc. */
export function Avatar({ src, name, size, decorative = false, tone = 'soft', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const label = name ?? '';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  if (src && failed !== src) {
    const cls = [s.avatar, s.picture, className].filter(Boolean).join(' ');
    return (
      <img
        className={cls}
        style={style}
        src={src}
        alt={decorative ? '' : label}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  const cls = [s.avatar, tone === 'byName' ? toneFor(label) : s[tone], className].filter(Boolean).join(' ');
  const text = initials(label) || '?';
  return decorative ? (
    <span className={cls} style={style} aria-hidden="true">
      {text}
    </span>
  ) : (
    <span className={cls} style={style} role="img" aria-label={label}>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
