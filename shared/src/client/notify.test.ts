import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST } from '../constants.ts';
import { CONTACT_TEXTS } from '../schemas/content.ts';
import { TEXTS } from '../texts.ts';
import { notify, readingTimeMs, toastDuration } from './notify.ts';

type Show = (text: string, options?: object) => string;
vi.mock('react-toastify', () => ({
  toast: Object.assign(
    vi.fn<Show>(() => 'id'),
    { success: vi.fn<Show>(() => 'id'), error: vi.fn<Show>(() => 'id'), loading: vi.fn<Show>(() => 'id'), update: vi.fn<(id: string, options: object) => void>() },
  ),
}));

afterEach(() => vi.clearAllMocks());

/** The autoClose a toast function was last called with. */
const autoCloseOf = (fn: unknown) => (vi.mocked(fn as (...args: unknown[]) => unknown).mock.lastCall?.[1] as { autoClose?: unknown } | undefined)?.autoClose;

describe('toastDuration', () => {
  it('never goes under the application-level duration', () => {
    expect(toastDuration('Saved.', TOAST.successMs)).toBe(TOAST.appDurationMs);
    expect(toastDuration('Saved.', 500)).toBe(TOAST.appDurationMs);
  });

  it("keeps a kind's or a caller's longer duration", () => {
    expect(toastDuration('Nope.', TOAST.errorMs)).toBe(4000);
    expect(toastDuration(TEXTS.loginGreeting('Amelia Hart'), TOAST.loginGreetingMs)).toBe(4000);
  });

  it('gives a long text its reading time, up to a ceiling', () => {
    const long = 'word '.repeat(30).trim();
    expect(readingTimeMs(long)).toBe(TOAST.noticeMs + 30 * TOAST.readingMsPerWord);
    expect(toastDuration(long, TOAST.successMs)).toBe(10_000);
    expect(toastDuration('word '.repeat(500), TOAST.successMs)).toBe(TOAST.readingMaxMs);
  });

  it('leaves a toast that never expires as it is', () => {
    expect(toastDuration('Uploading…', false)).toBe(false);
  });
});

describe('notify', () => {
  it('shows the contact thank-you for at least the application-level duration, not the 2 s success default', () => {
    notify.success(CONTACT_TEXTS.thanks('Priya Shah'));
    expect(autoCloseOf(toast.success)).toBeGreaterThanOrEqual(TOAST.appDurationMs);
  });

  it('applies the rule to every kind and to durations callers ask for', () => {
    notify.info('Please log in.');
    expect(autoCloseOf(toast)).toBe(TOAST.blankMs);
    notify.error('Failed.');
    expect(autoCloseOf(toast.error)).toBe(TOAST.errorMs);
    notify.success('Hi!', { autoClose: 1000, toastId: 'x' });
    expect(vi.mocked(toast.success).mock.lastCall?.[1]).toEqual({ autoClose: TOAST.appDurationMs, toastId: 'x' });
    notify.loading('Working…', { autoClose: 1000 });
    expect(autoCloseOf(toast.loading)).toBe(false);
    notify.settle('id', 'success', 'Done.');
    expect(vi.mocked(toast.update).mock.lastCall?.[1]).toMatchObject({ autoClose: TOAST.appDurationMs, type: 'success' });
  });
});
