/**
 * LISTEN/NOTIFY for live features (messages): one listener per database handle.
 *
 * - PGlite: `pglite.listen(channel, cb)` in the database's worker thread, each
 *   notification forwarded to this thread; every app on the same PGlite
 *   instance hears every NOTIFY. If the worker dies, `onError` is told.
 * - PostgreSQL: one dedicated `pg` Client per channel (outside the pool, since a
 *   pooled connection may be handed to someone else). It reconnects with backoff
 *   when the connection drops and tells the subscriber (`onReconnect`), because
 *   notifications sent while it was down are lost and the subscriber must resync.
 *
 * `openDatabase` registers the handle's listener here; features look it up with
 * `listenerFor(db)`, so neither buildApp nor the test harness has to carry it.
 */
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import type { DB } from './types.ts';
import type { PGliteWorker } from './pglite-worker-client.ts';

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** The PostgreSQL listener lost its connection and is listening again: notifications in between were lost. */
  onReconnect?(): void;
  onError?(err: unknown): void;
}

/** Starts listening on `channel`; resolves once LISTEN is in place with the function that stops. */
export type ListenFn = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const LISTENERS = new WeakMap<object, ListenFn>();

export function registerListener(db: object, listen: ListenFn): void {
  LISTENERS.set(db, listen);
}

/** The listener of a database handle opened by `openDatabase`; undefined for any other handle. */
export function listenerFor(db: object): ListenFn | undefined {
  return LISTENERS.get(db);
}

/** The channel `<prefix>_<schema>` of the database's current schema, so that the schemas on one server (the tests', a benchmark's) never hear one another. */
export async function schemaChannel(db: Kysely<DB>, prefix: string): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return channelName(prefix, rows[0]?.schema ?? 'public');
}

/** `<prefix>_<schema>` within PostgreSQL's 63 bytes of a name; the triggers of migration 0007 compute the same. */
export const channelName = (prefix: string, schema: string) => `${prefix}_${schema.replace(/[^a-zA-Z0-9_]/g, '_')}`.slice(0, 63);

/** Sends `payload` on `channel` to every listener, when the transaction (or the statement) commits. */
export async function notify(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function pgliteListener(worker: PGliteWorker): ListenFn {
  return (channel, { onNotify, onError }) => worker.listen(channel, { onNotify, onError });
}

const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

export function postgresListener(url: string, searchPath?: string): ListenFn {
  return async (channel, handlers) => {
    let client: Client | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: NodeJS.Timeout | null = null;

    const connect = async (): Promise<void> => {
      const c = new Client({ connectionString: url, ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}) });
      let lost = false;
      const onLost = (err?: unknown) => {
        if (lost) return;
        lost = true;
        if (err) handlers.onError?.(err);
        c.removeAllListeners('notification');
        c.end().catch(() => undefined);
        if (client === c) client = null;
        if (!stopped) schedule();
      };
      c.on('error', onLost);
      c.on('end', () => onLost());
      c.on('notification', (n) => {
        if (n.channel === channel) handlers.onNotify(n.payload ?? '');
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (err) {
        lost = true; // the caller retries; later 'error'/'end' events of this client are ignored
        c.end().catch(() => undefined);
        throw err;
      }
      client = c;
    };

    const schedule = () => {
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      timer = setTimeout(() => {
        timer = null;
        connect().then(
          () => {
            attempt = 0;
            if (stopped) void client?.end().catch(() => undefined);
            else handlers.onReconnect?.();
          },
          (err: unknown) => {
            handlers.onError?.(err);
            if (!stopped) schedule();
          },
        );
      }, delay);
      timer.unref();
    };

    await connect();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    };
  };
}
