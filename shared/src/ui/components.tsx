import { useEffect, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { documentTitle } from '../route-meta.ts';
import s from './ui.module.css';

type Variant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';
interface LookProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}
const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
const buttonClass = ({ variant = 'primary', size = 'md', block }: LookProps, extra?: string) =>
  cx(s.button, s[variant], size !== 'md' && s[size], block && s.block, extra);

/** `ref` reaches the <button> (a page may move focus to it). */
export function Button({ variant, size, block, className, type = 'button', ...rest }: LookProps & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...rest }: LookProps & LinkProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

/**
 * Page wrapper: width, padding and the document title, written as the server writes it (route-meta.ts); a
 * page with data of its own (a room) passes the description the server writes for it too.
 */
export function Page({ title, description, children, className }: { title: string; description?: string; children: ReactNode; className?: string }) {
  useEffect(() => {
    document.title = documentTitle(title);
    if (description !== undefined) setPageDescription(description);
  }, [title, description]);
  return <div className={cx(s.container, className)}>{children}</div>;
}

/** The page's description meta (what the server wrote for the address the browser first opened), created when absent. */
export function setPageDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}

/** `headingRef` (see usePageFocus) makes the heading focusable from script, to move focus there after a navigation. */
export function PageHeader({ title, subtitle, headingRef }: { title: string; subtitle?: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <header className={s.pageHeader}>
      <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}

export function Card({ children, className, as: Tag = 'div' }: { children: ReactNode; className?: string; as?: 'div' | 'section' | 'article' }) {
  return <Tag className={cx(s.card, className)}>{children}</Tag>;
}

export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(s.alert, s[`alert_${tone}`])}>
      {children}
    </div>
  );
}

export function Badge({ tone = 'primary', children, label }: { tone?: 'green' | 'yellow' | 'grey' | 'primary' | 'count'; children: ReactNode; label?: string }) {
  return (
    <span className={cx(s.badge, s[`badge_${tone}`])} aria-label={label} data-tone={tone}>
      {children}
    </span>
  );
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={s.status} role="status" aria-live="polite">
      <span className={s.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/**
 * A centred message for empty results, errors and dead ends, with an optional action. `level` 1 when the
 * message is all the page says: its title is then the page's h1.
 */
export function StatusMessage({ title, children, action, level = 2 }: { title?: string; children?: ReactNode; action?: ReactNode; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={s.status}>
      {title ? <Heading>{title}</Heading> : null}
      {children ? <div>{children}</div> : null}
      {action}
    </div>
  );
}
