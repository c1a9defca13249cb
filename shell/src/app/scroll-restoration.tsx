/**
 * Where each page opens. A page reached by a link (or typed, bookmarked,
 * opened from another site) starts at the top, or at its #fragment; Back,
 * Forward and a reload return to the position that history entry was left at.
 *
 * Positions are kept per history entry, in sessionStorage so that they survive
 * the document (a reload, Back to a page of an earlier document). The router
 * names an entry by its location key, except the entry a document was loaded
 * at, which it calls 'default' whatever the page: that entry gets an id of its
 * own in history.state (`claimDocumentEntry`), or every fresh page load would
 * share, and restore, the last such page's position.
 *
 * The browser's own restoration is off (history.scrollRestoration 'manual'):
 * it would scroll before the page's content exists. Remote pages arrive after
 * a load and their data after that, so a position further down than the page
 * yet reaches is applied once the page has grown enough, unless the person
 * scrolls, clicks or types first (or after RESTORE_WAIT_MS, as far as it goes).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';

const STORAGE_KEY = 'roomnest-scroll-positions';
/** The field of history.state naming the entry a document was loaded at. */
const ENTRY_FIELD = 'roomnestEntry';
/** Positions kept (the most recently left entries). */
const MAX_ENTRIES = 200;
/** How long a position waits for its page to grow: a remote's load timeout, and then some for its data. */
export const RESTORE_WAIT_MS = 15_000;
/** What the person does that ends a wait: they are moving the page themselves. */
const INTERACTIONS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** The id of the history entry this document was loaded at, stored in its history.state (once; a reload finds it there). */
export function claimDocumentEntry(history: Pick<History, 'state' | 'replaceState'> = window.history): string {
  const state: unknown = history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const existing = current[ENTRY_FIELD];
  if (typeof existing === 'string' && existing) return existing;
  const id = `entry-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  history.replaceState({ ...current, [ENTRY_FIELD]: id }, '');
  return id;
}

/** The key a location's position is kept under. */
export const entryKey = (location: Pick<Location, 'key'>, documentEntry: string) => (location.key === 'default' ? documentEntry : location.key);

export function readPositions(storage: Pick<Storage, 'getItem'>): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return new Map();
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
  } catch {
    return new Map();
  }
}

export function writePositions(storage: Pick<Storage, 'setItem'>, positions: Map<string, number>): void {
  const kept = [...positions].slice(-MAX_ENTRIES);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: positions then last as long as the document.
  }
}

/** What restoring needs of the page (the window and document in the browser; fakes in tests). */
export interface ScrollSurface {
  /** How far down the page can scroll now. */
  maxScroll(): number;
  scrollTo(y: number): void;
  /** Calls back whenever the page's size changes; answers the function that stops it. */
  onResize(callback: () => void): () => void;
  /** Calls back when the person scrolls, clicks or types; answers the function that stops it. */
  onInteraction(callback: () => void): () => void;
}

/**
 * Scrolls to `y` now if the page reaches it, else from the top once the page
 * has grown enough. Answers the function that gives up waiting.
 */
export function restoreScroll(y: number, surface: ScrollSurface, waitMs = RESTORE_WAIT_MS): () => void {
  if (surface.maxScroll() >= y) {
    surface.scrollTo(y);
    return () => {};
  }
  surface.scrollTo(0);
  let done = false;
  const stops: (() => void)[] = [];
  const finish = () => {
    if (done) return;
    done = true;
    for (const stop of stops) stop();
  };
  stops.push(
    surface.onResize(() => {
      if (surface.maxScroll() < y) return;
      surface.scrollTo(y);
      finish();
    }),
  );
  stops.push(surface.onInteraction(finish));
  const timer = setTimeout(() => {
    surface.scrollTo(Math.min(y, surface.maxScroll()));
    finish();
  }, waitMs);
  stops.push(() => clearTimeout(timer));
  return finish;
}

/** The browser window and document as a ScrollSurface. */
export function windowSurface(win: Window = window): ScrollSurface {
  const doc = win.document;
  return {
    maxScroll: () => doc.documentElement.scrollHeight - win.innerHeight,
    scrollTo: (y) => win.scrollTo(0, y),
    onResize(callback) {
      if (typeof ResizeObserver === 'undefined') return () => {};
      const observer = new ResizeObserver(() => callback());
      observer.observe(doc.body);
      return () => observer.disconnect();
    },
    onInteraction(callback) {
      for (const type of INTERACTIONS) win.addEventListener(type, callback, { passive: true, capture: true });
      return () => {
        for (const type of INTERACTIONS) win.removeEventListener(type, callback, { capture: true });
      };
    },
  };
}

/** Keeps and restores scroll positions (see above). Rendered once, in the frame. */
export function ScrollRestorer() {
  // Claimed at the first render, before any navigation: the entry the document was loaded at is still the current one.
  const [documentEntry] = useState(() => claimDocumentEntry());
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = entryKey(location, documentEntry);
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readPositions(window.sessionStorage);
  const current = useRef(key);

  useEffect(() => {
    const saved = positions.current as Map<string, number>;
    window.history.scrollRestoration = 'manual';
    // The current entry's position: on every scroll, and also just before anything that may leave it (a click on a
    // link, Back or Forward, the page going away), in case the last scroll event has not been dispatched yet.
    const remember = () => {
      saved.delete(current.current);
      saved.set(current.current, window.scrollY);
    };
    const persist = () => {
      remember();
      writePositions(window.sessionStorage, saved);
    };
    const persistWhenHidden = () => {
      if (document.visibilityState === 'hidden') persist();
    };
    const listeners: [EventTarget, string, () => void][] = [
      [window, 'scroll', remember],
      [document, 'click', remember],
      [window, 'popstate', remember],
      [window, 'pagehide', persist],
      [document, 'visibilitychange', persistWhenHidden],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener, { passive: true, capture: true });
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener, { capture: true });
    };
  }, []);

  // Before paint: the new page never shows at the old one's position.
  useLayoutEffect(() => {
    current.current = key;
    const saved = navigationType === 'POP' ? positions.current?.get(key) : undefined;
    if (saved !== undefined) return restoreScroll(saved, windowSurface());
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: the top of the page.
      }
      if (target) {
        target.scrollIntoView();
        return undefined;
      }
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [key, navigationType, location.hash]);

  return null;
}
