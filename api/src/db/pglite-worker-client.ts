/**
 * The main side of the PGlite worker (`pglite-worker.mjs`): PGlite runs every
 * statement synchronously in WASM, so it lives in a `node:worker_threads`
 * Worker and the API's event loop only posts requests and reads answers.
 *
 * - `start()` opens PGlite in a new worker (pg_trgm loaded, the type parsers
 *   given) and resolves once it is ready; an open that fails rejects with
 *   PGlite's error and ends the worker.
 * - Requests are matched to answers by id. Errors come back as an `Error` with
 *   every field of a PostgreSQL error (`code`, `constraint`, `detail`,
 *   `severity`, `schema`, `table`, `column`…, and PGlite's `query`).
 * - The worker keeps the process alive only while a request is waiting, as a
 *   pending query on a socket would; an idle database never holds a script or
 *   a test run open.
 * - If the worker dies (an uncaught error, an abort in WASM, a terminate), every
 *   waiting request rejects with one clear error, which is also logged, and
 *   every later request rejects at once: nothing hangs.
 * - `close()` closes PGlite in the worker (the caller first waits for work in
 *   progress: see the dialect) and waits for the thread to end.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** How the worker hands back a type, by PostgreSQL type oid: as a JavaScript number, or as the text PostgreSQL sent. */
export type TypeParsing = Record<number, 'number' | 'text'>;

export interface PGliteWorkerOptions {
  /** Omit for an in-memory database. */
  dataDir?: string;
  parsers: TypeParsing;
}

export interface WorkerQueryResult<R> {
  rows: R[];
  command?: string;
  /** Set for INSERT, UPDATE, DELETE and MERGE. */
  affectedRows?: number;
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; inTx: boolean }
  | { op: 'begin'; setup?: string }
  | { op: 'commit' }
  | { op: 'rollback' }
  | { op: 'listen'; channel: string; sub: number }
  | { op: 'unlisten'; sub: number }
  | { op: 'close' };

type ErrorData = Record<string, string | number> & { message?: string; stack?: string };

type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorData }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorData }
  | { type: 'notify'; sub: number; payload: string };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

interface WasmModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

let wasmModules: Promise<WasmModules> | null = null;

/**
 * PGlite's two WASM modules, compiled once per process and handed to every worker (a compiled module is shared
 * between threads, not copied). PGlite caches them itself, but per thread: without this, every open would compile
 * 9 MB of WASM again.
 */
function compiledWasm(): Promise<WasmModules> {
  wasmModules ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  wasmModules.catch(() => {
    wasmModules = null;
  });
  return wasmModules;
}

/** An Error carrying the fields the worker sent (a PostgreSQL error's `code`, `constraint`…), its stack the worker's. */
export function toError(data: ErrorData): Error {
  const err = new Error(String(data.message ?? 'PGlite failed')) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) {
    if (key !== 'message') err[key] = value;
  }
  return err;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Subscription {
  onNotify(payload: string): void;
  onError?(err: unknown): void;
}

