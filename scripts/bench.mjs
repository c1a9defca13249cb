#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark, one table with the budget
 * beside each figure, written as JSON to `bench-results/summary.json`.
 *
 *   npm run bench                     search, messaging, web (when its script exists), soak, photos, alerts and jobs
 *   npm run bench -- search           one part alone (also: messaging, pages, web, soak, photos, alerts, jobs; several may be named)
 *   npm run bench:search / bench:messaging
 *
 * Parts, each a process of its own that writes its rows to
 * `bench-results/<part>.json`:
 *   search     api/bench/search.ts     GET /api/listings on PostgreSQL and PGlite, the bare-route
 *                                      ceiling, PGlite's event loop, growth with the table
 *   messaging  api/bench/messaging.ts  live delivery between two instances: p95, lost, duplicates
 *   pages      api/bench/pages.ts      a page's HTML with its metadata: the room page (its query, tags and
 *                                      JSON-LD) against a fixed page and a 404, in the same run, on PGlite
 *   web        `npm run bench:web`     when the root package.json has that script (the Chromium
 *                                      bench writes bench-results/web.json)
 *   soak       api/bench/soak.ts       many simulated people searching, posting and messaging for a
 *                                      bounded time (SOAK_SECONDS, 60) on PGlite and PostgreSQL:
 *                                      5xx, failures, lost messages, memory growth
 *   photos     api/bench/photos.ts     ten 12-megapixel phone photos through the upload route: time,
 *                                      per photo against the one-image path, peak RSS and sharp's memory
 *   alerts     api/bench/alerts.ts     100,000 saved searches on PostgreSQL and PGlite: matching one new
 *                                      listing (p50, p95, against a sequential scan), the daily digest
 *                                      (total time, emails a second, peak RSS)
 *   jobs       api/bench/jobs.ts       the job queue: 20,000 no-op jobs drained by 1 and 4 worker processes
 *                                      on PostgreSQL (jobs/s, ratio, claim p95, none run twice), and 1
 *                                      runner on PGlite for reference
 *
 * ROW FORMAT (every part writes a JSON array of these to bench-results/<part>.json):
 *   {
 *     group:   string,                 // the block of the table, e.g. "API search, PostgreSQL, 100,000 listings"
 *     metric:  string,                 // e.g. "search, 16 conn: p95"
 *     value:   number | null,          // null: not measured (say why in note)
 *     unit:    string,                 // "ms", "req/s", "%", "KiB", "x", "" ...
 *     budget?: { op: '<=' | '>=', value: number },   // the budget this figure must meet, if any
 *     note?:   string,                 // anything the reader needs: runs, what was skipped and why
 *   }
 * The summary adds `part` and `status` ('met', 'not met', 'skipped' when value is null, or '' without
 * a budget) to every row. Medians of several runs are the parts' business (each says so in its note
 * or metric).
 *
 * PostgreSQL: BENCH_DATABASE_URL when set; otherwise, when PostgreSQL's binaries are installed
 * (/usr/lib/postgresql/<n>/bin, as .ci/run installs them), a private cluster in a temporary folder
 * on a free loopback port, removed at the end (run as the `postgres` user when this runs as root).
 * Without either, the PostgreSQL rows are printed as skipped, with the reason.
 *
 * Time: about 8 minutes on 2 cores. BENCH_1M=1 adds the search at 1,000,000 listings (about
 * 4 minutes more). Other knobs are the parts' own (BENCH_DURATION, BENCH_RUNS, BENCH_MSG_RUNS...).
 * BENCH_STRICT=1 exits 1 when a budget is not met (a failed part always exits 1).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench-results');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const PARTS = ['search', 'messaging', 'pages', 'web', 'soak', 'photos', 'alerts', 'jobs'];

const log = (message) => console.info(`[bench] ${message}`);

