import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDocumentEntry, entryKey, readPositions, restoreScroll, writePositions, type ScrollSurface } from './scroll-restoration.tsx';

afterEach(() => vi.useRealTimers());

/** A page whose height grows as its content arrives. */
function fakePage(height: number) {
  let max = height;
  let resize: (() => void) | null = null;
  let interaction: (() => void) | null = null;
  const scrolls: number[] = [];
  const surface: ScrollSurface = {
    maxScroll: () => max,
    scrollTo: (y) => scrolls.push(Math.min(y, max)),
    onResize: (callback) => {
      resize = callback;
      return () => (resize = null);
    },
    onInteraction: (callback) => {
      interaction = callback;
      return () => (interaction = null);
    },
  };
  return {
    surface,
    scrolls,
    grow(to: number) {
      max = to;
      resize?.();
    },
    interact: () => interaction?.(),
    listening: () => resize !== null || interaction !== null,
  };
}

describe('restoreScroll', () => {
  it('scrolls at once when the page already reaches the position', () => {
    const page = fakePage(3000);
    restoreScroll(1200, page.surface);
    expect(page.scrolls).toEqual([1200]);
    expect(page.listening()).toBe(false);
  });

  it('waits at the top for content, then scrolls once the page reaches the position', () => {
    vi.useFakeTimers();
    const page = fakePage(200);
    restoreScroll(1200, page.surface);
    expect(page.scrolls).toEqual([0]);
    page.grow(800);
    expect(page.scrolls).toEqual([0]);
    page.grow(2500);
    expect(page.scrolls).toEqual([0, 1200]);
    expect(page.listening()).toBe(false);
  });

  it('stops waiting when the person scrolls, clicks or types', () => {
    const page = fakePage(200);
    restoreScroll(1200, page.surface);
    page.interact();
    page.grow(2500);
    expect(page.scrolls).toEqual([0]);
    expect(page.listening()).toBe(false);
  });

  it('goes as far as the page reaches when the wait runs out, and can be cancelled', () => {
    vi.useFakeTimers();
    const page = fakePage(200);
    restoreScroll(1200, page.surface, 5000);
    page.grow(700);
    vi.advanceTimersByTime(5000);
    expect(page.scrolls).toEqual([0, 700]);

    const other = fakePage(200);
    const cancel = restoreScroll(1200, other.surface, 5000);
    cancel();
    vi.advanceTimersByTime(5000);
    other.grow(3000);
    expect(other.scrolls).toEqual([0]);
  });
});

describe('history entries', () => {
  it("gives the entry a document was loaded at an id of its own, which a reload finds again", () => {
    const history = { state: { idx: 0 } as unknown, replaceState: vi.fn<(state: unknown) => void>((state) => void (history.state = state)) };
    const id = claimDocumentEntry(history);
    expect(history.state).toEqual({ idx: 0, roomnestEntry: id });
    expect(claimDocumentEntry(history)).toBe(id);
    expect(history.replaceState).toHaveBeenCalledTimes(1);
    // Another page load in the same tab is another entry: another id.
    const fresh = { state: null as unknown, replaceState: vi.fn<(state: unknown) => void>((state) => void (fresh.state = state)) };
    expect(claimDocumentEntry(fresh)).not.toBe(id);
  });

  it("keys a position by the router's key, and the document's entry by its own id", () => {
    expect(entryKey({ key: 'k3x9' }, 'entry-1')).toBe('k3x9');
    expect(entryKey({ key: 'default' }, 'entry-1')).toBe('entry-1');
  });

  it('keeps positions in session storage, the most recent ones only', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const positions = new Map(Array.from({ length: 250 }, (_, i) => [`k${i}`, i] as [string, number]));
    writePositions(storage, positions);
    const read = readPositions(storage);
    expect(read.size).toBe(200);
    expect(read.get('k249')).toBe(249);
    expect(read.has('k0')).toBe(false);
    store.set('roomnest-scroll-positions', 'not json');
    expect(readPositions(storage).size).toBe(0);
  });
});
