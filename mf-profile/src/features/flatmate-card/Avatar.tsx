import { useState } from 'react';
import { initials } from './card-text.ts';
import s from './avatar.module.css';

const TONES = [s.toneTeal, s.toneAmber, s.toneGreen, s.toneSlate] as const;

/** The same name always gets the same background. */
function toneFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) % 9973;
  return TONES[hash % TONES.length] ?? '';
}

export interface AvatarProps {
  /** The picture's URL (relative to the API host); null or a broken picture shows the initials. */
  src: string | null | undefined;
  name: string;
  /** Width and height in CSS pixels. */
  size: number;
  className?: string;
}

/** A round profile picture, or the person's initials on a tinted disc. */
export function Avatar({ src, name, size, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const cls = [s.avatar, className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  if (src && failed !== src) {
    return <img className={cls} style={style} src={src} alt={name} width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(src)} />;
  }
  return (
    <span className={`${cls} ${s.initials} ${toneFor(name)}`} style={style} role="img" aria-label={name}>
      <span aria-hidden="true">{initials(name) || '?'}</span>
    </span>
  );
}
