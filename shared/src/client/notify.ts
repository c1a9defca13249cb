/**
 * Toasts: the one way any module raises one. react-toastify is a shared
 * singleton, so a toast raised in any remote appears in the shell's container
 * (which pauses toasts under the pointer, holding focus, or while the window
 * is hidden or unfocused).
 *
 * How long a toast stays (toastDuration): its kind's duration (docs/product.md,
 * Constants: 4000 ms blank and error, 2000 ms success) or the one the caller
 * asks for (the login greeting's 4000 ms), but never less than the
 * application-level duration (3000 ms: a 2-second success toast is gone
 * before it is read), and longer for a long text, by its reading time.
 */
import { createElement } from 'react';
import { Link } from 'react-router-dom';
import { toast, type Id, type ToastOptions } from 'react-toastify';
import { TOAST } from '../constants.ts';

/** How long a text takes to notice and read, in ms. */
export function readingTimeMs(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.min(TOAST.readingMaxMs, TOAST.noticeMs + words * TOAST.readingMsPerWord);
}

/** How long a toast with this text stays: `false` (never expires) stays false; else the longest of the asked duration, the application-level one and the reading time. */
export function toastDuration(text: string, askedMs: number | false): number | false {
  if (askedMs === false) return false;
  return Math.max(askedMs, TOAST.appDurationMs, readingTimeMs(text));
}

/** The options of a toast of this kind, its duration by the rule above. */
const withDuration = (text: string, kindMs: number | false, options?: ToastOptions): ToastOptions => ({
  ...options,
  autoClose: toastDuration(text, options?.autoClose ?? kindMs),
});

export const notify = {
  /** A plain ('blank') toast. */
  info: (message: string, options?: ToastOptions): Id => toast(message, withDuration(message, TOAST.blankMs, options)),
  success: (message: string, options?: ToastOptions): Id => toast.success(message, withDuration(message, TOAST.successMs, options)),
  /** A success toast with a link to where the result can be seen ("Search saved. See your saved searches"). */
  successWithLink: (message: string, link: { to: string; label: string }, options?: ToastOptions): Id =>
    toast.success(createElement('span', null, `${message} `, createElement(Link, { to: link.to }, link.label)), withDuration(`${message} ${link.label}`, TOAST.successMs, options)),
  error: (message: string, options?: ToastOptions): Id => toast.error(message, withDuration(message, TOAST.errorMs, options)),
  /** Never expires; settle it with `notify.settle`. */
  loading: (message: string, options?: ToastOptions): Id => toast.loading(message, { ...options, autoClose: false }),
  settle: (id: Id, type: 'success' | 'error', message: string) =>
    toast.update(id, {
      render: message,
      type,
      isLoading: false,
      autoClose: toastDuration(message, type === 'success' ? TOAST.successMs : TOAST.errorMs),
    }),
};
