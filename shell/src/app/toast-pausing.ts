/**
 * Toasts wait for the person reading them. react-toastify pauses a toast under
 * the pointer and while the window has lost focus; this also pauses every
 * toast while keyboard focus is inside the toasts (on a close button, or after
 * Alt+T) and while the page is hidden (another tab, a phone's home screen),
 * and lets them run again afterwards.
 */
import { toast } from 'react-toastify';

export interface ToastClock {
  pause: () => void;
  play: () => void;
}

/** The region react-toastify renders its toasts in. */
const TOASTS_SELECTOR = '.Toastify';

const inToasts = (target: EventTarget | null) => target instanceof Element && target.closest(TOASTS_SELECTOR) !== null;

/** Starts pausing toasts on focus and while hidden; answers the function that stops it. */
export function startToastPausing(doc: Document, clock: ToastClock = { pause: () => toast.pause(), play: () => toast.play() }): () => void {
  let focusInside = false;
  let paused = false;
  const update = () => {
    const pause = focusInside || doc.hidden;
    if (pause === paused) return;
    paused = pause;
    if (pause) clock.pause();
    else clock.play();
  };
  const onFocusIn = (event: FocusEvent) => {
    focusInside = inToasts(event.target);
    update();
  };
  const onFocusOut = (event: FocusEvent) => {
    // Focus leaving for nowhere (relatedTarget null) or for the page: the toasts run again.
    if (!inToasts(event.relatedTarget)) focusInside = false;
    update();
  };
  // The pointer leaving a toast lets it run again (react-toastify, handled at the app's root before this
  // listener on the document): not while focus is still in the toasts or the page is hidden.
  const onMouseOut = (event: MouseEvent) => {
    if (paused && inToasts(event.target) && !inToasts(event.relatedTarget)) clock.pause();
  };
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  doc.addEventListener('visibilitychange', update);
  doc.addEventListener('mouseout', onMouseOut);
  update();
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('visibilitychange', update);
    doc.removeEventListener('mouseout', onMouseOut);
  };
}
