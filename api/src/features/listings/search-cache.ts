/**
 * What public search keeps in memory, per API instance, for `ttlMs`
 * (SEARCH_CACHE_SECONDS): whole answers (one page of one search, as JSON
 * bytes with their brotli and gzip forms), the totals of each filter set (so
 * the next page of a search skips its count), the place each City field text
 * names (places.ts), and the planner's size of the table.
 *
 * Searches repeat: the rooms page, the Home location cards, the first pages of
 * the popular filters. An answer kept costs the server what a fixed JSON body
 * costs (no query, no serialization, no compression), where reading and
 * encoding it costs ten to twenty times that.
 *
 * Freshness: every change to listings, and to a landlord's name or picture
 * (which answers carry), clears the cache of every instance. Migration 0007's
 * triggers send a NOTIFY on the schema's channel (`searchChannel`) when such a
 * change commits, whoever made it (any instance, the seed, psql); `watch`
 * listens to it. The instance that made a change also clears its own cache
 * before answering (`clear`), so its client sees the change on the next
 * search without waiting for the notification. What no notification tells,
 * a listing reaching its expiry time, shows within `ttlMs`; a listener that
 * lost its connection clears on reconnecting. A ttl of 0 keeps nothing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { channelName, listenerFor, schemaChannel } from '../../db/listen.ts';
import type { DB } from '../../db/types.ts';
import { placeKey, type Place } from './places.ts';
import { rentBounds, type SearchFilters } from './repository.ts';

/** A map whose entries live `ttlMs` and whose least recently used entries go first past `maxEntries` or `maxBytes`. */
export class TtlCache<T> {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly #sizeOf: (value: T) => number;
  /** In least-recently-used order: a hit moves its key to the end. */
  readonly #entries = new Map<string, { value: T; expiresAt: number; bytes: number }>();
  #bytes = 0;

