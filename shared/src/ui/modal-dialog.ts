/**
 * A native modal <dialog> driven by an `open` prop: shown with showModal() (the rest of the page inert), and
 * on close the focus goes back to what had it when it opened, if that is still on the page. The confirm
 * dialog and the photo gallery's full-screen view both open this way.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Answers the ref to put on the <dialog>. `onOpen` runs once the dialog is open (to move the focus inside).
 * A layout effect: the dialog is open, and the opener noted, before anything inside takes the focus.
 */
export function useModalDialog(open: boolean, onOpen?: (dialog: HTMLDialogElement) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onOpenRef = useRef(onOpen);
  useLayoutEffect(() => {
    onOpenRef.current = onOpen;
  });
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      onOpenRef.current?.(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      opener.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    }
  }, [open]);
  // Closed on unmount too (a page that navigates away while it is open).
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return ref;
}

/**
 * Escape (the dialog's `cancel` event) and a click on the backdrop (the dialog element itself, outside its
 * panel) both cancel, unless `busy` (an action is running). The dialog's open state belongs to the page, so
 * Escape never closes it by itself. Read through a ref, so the listeners are added once.
 */
export function useDialogCancel(ref: RefObject<HTMLDialogElement | null>, busy: boolean, onCancel: () => void) {
  const latest = useRef({ busy, onCancel });
  useEffect(() => {
    latest.current = { busy, onCancel };
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = () => {
      if (!latest.current.busy) latest.current.onCancel();
    };
    const onEscape = (e: Event) => {
      e.preventDefault();
      cancel();
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog) cancel();
    };
    dialog.addEventListener('cancel', onEscape);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onEscape);
      dialog.removeEventListener('click', onClick);
    };
  }, [ref]);
}
