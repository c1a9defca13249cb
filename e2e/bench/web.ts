/**
 * Web benchmark (`npm run bench:web`): the first pages of the site in
 * Chromium against the production build, served exactly as `npm start` serves
 * it, beside a single-bundle build of the same source as the no-federation
 * baseline.
 *
 *   1. Builds every module into a fresh deployment store under
 *      .data/bench-web/federated (scripts/build-store.mjs, as `npm start`), and
 *      the single bundle (e2e/bench/single-bundle/vite.config.ts) as the live
 *      "shell" of a second store under .data/bench-web/single.
 *   2. Starts the API (api/src/main.ts, as `npm start`) once per store, each on
 *      a free port with its own small embedded database (BENCH_WEB_LISTINGS).
 *   3. For each of BENCH_WEB_RUNS runs, for each page and each build in turn
 *      (interleaved, so drift on a busy machine hits both alike), in a fresh
 *      browser context (cold cache): JavaScript bytes over the wire (encoded
 *      body sizes, so compressed when the server compressed), request count,
 *      LCP, CLS, and the time from clicking a nav link to the rendered heading
 *      of a page in a remote not yet loaded; then, for another remote not yet
 *      loaded, the same after pointing at its link for INTENT_MS first, as a
 *      mouse does before a click (the shell starts loading a remote page when
 *      a link to it is pointed at, focused or touched).
 *   4. Prints medians with the budgets and the federated/single ratios, and
 *      writes them to bench-results/web.json as rows
 *      `{ group, metric, value, unit, budget?, note? }`.
 *
 * Options (environment): BENCH_WEB_RUNS (5), BENCH_WEB_LISTINGS (300),
 * BENCH_WEB_REUSE=1 (keep the builds of a previous run when present),
 * CHROMIUM_PATH (/usr/bin/chromium). Run it alone on the machine: it measures
 * time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '../..');
const WORK = join(ROOT, '.data', 'bench-web');
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const LISTINGS = Number(process.env.BENCH_WEB_LISTINGS ?? 300);
const REUSE = process.env.BENCH_WEB_REUSE === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same flags as e2e/playwright.config.ts. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const VIEWPORT = { width: 1280, height: 800 };

type BuildName = 'federated' | 'single';
const BUILDS: BuildName[] = ['federated', 'single'];

interface PageSpec {
  /** Label in the table (`/rooms/{id}`). */
  label: string;
  /** How to find the URL once the server runs. */
  path: (server: Server) => string;
  /** A nav link to a page of a remote that this page has not loaded, and where it leads. */
  coldNav: { link: string; to: string };
  /** Another such link, timed after the pointer has rested on it for INTENT_MS. */
  intentNav: { link: string; to: string };
}

/** How long the pointer rests on a link before the click (people take 100 to 300 ms or more). */
const INTENT_MS = 150;

const PAGES: PageSpec[] = [
  { label: '/', path: () => '/', coldNav: { link: 'Find a Room', to: '/find-a-room' }, intentNav: { link: 'Flatmates', to: '/flatmates' } },
  { label: '/rooms', path: () => '/rooms', coldNav: { link: 'Flatmates', to: '/flatmates' }, intentNav: { link: 'Pricing', to: '/pricing' } },
  {
    label: '/rooms/{id}',
    path: (s) => `/rooms/${s.listingId}`,
    coldNav: { link: 'Flatmates', to: '/flatmates' },
    intentNav: { link: 'Pricing', to: '/pricing' },
  },
  { label: '/flatmates', path: () => '/flatmates', coldNav: { link: 'Find a Room', to: '/find-a-room' }, intentNav: { link: 'Pricing', to: '/pricing' } },
];

/** One page load in one build. */
interface Sample {
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  requests: number;
  jsRequests: number;
  /** Each script's path and compressed bytes, in the order they arrived (web-samples.json: what to look at when the total moves). */
  jsFiles: [string, number][];
  lcpMs: number;
  cls: number;
  coldNavMs: number;
  intentNavMs: number;
}

