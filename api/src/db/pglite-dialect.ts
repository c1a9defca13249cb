/**
 * A Kysely dialect for PGlite (PostgreSQL in WASM, one connection).
 *
 * Every use of the database goes through one FIFO mutex: a query, or a whole
 * transaction from BEGIN to COMMIT, has the connection to itself, so a request's
 * statements never land inside another request's open transaction (the way the
 * package kysely-pglite loses writes under concurrency). Transactions run
 * through `pglite.transaction()`, which owns BEGIN/COMMIT/ROLLBACK.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A first-in, first-out mutex: `lock()` resolves with the function that unlocks. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let unlock!: () => void;
    const released = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    const acquired = this.#tail.then(() => unlock);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #tx: Transaction | null = null;
  /** Settles the open transaction: true commits, false rolls back. */
  #settle: ((commit: boolean) => void) | null = null;
  /** The promise of `pglite.transaction()`; it rejects if COMMIT or ROLLBACK fails. */
  #finished: Promise<void> | null = null;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#tx ?? this.#pglite;
    const result = await target.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command?.toUpperCase();
    if (command && WRITE_COMMANDS.has(command)) {
      return { rows: result.rows, numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) };
    }
    return { rows: result.rows };
  }

  /** PGlite has no server-side cursor: the result is read whole, then handed out in chunks. */
  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  async begin(settings: TransactionSettings): Promise<void> {
    if (this.#tx) throw new Error('A transaction is already open on this connection.');
    let settle!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    let opened!: (tx: Transaction) => void;
    const ready = new Promise<Transaction>((resolve) => {
      opened = resolve;
    });
    const finished = this.#pglite.transaction(async (tx) => {
      opened(tx);
      if (!(await decided)) await tx.rollback();
    });
    // If BEGIN fails, `finished` rejects before the callback ever runs.
    this.#tx = await Promise.race([ready, finished.then(() => Promise.reject(new Error('The transaction ended before it began.')))]);
    this.#settle = settle;
    this.#finished = finished;
    if (settings.isolationLevel || settings.accessMode) {
      const parts = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean);
      try {
        await this.#tx.query(`set transaction ${parts.join(' ')}`);
      } catch (err) {
        await this.end(false).catch(() => undefined);
        throw err;
      }
    }
  }

  /** Commits or rolls back the open transaction; a no-op when none is open (Kysely rolls back after a failed commit). */
  async end(commit: boolean): Promise<void> {
    const settle = this.#settle;
    const finished = this.#finished;
    this.#tx = null;
    this.#settle = null;
    this.#finished = null;
    if (!settle || !finished) return;
    settle(commit);
    await finished;
  }

  async savepoint(command: string): Promise<void> {
    if (!this.#tx) throw new Error('Savepoints need an open transaction.');
    await this.#tx.query(command);
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connection: PGliteConnection;
  readonly #mutex = new Mutex();
  #unlock: (() => void) | null = null;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#unlock = await this.#mutex.lock();
    // Back to the event loop before each use. PGlite runs a statement synchronously on this thread, and the
    // statements queued behind the mutex would otherwise run back to back in one tick (each unlock resumes the
    // next waiter as a promise continuation), keeping timers and I/O, a health check included, waiting for all
    // of them together: 120 to 250 ms under a search load at 100,000 listings, instead of one statement's time.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const unlock = this.#unlock;
    this.#unlock = null;
    unlock?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PGliteConnection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).savepoint(`savepoint ${quoteIdentifier(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).savepoint(`rollback to savepoint ${quoteIdentifier(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await (connection as PGliteConnection).savepoint(`release savepoint ${quoteIdentifier(name)}`);
  }

  /** Waits for the query or transaction in progress, then closes PGlite. */
  async destroy(): Promise<void> {
    const unlock = await this.#mutex.lock();
    try {
      if (!this.#pglite.closed) await this.#pglite.close();
    } finally {
      unlock();
    }
  }
}

export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
