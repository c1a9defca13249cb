import { useId, useState, type ReactNode } from 'react';
import s from './accordion.module.css';

export interface AccordionItem {
  /** Stable key, unique on the page. */
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * The WAI-ARIA accordion pattern: each question is a button inside a heading,
 * with aria-expanded and aria-controls pointing at its answer. Answers are
 * hidden until opened; several may be open at once.
 */
export function Accordion({ items, open, onToggle }: { items: readonly AccordionItem[]; open: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const base = useId();
  return (
    <div className={s.accordion}>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${base}-${item.id}-q`;
        const panelId = `${base}-${item.id}-a`;
        return (
          <div key={item.id} className={s.item}>
            <h3 className={s.heading}>
              <button type="button" id={buttonId} className={s.button} aria-expanded={expanded} aria-controls={panelId} onClick={() => onToggle(item.id)}>
                <span>{item.question}</span>
                <span className={s.icon} aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} className={s.panel} hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Which answers are open, with toggling one and opening or closing them all. */
export function useOpenItems() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { open, toggle, setOpen };
}