function requestedParts() {
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = named.filter((p) => !PARTS.includes(p));
  if (unknown.length) {
    console.error(`[bench] unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
    process.exit(2);
  }
  return named.length ? named : PARTS;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** The newest /usr/lib/postgresql/<n>/bin that has initdb, or null. */
function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/**
 * A private PostgreSQL cluster for the run (as .ci/run starts one): trust auth on loopback only,
 * fsync off (a scratch database; the figures are of the API, not of this VM's disk).
 * Answers { url, version, stop } or { skipped: reason }.
 */
async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL?.trim()) return { url: process.env.BENCH_DATABASE_URL.trim(), version: 'from BENCH_DATABASE_URL', stop: () => {} };
  const bin = findPostgresBin();
  if (!bin) return { skipped: 'no PostgreSQL binaries in /usr/lib/postgresql/*/bin and BENCH_DATABASE_URL is not set (apt-get install postgresql, as .ci/run does)' };
  const asRoot = userInfo().uid === 0;
  let pgUser = null;
  if (asRoot) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      pgUser = { uid, gid };
    } catch {
      return { skipped: 'running as root and there is no postgres user to run the cluster as' };
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'roomnest-bench-pg-'));
  const data = join(dir, 'data');
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  // As root, PostgreSQL's tools run as the postgres user (they refuse root).
  const run = (tool, args) =>
    execFileSync(join(bin, tool), args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...(pgUser ? { uid: pgUser.uid, gid: pgUser.gid } : {}) });
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=256MB`;
    run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'server.log'), '-o', options, 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `could not start a PostgreSQL cluster: ${(err.stderr || err.message || '').toString().trim().split('\n').slice(-2).join(' ')}` };
  }
  const version = /\d+(?:\.\d+)+/.exec(run('postgres', ['--version']))?.[0] ?? 'unknown';
  log(`PostgreSQL ${version}: private cluster on 127.0.0.1:${port} in ${dir}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Set by Ctrl-C or SIGTERM: the running part is stopped and no other part starts. */
let interrupted = null;

function runChild(command, args, env) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    const forward = (signal) => {
      interrupted = signal;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolveRun(code ?? (signal ? 1 : 0));
    });
  });
}

/** The rows a part wrote, if it wrote them during this run. */
function readRows(part, since) {
  const file = join(RESULTS, `${part}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < since) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const rows = Array.isArray(data) ? data : Array.isArray(data?.rows) ? data.rows : null;
  if (!rows) throw new Error(`${file} is not an array of rows`);
  return rows;
}

function statusOf(row) {
  if (!row.budget) return '';
  if (row.value === null || row.value === undefined || Number.isNaN(row.value)) return 'skipped';
  return (row.budget.op === '<=' ? row.value <= row.budget.value : row.value >= row.budget.value) ? 'met' : 'NOT MET';
}

const formatNumber = (value) => {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const abs = Math.abs(value);
  const digits = abs >= 100 || Number.isInteger(value) ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
};
const withUnit = (value, unit) => (value === '—' || !unit ? value : unit === '%' || unit === 'x' ? `${value}${unit}` : `${value} ${unit}`);

/** One aligned table: group headers, then metric | value | budget | status | note. */
function printTable(rows) {
  const lines = rows.map((r) => ({
    group: r.group,
    metric: r.metric,
    value: withUnit(formatNumber(r.value), r.unit),
    budget: r.budget ? withUnit(`${r.budget.op} ${formatNumber(r.budget.value)}`, r.unit) : '',
    status: r.status,
    note: r.note ?? '',
  }));
  const width = (key, title) => Math.max(title.length, ...lines.map((l) => l[key].length));
  const w = { metric: width('metric', 'metric'), value: width('value', 'value'), budget: width('budget', 'budget'), status: width('status', 'status') };
  const out = [''];
  out.push(`${'metric'.padEnd(w.metric)}  ${'value'.padStart(w.value)}  ${'budget'.padEnd(w.budget)}  ${'status'.padEnd(w.status)}  note`);
  let group = null;
  for (const l of lines) {
    if (l.group !== group) {
      group = l.group;
      out.push('', `== ${group}`);
    }
    out.push(`${l.metric.padEnd(w.metric)}  ${l.value.padStart(w.value)}  ${l.budget.padEnd(w.budget)}  ${l.status.padEnd(w.status)}  ${l.note}`.trimEnd());
  }
  console.info(out.join('\n'));
}

