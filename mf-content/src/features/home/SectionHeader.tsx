import type { ReactNode } from 'react';
import s from './section-header.module.css';

/** A Home section's eyebrow, heading and lead, left-aligned on the page grid. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className={s.header}>
      <p className={s.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={s.title}>
        {title}
      </h2>
      {children ? <p className={s.lead}>{children}</p> : null}
    </header>
  );
}