interface Server {
  build: BuildName;
  origin: string;
  listingId: number;
  child: ChildProcess;
}

// ---------------------------------------------------------------- build

function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const dataDir = (build: BuildName) => join(WORK, build);
const storeDir = (build: BuildName) => join(dataDir(build), 'store');

/** Every module into a fresh store, exactly as `npm start` builds what is missing. */
async function buildFederated() {
  const store = storeDir('federated');
  if (REUSE && existsSync(join(store, 'shell.json')) && existsSync(join(store, 'remotes.json'))) return;
  rmSync(dataDir('federated'), { recursive: true, force: true });
  console.info('[bench:web] building every module into the bench store (as npm start)');
  await run(process.execPath, ['scripts/build-store.mjs', '--all'], { DATA_DIR: dataDir('federated'), STORE_DIR: store });
}

/** The single bundle, published as the live shell of its own store (no remotes.json: nothing is federated). */
async function buildSingle() {
  const store = storeDir('single');
  if (REUSE && existsSync(join(store, 'shell.json'))) return;
  rmSync(dataDir('single'), { recursive: true, force: true });
  const version = `single-${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)}`;
  const outDir = join(store, 'shell', version);
  console.info('[bench:web] building the single-bundle baseline (no federation)');
  await run(bin('vite'), ['build', '--logLevel', 'warn', '--config', 'e2e/bench/single-bundle/vite.config.ts'], {
    NODE_ENV: 'production',
    OUT_DIR: outDir,
    MODULE_VERSION: version,
    SHELL_BASE: `/store/shell/${version}/`,
  });
  await postBuild(outDir);
  writeFileSync(join(store, 'shell.json'), `${JSON.stringify({ version })}\n`);
}

/**
 * What scripts/build-store.mjs does to a build after Vite (precompressed
 * copies of the static files), so both builds are served alike.
 */
async function postBuild(outDir: string) {
  const file = join(ROOT, 'scripts', 'precompress.mjs');
  if (!existsSync(file)) return;
  const { precompressDir } = (await import(file)) as { precompressDir: (dir: string) => Promise<unknown> };
  await precompressDir(outDir);
}

