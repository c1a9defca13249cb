/**
 * How long a remote page may take to load before its error view shows.
 * Default REMOTE_LOAD_TIMEOUT_MS (10 s). Tests and operations may override it,
 * first match wins:
 *   1. `window.roomnestRemoteLoadTimeoutMs = 500` (e.g. Playwright's addInitScript);
 *   2. `localStorage.remoteLoadTimeoutMs = '500'`.
 * Only positive numbers count.
 */
import { REMOTE_LOAD_TIMEOUT_MS } from '@roomnest/shared';

export const TIMEOUT_STORAGE_KEY = 'remoteLoadTimeoutMs';

declare global {
  interface Window {
    roomnestRemoteLoadTimeoutMs?: number | string;
  }
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

export function remoteLoadTimeoutMs(): number {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(TIMEOUT_STORAGE_KEY);
  } catch {
    // Storage disabled.
  }
  return positive(window.roomnestRemoteLoadTimeoutMs) ?? positive(stored) ?? REMOTE_LOAD_TIMEOUT_MS;
}

export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
  constructor(what: string, ms: number) {
    super(`${what} did not load within ${ms} ms`);
  }
}

/** `promise`, or a RemoteTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(what, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