async function main() {
  const parts = requestedParts();
  const started = Date.now();
  mkdirSync(RESULTS, { recursive: true });
  const rows = [];
  const skipped = [];
  const failed = [];
  const needsPostgres = parts.some((p) => ['search', 'messaging', 'soak', 'alerts', 'jobs'].includes(p));
  const pg = needsPostgres ? await startPostgres() : { skipped: 'not needed' };
  if (needsPostgres && pg.skipped) {
    log(`PostgreSQL rows skipped: ${pg.skipped}`);
    skipped.push(`PostgreSQL: ${pg.skipped}`);
  }
  const pgEnv = pg.url ? { BENCH_DATABASE_URL: pg.url } : { BENCH_DATABASE_URL: '' };
  const cleanup = () => pg.stop?.();
  process.on('exit', cleanup);

  try {
    for (const part of parts) {
      if (interrupted) break;
      const since = Date.now();
      let code;
      if (part === 'search') {
        log('part: API search (api/bench/search.ts)');
        code = await runChild(TSX, ['api/bench/search.ts'], pgEnv);
      } else if (part === 'messaging') {
        log('part: messaging (api/bench/messaging.ts)');
        code = await runChild(TSX, ['api/bench/messaging.ts'], pgEnv);
      } else if (part === 'pages') {
        log('part: page HTML with metadata (api/bench/pages.ts)');
        code = await runChild(TSX, ['api/bench/pages.ts'], {});
      } else if (part === 'soak') {
        log('part: soak (api/bench/soak.ts)');
        code = await runChild(TSX, ['api/bench/soak.ts'], pgEnv);
      } else if (part === 'photos') {
        log('part: photos (api/bench/photos.ts)');
        code = await runChild(TSX, ['api/bench/photos.ts'], {});
      } else if (part === 'alerts') {
        log('part: saved-search alerts (api/bench/alerts.ts)');
        code = await runChild(TSX, ['api/bench/alerts.ts'], pgEnv);
      } else if (part === 'jobs') {
        log('part: job queue (api/bench/jobs.ts)');
        code = await runChild(TSX, ['api/bench/jobs.ts'], pgEnv);
      } else {
        const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
        if (!scripts['bench:web']) {
          skipped.push('web: no bench:web script in package.json');
          rows.push({ part, group: 'Web', metric: 'all web rows', value: null, unit: '', note: 'skipped: no bench:web script yet', status: 'skipped' });
          continue;
        }
        log('part: web (npm run bench:web)');
        code = await runChild('npm', ['run', 'bench:web'], {});
      }
      let partRows = null;
      try {
        partRows = readRows(part, since);
      } catch (err) {
        log(`${part}: ${err.message}`);
      }
      if (code !== 0) failed.push(`${part} exited ${code}`);
      if (!partRows) {
        failed.push(`${part} wrote no bench-results/${part}.json`);
        rows.push({ part, group: part, metric: 'all rows', value: null, unit: '', note: `the ${part} bench failed (exit ${code})`, status: 'skipped' });
        continue;
      }
      for (const row of partRows) rows.push({ part, ...row, status: statusOf(row) });
    }
  } finally {
    cleanup();
  }

  const minutes = Math.round((Date.now() - started) / 600) / 100;
  const environment = {
    node: process.versions.node,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadavg: loadavg().map((n) => Math.round(n * 100) / 100),
    postgres: pg.version ?? null,
    minutes,
  };
  const summary = { date: new Date().toISOString(), environment, parts, skipped, failed, rows };
  writeFileSync(join(RESULTS, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  printTable(rows);
  const notMet = rows.filter((r) => r.status === 'NOT MET');
  const met = rows.filter((r) => r.status === 'met');
  console.info('');
  log(`${met.length} budgets met, ${notMet.length} not met${skipped.length ? `; skipped: ${skipped.join('; ')}` : ''}`);
  if (failed.length) log(`failed: ${failed.join('; ')}`);
  log(`${minutes} min; Node ${environment.node}, ${environment.cpus} CPUs, load ${environment.loadavg.join(' ')}; table in bench-results/summary.json`);
  if (interrupted) log(`interrupted (${interrupted}): the parts after it did not run`);
  if (interrupted || failed.length || (process.env.BENCH_STRICT === '1' && notMet.length)) process.exitCode = 1;
}

main().catch((err) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