  constructor(ttlMs: number, { maxEntries = 5000, maxBytes = Infinity, sizeOf = () => 0 }: { maxEntries?: number; maxBytes?: number; sizeOf?: (value: T) => number } = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (!this.enabled) return;
    this.#delete(key);
    const bytes = this.#sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.#entries.set(key, { value, expiresAt: now + this.ttlMs, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the kept values weigh, by `sizeOf`. */
  get bytes(): number {
    return this.#bytes;
  }
}

/**
 * One key for every way of asking for the same listings ('London' and 'london ', 'E8  3PB' and 'e8 3pb', priceRange
 * or the same min/max). The City field stands for the place it names (`places`, under its placeKey).
 */
export function filtersKey(filters: SearchFilters): string {
  const { min, max } = rentBounds(filters);
  return JSON.stringify([
    filters.city ? placeKey(filters.city) : null,
    filters.address?.trim().toLowerCase() ?? null,
    min ?? null,
    max ?? null,
    filters.roomType ?? null,
    filters.availableDate ?? null,
  ]);
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * A JSON answer's bytes, and each compressed form, made on first use and kept.
 * Brotli at quality 4 and gzip at the default level, as @fastify/compress
 * compresses the API's other answers.
 */
export class EncodedJson {
  readonly json: Buffer;
  #br: Buffer | null = null;
  #gzip: Buffer | null = null;

  constructor(json: string | Buffer | ArrayBuffer) {
    this.json = typeof json === 'string' ? Buffer.from(json) : Buffer.from(json as ArrayBuffer);
  }

  body(encoding: ContentEncoding | null): Buffer {
    if (encoding === 'br') {
      return (this.#br ??= brotliCompressSync(this.json, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
      }));
    }
    if (encoding === 'gzip') return (this.#gzip ??= gzipSync(this.json));
    return this.json;
  }

  /** The bytes kept: the JSON and each form made so far. */
  get bytes(): number {
    return this.json.length + (this.#br?.length ?? 0) + (this.#gzip?.length ?? 0);
  }
}

/** The channel of a schema's search changes (migration 0007 notifies the same name). */
export const searchChannel = (schema: string) => channelName('roomnest_search', schema);

/** Answers kept at most: about 30 KB of JSON and 5 KB of each compressed form apiece. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export class SearchCache {
  readonly ttlMs: number;
  readonly answers: TtlCache<EncodedJson>;
  /** Totals per filter set (filtersKey), as read: each branch's count up to the cap + 1 (repository.ts, SearchPage.counts). */
  readonly counts: TtlCache<number[]>;
  /** The place each City field text names, under its placeKey (resolvePlace). */
  readonly places: TtlCache<Place>;
  /** The planner's estimate of the table's size (estimateListings). */
  readonly tableRows: TtlCache<number>;
  /** Moves on at every clear: an answer read while a change committed is not kept (see `answer`). */
  #generation = 0;
  /** Answers being read, so that a burst of the same search reads it once. */
  readonly #reading = new Map<string, Promise<EncodedJson>>();
  #unlisten: (() => Promise<void>) | null = null;

  /** Told of every lookup of an answer while the cache is on: kept (or being read by another search) or not (GET /metrics). */
  readonly #onLookup: ((hit: boolean) => void) | undefined;

  constructor(ttlMs: number, { onLookup }: { onLookup?: (hit: boolean) => void } = {}) {
    this.ttlMs = ttlMs;
    this.#onLookup = onLookup;
    this.answers = new TtlCache(ttlMs, { maxEntries: 10_000, maxBytes: MAX_ANSWER_BYTES, sizeOf: (answer) => answer.bytes });
    this.counts = new TtlCache(ttlMs);
    this.places = new TtlCache(ttlMs);
    this.tableRows = new TtlCache(ttlMs, { maxEntries: 1 });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  clear(): void {
    this.#generation++;
    this.#reading.clear();
    this.answers.clear();
    this.counts.clear();
    this.places.clear();
  }

  /**
   * The answer kept under `key`, or `read()`'s, kept unless the cache was
   * cleared while it was read (it may predate the change that cleared it).
   * Searches asking for the same key while it is read share that read.
   */
  async answer(key: string, read: () => Promise<string | Buffer | ArrayBuffer>): Promise<EncodedJson> {
    if (!this.enabled) return new EncodedJson(await read());
    const kept = this.answers.get(key);
    const pending = kept ? undefined : this.#reading.get(key);
    this.#onLookup?.(Boolean(kept ?? pending));
    if (kept) return kept;
    if (pending) return pending;
    const generation = this.#generation;
    const reading = read().then((json) => new EncodedJson(json));
    this.#reading.set(key, reading);
    try {
      const answer = await reading;
      if (generation === this.#generation) this.answers.set(key, answer);
      return answer;
    } finally {
      if (this.#reading.get(key) === reading) this.#reading.delete(key);
    }
  }

  /** Clears on every change notified on the schema's channel (migration 0007), from any instance. */
  async watch(db: Kysely<DB>, log: FastifyBaseLogger): Promise<void> {
    const listen = listenerFor(db);
    if (!this.enabled || !listen || this.#unlisten) return;
    this.#unlisten = await listen(await schemaChannel(db, 'roomnest_search'), {
      onNotify: () => this.clear(),
      onReconnect: () => {
        log.warn('search cache: listener reconnected; clearing what changes may have been missed');
        this.clear();
      },
      onError: (err) => log.warn({ err }, 'search cache: listener connection failed'),
    });
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
    this.#unlisten = null;
  }
}

const ENCODINGS = new Negotiator<ContentEncoding>({ supportedValues: ['br', 'gzip'] });

/**
 * Sends a kept answer in the encoding the client prefers (as @fastify/compress
 * would choose it), already compressed, so the compress plugin leaves it be.
 */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, answer: EncodedJson): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? ENCODINGS.negotiate(accepted.toLowerCase()) : null;
  const vary = reply.getHeader('vary');
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(answer.body(encoding));
}