// ---------------------------------------------------------------- serve

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/** The API as `npm start` runs it, on a free port, with a small seed of its own. */
async function startServer(build: BuildName): Promise<Server> {
  const port = await freePort();
  rmSync(join(dataDir(build), 'db'), { recursive: true, force: true });
  rmSync(join(dataDir(build), 'uploads'), { recursive: true, force: true });
  const child = spawn(bin('tsx'), ['api/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir(build), STORE_DIR: storeDir(build), SEED_LISTINGS: String(LISTINGS), LOG_LEVEL: 'warn' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${build} server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the ${build} server did not answer ${origin}/api/health`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const search = (await (await fetch(`${origin}/api/listings?pageSize=1`)).json()) as { listings: { ListingID: number }[] };
  const listingId = search.listings[0]?.ListingID;
  if (!listingId) throw new Error(`the ${build} server has no listing to show`);
  return { build, origin, listingId, child };
}

function stopServer(server: Server): Promise<void> {
  return new Promise((ok) => {
    if (server.child.exitCode !== null) return ok();
    server.child.once('exit', () => ok());
    server.child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- measure

/** Runs in the page before any of its scripts: records LCP and CLS (session windows, as web-vitals does). */
const OBSERVE_VITALS = `
  window.benchVitals = { lcp: 0, cls: 0 };
  performance.setResourceTimingBufferSize(1000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchVitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let session = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
      else { session = entry.value; first = entry.startTime; }
      last = entry.startTime;
      window.benchVitals.cls = Math.max(window.benchVitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Transfer {
  js: number;
  css: number;
  total: number;
  requests: number;
  jsRequests: number;
  jsFiles: [string, number][];
}

/** Bytes and requests so far, from Resource Timing (encoded body sizes: what came over the wire, compressed). */
function readTransfer(page: Page): Promise<Transfer> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceResourceTiming | undefined;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const out = { js: 0, css: 0, total: nav?.encodedBodySize ?? 0, requests: 1, jsRequests: 0, jsFiles: [] as [string, number][] };
    for (const e of entries) {
      const path = new URL(e.name).pathname;
      out.requests += 1;
      out.total += e.encodedBodySize;
      if (/\.m?js$/.test(path)) {
        out.js += e.encodedBodySize;
        out.jsRequests += 1;
        out.jsFiles.push([path, e.encodedBodySize]);
      } else if (path.endsWith('.css')) out.css += e.encodedBodySize;
    }
    return out;
  });
}

/** The page is shown: its main heading is there and the network has been quiet for 500 ms. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  // A last frame, so the final paints are reported to the observers.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
}

/**
 * Clicks a nav link and times, in the page, from the click to the moment the
 * new page's main heading is in the DOM (the remote loaded and rendered).
 */
async function timeColdNavigation(page: Page, link: string, to: string, { pointFirstMs = 0 } = {}): Promise<number> {
  const anchor = page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: link, exact: true });
  await anchor.waitFor({ state: 'visible' });
  if (pointFirstMs) {
    await anchor.hover();
    await page.waitForTimeout(pointFirstMs);
  }
  const handle = await anchor.elementHandle();
  if (!handle) throw new Error(`no nav link ${link}`);
  return page.evaluate(
    ([a, target]) =>
      new Promise<number>((done, fail) => {
        const before = document.querySelector('main h1');
        const started = performance.now();
        // No named helper functions in here: tsx would wrap them in a __name() the page does not have.
        const observer = new MutationObserver(() => {
          if (location.pathname !== target || (document.querySelector('main h1') ?? before) === before) return;
          observer.disconnect();
          done(performance.now() - started);
        });
        observer.observe(document.body, { subtree: true, childList: true });
        setTimeout(() => {
          observer.disconnect();
          fail(new Error(`navigation to ${target} did not render in 20 s`));
        }, 20_000);
        (a as HTMLAnchorElement).click();
      }),
    [handle, to] as const,
  );
}

async function measure(browser: Browser, server: Server, spec: PageSpec): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    await context.addInitScript(OBSERVE_VITALS);
    const page = await context.newPage();
    await page.goto(`${server.origin}${spec.path(server)}`);
    await settle(page);
    const transfer = await readTransfer(page);
    const vitals = await page.evaluate(() => (window as unknown as { benchVitals: { lcp: number; cls: number } }).benchVitals);
    const coldNavMs = await timeColdNavigation(page, spec.coldNav.link, spec.coldNav.to);
    const intentNavMs = await timeColdNavigation(page, spec.intentNav.link, spec.intentNav.to, { pointFirstMs: INTENT_MS });
    return {
      jsBytes: transfer.js,
      cssBytes: transfer.css,
      totalBytes: transfer.total,
      requests: transfer.requests,
      jsRequests: transfer.jsRequests,
      jsFiles: transfer.jsFiles,
      lcpMs: vitals.lcp,
      cls: vitals.cls,
      coldNavMs,
      intentNavMs,
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- report

export interface Row {
  group: string;
  metric: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
  note?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const KIB = 1024;

function rowsFor(samples: Record<BuildName, Record<string, Sample[]>>): Row[] {
  const rows: Row[] = [];
  const med = (build: BuildName, label: string, key: Exclude<keyof Sample, 'jsFiles'>) => median(samples[build][label]!.map((s) => s[key]));
  for (const spec of PAGES) {
    const group = `web ${spec.label}`;
    const first = spec.label === '/';
    const fedJs = med('federated', spec.label, 'jsBytes');
    const singleJs = med('single', spec.label, 'jsBytes');
    rows.push(
      { group, metric: 'JS over the wire', value: round(fedJs / KIB, 1), unit: 'KiB', ...(first ? { budget: { op: '<=', value: 150 } } : {}), note: `${med('federated', spec.label, 'jsRequests')} files` },
      { group, metric: 'JS over the wire, single bundle', value: round(singleJs / KIB, 1), unit: 'KiB', note: `${med('single', spec.label, 'jsRequests')} files` },
      { group, metric: 'JS ratio federated / single', value: round(fedJs / singleJs, 2), unit: 'x', ...(first ? { budget: { op: '<=', value: 1.3 } } : {}) },
      { group, metric: 'requests', value: med('federated', spec.label, 'requests'), unit: 'count', note: `single bundle: ${med('single', spec.label, 'requests')}` },
      { group, metric: 'all bytes over the wire', value: round(med('federated', spec.label, 'totalBytes') / KIB, 1), unit: 'KiB', note: `single bundle: ${round(med('single', spec.label, 'totalBytes') / KIB, 1)} KiB` },
      { group, metric: 'LCP', value: round(med('federated', spec.label, 'lcpMs')), unit: 'ms', ...(first ? { budget: { op: '<=', value: 1000 } } : {}), note: `single bundle: ${round(med('single', spec.label, 'lcpMs'))} ms` },
      { group, metric: 'CLS', value: round(med('federated', spec.label, 'cls'), 3), unit: 'score', ...(first ? { budget: { op: '<=', value: 0.05 } } : {}), note: `single bundle: ${round(med('single', spec.label, 'cls'), 3)}` },
      {
        group,
        metric: `cold remote navigation (${spec.coldNav.link} → ${spec.coldNav.to})`,
        value: round(med('federated', spec.label, 'coldNavMs')),
        unit: 'ms',
        budget: { op: '<=', value: 300 },
        note: `single bundle: ${round(med('single', spec.label, 'coldNavMs'))} ms`,
      },
      {
        group,
        metric: `remote navigation after pointing at the link for ${INTENT_MS} ms (${spec.intentNav.link} → ${spec.intentNav.to})`,
        value: round(med('federated', spec.label, 'intentNavMs')),
        unit: 'ms',
        note: `single bundle: ${round(med('single', spec.label, 'intentNavMs'))} ms`,
      },
    );
  }
  return rows;
}

function printTable(rows: Row[]) {
  const lines = rows.map((r) => {
    const ok = r.budget ? ((r.budget.op === '<=' ? r.value <= r.budget.value : r.value >= r.budget.value) ? 'ok' : 'OVER') : '';
    return [r.group, r.metric, `${r.value} ${r.unit}`, r.budget ? `${r.budget.op} ${r.budget.value} ${ok}` : '', r.note ?? ''];
  });
  const head = ['page', 'metric', 'median', 'budget', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  console.info(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.info(format(line));
}

// ---------------------------------------------------------------- main

async function main() {
  mkdirSync(WORK, { recursive: true });
  await buildFederated();
  await buildSingle();
  const servers: Server[] = [];
  let browser: Browser | null = null;
  try {
    for (const build of BUILDS) servers.push(await startServer(build));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const samples = { federated: {}, single: {} } as Record<BuildName, Record<string, Sample[]>>;
    // One warm-up pass (server-side caches, the database's first queries), not counted.
    for (const server of servers) for (const spec of PAGES) await measure(browser, server, spec);
    for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
      for (const spec of PAGES) {
        for (const server of servers) {
          const sample = await measure(browser, server, spec);
          (samples[server.build][spec.label] ??= []).push(sample);
        }
      }
      console.info(`[bench:web] run ${runIndex}/${RUNS} done`);
    }
    const rows = rowsFor(samples);
    printTable(rows);
    const folder = join(ROOT, 'bench-results');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'web.json'), `${JSON.stringify(rows, null, 2)}\n`);
    writeFileSync(join(folder, 'web-samples.json'), `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, listings: LISTINGS, samples }, null, 2)}\n`);
    const shell = JSON.parse(readFileSync(join(storeDir('federated'), 'shell.json'), 'utf8')) as { version: string };
    console.info(`\n[bench:web] ${RUNS} runs, medians; shell ${shell.version}. Rows in bench-results/web.json`);
  } finally {
    await browser?.close();
    await Promise.all(servers.map(stopServer));
  }
}

main().catch((err: unknown) => {
  console.error('[bench:web] failed:', err);
  process.exit(1);
});
