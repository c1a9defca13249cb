/**
 * Totals of public searches, kept for a short time. Counting every match is
 * what a search at 100,000 listings spends most of its time on (the page
 * itself is read in index order and stops after `pageSize` rows), while the
 * same filters come back again and again (the rooms page, the Home location
 * cards, the next page of a search). So a total is reused for `ttlMs`, per
 * filter set; the page rows are always read fresh.
 *
 * Any listing change through this instance clears the cache at once. Changes
 * through another instance, and listings expiring, show in totals within
 * `ttlMs`. A ttl of 0 turns the cache off. The same class, with other values,
 * keeps the cities a city prefix matches (repository.ts, matchCities).
 */
import { rentBounds, type SearchFilters } from './repository.ts';

export class SearchCountCache<T = number> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** In least-recently-used order: a hit moves its key to the end. */
  readonly #entries = new Map<string, { total: T; expiresAt: number }>();

  constructor(ttlMs: number, maxEntries = 5000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** One key for every way of asking the same thing ('London' and 'london ', priceRange or the same min/max). */
  static key(filters: SearchFilters): string {
    const { min, max } = rentBounds(filters);
    return JSON.stringify([
      filters.city?.trim().toLowerCase() ?? null,
      filters.address?.trim().toLowerCase() ?? null,
      min ?? null,
      max ?? null,
      filters.roomType ?? null,
      filters.availableDate ?? null,
    ]);
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.#entries.set(key, entry);
    return entry.total;
  }

  set(key: string, total: T, now = Date.now()): void {
    if (!this.enabled) return;
    this.#entries.delete(key);
    this.#entries.set(key, { total, expiresAt: now + this.ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