export class PGliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #subscriptions = new Map<number, Subscription>();
  #nextId = 1;
  /** Set once the worker died or was closed: every request rejects with it. */
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;
  readonly #exited: Promise<void>;

  /** Opens PGlite in a new worker thread; resolves once it answers. */
  static async start(options: PGliteWorkerOptions): Promise<PGliteWorker> {
    const worker = new Worker(WORKER_URL, {
      name: 'pglite',
      workerData: { dataDir: options.dataDir, parsers: options.parsers, ...(await compiledWasm()) },
      // Plain JavaScript importing npm packages only: no loader (tsx, vitest) is needed or wanted there.
      execArgv: [],
    });
    return new Promise((resolve, reject) => {
      const cleanUp = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        if (reply.type === 'ready') {
          cleanUp();
          resolve(new PGliteWorker(worker));
        } else if (reply.type === 'failed') {
          cleanUp();
          void worker.terminate();
          const err = toError(reply.error);
          err.message = `PGlite could not open ${options.dataDir ? `the database in ${options.dataDir}` : 'an in-memory database'}: ${err.message}`;
          reject(err);
        }
      };
      const onError = (err: Error) => {
        cleanUp();
        void worker.terminate();
        reject(err);
      };
      const onExit = (code: number) => {
        cleanUp();
        reject(new Error(`The PGlite worker stopped before the database opened (exit code ${code}).`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: Reply) => this.#onMessage(reply));
    worker.on('error', (err) => this.#die(`The PGlite worker failed: ${err.message}`, err));
    this.#exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        if (this.#closing) this.#stop(new Error(`The PGlite worker ended while closing (exit code ${code}).`));
        else this.#die(`The PGlite worker stopped unexpectedly (exit code ${code}).`);
        resolve();
      });
    });
  }

  query<R>(sql: string, params: readonly unknown[], inTx: boolean): Promise<WorkerQueryResult<R>> {
    return this.#request({ op: 'query', sql, params, inTx }) as Promise<WorkerQueryResult<R>>;
  }

  /** BEGIN, then `setup` (a `set transaction …` statement) when given; the transaction is rolled back if that fails. */
  async begin(setup?: string): Promise<void> {
    await this.#request(setup ? { op: 'begin', setup } : { op: 'begin' });
  }

  /** Commits (true) or rolls back the open transaction. */
  async end(commit: boolean): Promise<void> {
    await this.#request({ op: commit ? 'commit' : 'rollback' });
  }

  /** LISTEN on `channel`; resolves once it is in place with the function that stops. */
  async listen(channel: string, subscription: Subscription): Promise<() => Promise<void>> {
    const sub = this.#nextId++;
    this.#subscriptions.set(sub, subscription);
    try {
      await this.#request({ op: 'listen', channel, sub });
    } catch (err) {
      this.#subscriptions.delete(sub);
      throw err;
    }
    return async () => {
      if (!this.#subscriptions.delete(sub) || this.#stopped) return;
      await this.#request({ op: 'unlisten', sub }).catch(() => undefined);
    };
  }

  /**
   * Closes PGlite in the worker and waits for the thread to end. The caller waits for work in progress first
   * (the dialect's mutex). Safe to call again, and after a crash.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#stopped) await this.#request({ op: 'close' });
      } finally {
        this.#stop(new Error('The database is closed.'));
        // PGlite is closed (or the worker is gone): the thread ends on its own; terminate makes sure.
        await this.#worker.terminate();
        await this.#exited;
      }
    })();
    return this.#closing;
  }

  /** Ends the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.#worker.terminate();
    await this.#exited;
  }

  #request(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(new Error(this.#stopped.message, { cause: this.#stopped }));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ id, ...request }, []);
      } catch (err) {
        // A parameter structured clone cannot carry (a function, a class instance with private state…).
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      // The worker holds the process open only while someone waits for it.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
    });
  }

  #settle(id: number): Pending | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  #onMessage(reply: Reply): void {
    switch (reply.type) {
      case 'result':
        this.#settle(reply.id)?.resolve(reply.result);
        break;
      case 'error':
        this.#settle(reply.id)?.reject(toError(reply.error));
        break;
      case 'notify':
        this.#subscriptions.get(reply.sub)?.onNotify(reply.payload);
        break;
      default:
        break;
    }
  }

  /** Rejects every waiting request with `err`, and every later one. */
  #stop(err: Error): void {
    this.#stopped ??= err;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.#worker.unref();
    for (const p of pending) p.reject(new Error(this.#stopped.message, { cause: this.#stopped }));
  }

  #die(message: string, cause?: unknown): void {
    if (this.#stopped) return;
    const err = new Error(`${message} The embedded database is unavailable until the server restarts.`, cause === undefined ? undefined : { cause });
    console.error(`[db] ${err.message}`, cause ?? '');
    const subscriptions = [...this.#subscriptions.values()];
    this.#subscriptions.clear();
    this.#stop(err);
    for (const s of subscriptions) s.onError?.(err);
  }
}
