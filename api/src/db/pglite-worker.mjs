// @ts-check
/**
 * The PGlite worker thread: owns one PGlite instance (Postgres in WASM) so that
 * no statement ever runs on the API's event loop. Started and driven by
 * `pglite-worker-client.ts`; plain JavaScript importing only npm packages, so
 * it runs the same under tsx (npm start), vitest and the benchmarks.
 *
 * Protocol (structured-clone messages on the worker's port):
 *   → { id, op: 'query', sql, params, inTx }   ← { type: 'result', id, result: { rows, command, affectedRows } }
 *   → { id, op: 'begin', setup? }              (setup: a `set transaction …` statement run right after BEGIN)
 *   → { id, op: 'commit' } / { id, op: 'rollback' }
 *   → { id, op: 'listen', channel, sub }       ← { type: 'notify', sub, payload } for every NOTIFY on it
 *   → { id, op: 'unlisten', sub }
 *   → { id, op: 'close' }                      closes PGlite, answers, and the thread ends
 *   ← { type: 'error', id, error }             any failure, with every field of a PostgreSQL error
 *   ← { type: 'ready' } / { type: 'failed', error } once, after the open
 *
 * Transactions go through `pglite.transaction()` (it owns BEGIN, COMMIT and
 * ROLLBACK, and refuses a COMMIT of an aborted transaction with 25P02); plain
 * queries through `pglite.query()`, which waits for an open transaction to end
 * instead of landing inside it. The main side also serializes every use
 * through its own mutex (a query, or a whole transaction, at a time).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * @typedef {{
 *   dataDir?: string,
 *   parsers: Record<string, 'number' | 'text'>,
 *   pgliteWasmModule: WebAssembly.Module,
 *   initdbWasmModule: WebAssembly.Module,
 * }} WorkerOptions
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 */

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread (see pglite-worker-client.ts).');
const port = parentPort;
const options = /** @type {WorkerOptions} */ (workerData);

/** How the driver hands each type back, by oid (database.ts TYPE_PARSING: the same for `pg`). */
const PARSE = { number: Number, text: (/** @type {string} */ value) => value };
const parsers = Object.fromEntries(Object.entries(options.parsers).map(([oid, kind]) => [Number(oid), PARSE[kind]]));

/** Own fields of an error, as plain data: PostgreSQL's (code, constraint, detail…) and the query text. */
const ERROR_FIELDS = [
  'name', 'message', 'severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where',
  'schema', 'table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine', 'query', 'stack',
];

/** @param {unknown} err */
function serializeError(err) {
  if (typeof err !== 'object' || err === null) return { name: 'Error', message: String(err) };
  const source = /** @type {Record<string, unknown>} */ (err);
  /** @type {Record<string, string | number>} */
  const data = {};
  for (const key of [...ERROR_FIELDS, 'errno']) {
    const value = source[key];
    if (typeof value === 'string' || typeof value === 'number') data[key] = value;
  }
  // Emscripten's file-system errors are plain objects: { name: 'ErrnoError', errno }.
  data.message ??= `${data.name ?? 'Error'}${data.errno === undefined ? '' : ` (errno ${data.errno})`}`;
  return data;
}

const noop = () => {};

/** @type {PGlite | null} */
let instance = null;
try {
  // pg_trgm on every open, or queries on tables with trigram indexes fail.
  // The WASM modules come compiled from the main thread, shared by every worker.
  instance = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    parsers,
    pgliteWasmModule: options.pgliteWasmModule,
    initdbWasmModule: options.initdbWasmModule,
  });
} catch (err) {
  // The main side ends this thread when it reads this.
  port.postMessage({ type: 'failed', error: serializeError(err) });
}
if (instance) serve(instance);

/** Answers the main side's requests on `pglite` until it is closed. @param {PGlite} pglite */
function serve(pglite) {
  /** The open transaction, if any: its handle, how to settle it (true commits), and the promise of `pglite.transaction()`. */
  /** @type {{ tx: Transaction, settle: (commit: boolean) => void, finished: Promise<void> } | null} */
  let open = null;

  /** @param {string | undefined} setup */
  async function begin(setup) {
    if (open) throw new Error('A transaction is already open on this connection.');
    /** @type {(commit: boolean) => void} */
    let settle = noop;
    const decided = new Promise((resolve) => {
      settle = resolve;
    });
    /** @type {(tx: Transaction) => void} */
    let opened = noop;
    /** @type {Promise<Transaction>} */
    const ready = new Promise((resolve) => {
      opened = resolve;
    });
    const finished = pglite.transaction(async (tx) => {
      opened(tx);
      if (!(await decided)) await tx.rollback();
    });
    // If BEGIN fails, `finished` rejects before the callback ever runs.
    const tx = await Promise.race([ready, finished.then(() => Promise.reject(new Error('The transaction ended before it began.')))]);
    open = { tx, settle, finished };
    if (setup) {
      try {
        await tx.query(setup);
      } catch (err) {
        await end(false).catch(() => undefined);
        throw err;
      }
    }
  }

  /** Commits (true) or rolls back the open transaction; a no-op when none is open (Kysely rolls back after a failed commit). */
  async function end(/** @type {boolean} */ commit) {
    const current = open;
    open = null;
    if (!current) return;
    current.settle(commit);
    await current.finished;
  }

  const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

  /** @param {string} text @param {unknown[]} params @param {boolean} inTx */
  async function query(text, params, inTx) {
    if (inTx !== Boolean(open)) {
      throw new Error(inTx ? 'The transaction of this statement is no longer open.' : 'A statement outside the open transaction reached the connection.');
    }
    const result = await (open ? open.tx : pglite).query(text, params);
    const command = result.command?.toUpperCase();
    const affectedRows = command && WRITE_COMMANDS.has(command) ? (result.affectedRows ?? 0) : undefined;
    return { rows: result.rows, command, affectedRows };
  }

  /** Subscriptions by the main side's id: the function that stops each. */
  /** @type {Map<number, () => Promise<void>>} */
  const subscriptions = new Map();

  /**
   * @param {any} message
   * @returns {Promise<unknown>}
   */
  async function handle(message) {
    switch (message.op) {
      case 'query':
        return query(message.sql, message.params, message.inTx);
      case 'begin':
        return begin(message.setup);
      case 'commit':
        return end(true);
      case 'rollback':
        return end(false);
      case 'listen': {
        const sub = /** @type {number} */ (message.sub);
        const unlisten = await pglite.listen(message.channel, (payload) => port.postMessage({ type: 'notify', sub, payload }));
        subscriptions.set(sub, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = subscriptions.get(message.sub);
        subscriptions.delete(message.sub);
        await unlisten?.();
        return undefined;
      }
      case 'close':
        subscriptions.clear();
        if (!pglite.closed) await pglite.close();
        return undefined;
      default:
        throw new Error(`Unknown PGlite worker operation: ${String(message.op)}`);
    }
  }

  /** @param {number} id @param {unknown} err */
  const fail = (id, err) => port.postMessage({ type: 'error', id, error: serializeError(err) });

  port.on('message', (message) => {
    handle(message).then(
      (result) => {
        try {
          port.postMessage({ type: 'result', id: message.id, result });
        } catch (err) {
          // A value structured clone cannot carry: that request fails, the thread goes on.
          fail(message.id, err);
        }
        if (message.op === 'close') port.close();
      },
      (err) => fail(message.id, err),
    );
  });
  port.postMessage({ type: 'ready' });
}
