/**
 * A Kysely dialect for PGlite (PostgreSQL in WASM, one connection), which runs
 * in a worker thread (`pglite-worker.mjs`, driven through `PGliteWorker`): the
 * API's event loop never runs a statement, it only posts them and reads the
 * answers, so a slow query no longer holds timers, I/O or a health check.
 *
 * Every use of the database goes through one FIFO mutex on this side: a query,
 * or a whole transaction from BEGIN to COMMIT, has the connection to itself, so
 * a request's statements never land inside another request's open transaction
 * (the way the package kysely-pglite loses writes under concurrency). In the
 * worker, transactions run through `pglite.transaction()`, which owns
 * BEGIN/COMMIT/ROLLBACK; every statement says whether it belongs to the open
 * transaction, and the worker refuses one that does not match.
 */
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
import type { PGliteWorker } from './pglite-worker-client.ts';

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

class PGliteConnection implements DatabaseConnection {
  readonly #worker: PGliteWorker;
  #inTransaction = false;

  constructor(worker: PGliteWorker) {
    this.#worker = worker;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#worker.query<R>(compiledQuery.sql, compiledQuery.parameters, this.#inTransaction);
    return result.affectedRows === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) };
  }

  /** PGlite has no server-side cursor: the result is read whole, then handed out in chunks. */
  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  async begin(settings: TransactionSettings): Promise<void> {
    if (this.#inTransaction) throw new Error('A transaction is already open on this connection.');
    const parts = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean);
    // If BEGIN or the setup fails, the worker has rolled back: no transaction is open.
    await this.#worker.begin(parts.length ? `set transaction ${parts.join(' ')}` : undefined);
    this.#inTransaction = true;
  }

  /** Commits or rolls back the open transaction; a no-op when none is open (Kysely rolls back after a failed commit). */
  async end(commit: boolean): Promise<void> {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    await this.#worker.end(commit);
  }

  async savepoint(command: string): Promise<void> {
    if (!this.#inTransaction) throw new Error('Savepoints need an open transaction.');
    await this.#worker.query(command, [], true);
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

class PGliteDriver implements Driver {
  readonly #worker: PGliteWorker;
  readonly #connection: PGliteConnection;
  readonly #mutex = new Mutex();
  #unlock: (() => void) | null = null;

  constructor(worker: PGliteWorker) {
    this.#worker = worker;
    this.#connection = new PGliteConnection(worker);
  }

  async init(): Promise<void> {
    // The worker is open before the dialect is made (PGliteWorker.start).
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#unlock = await this.#mutex.lock();
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

  /** Waits for the query or transaction in progress (and those queued before), then closes PGlite and ends the worker. */
  async destroy(): Promise<void> {
    const unlock = await this.#mutex.lock();
    try {
      await this.#worker.close();
    } finally {
      unlock();
    }
  }
}

export class PGliteDialect implements Dialect {
  readonly #worker: PGliteWorker;

  constructor(worker: PGliteWorker) {
    this.#worker = worker;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#worker);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
