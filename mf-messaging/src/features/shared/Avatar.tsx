import s from './avatar.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** A member's picture, or their initials when they have none (decorative: the name is always next to it). */
export function Avatar({ name, src, size = 48 }: { name: string; src: string | null; size?: number }) {
  return src ? (
    <img className={s.avatar} src={src} alt="" width={size} height={size} style={{ width: size, height: size }} />
  ) : (
    <span className={s.avatar} aria-hidden="true" style={{ width: size, height: size, fontSize: size / 2.6 }}>
      {initials(name)}
    </span>
  );
}
