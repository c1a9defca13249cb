/**
 * Toasts with the durations of spec section 9. react-toastify is a shared
 * singleton, so a toast raised in any remote appears in the shell's container.
 */
import { toast, type Id, type ToastOptions } from 'react-toastify';
import { TOAST } from '../constants.ts';

export const notify = {
  /** A plain ('blank') toast. */
  info: (message: string, options?: ToastOptions): Id => toast(message, { autoClose: TOAST.blankMs, ...options }),
  success: (message: string, options?: ToastOptions): Id => toast.success(message, { autoClose: TOAST.successMs, ...options }),
  error: (message: string, options?: ToastOptions): Id => toast.error(message, { autoClose: TOAST.errorMs, ...options }),
  /** Never expires; settle it with `notify.settle`. */
  loading: (message: string, options?: ToastOptions): Id => toast.loading(message, { autoClose: false, ...options }),
  settle: (id: Id, type: 'success' | 'error', message: string) =>
    toast.update(id, {
      render: message,
      type,
      isLoading: false,
      autoClose: type === 'success' ? TOAST.successMs : TOAST.errorMs,
    }),
};
