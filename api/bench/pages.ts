/**
 * What the page metadata costs the HTML answer: the room page (one query for the listing's public
 * fields, its tags and JSON-LD written into the shell's page) against a fixed page whose metadata
 * needs no database (/pricing) and a path that is no page (the 404, also without a query), in the
 * same run on PGlite, in the same process, over HTTP with keep-alive. BENCH_PAGES_REQUESTS (2000)
 * sequential requests a page, after 200 to warm up, interleaved so load on the machine falls on all
 * three alike. The shell's page is the real build's index.html when one is published in the store
 * (npm run build), else a page of the same shape.
 *
 *   npm run bench -- pages        (rows in bench-results/pages.json)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';

const REQUESTS = Number(process.env.BENCH_PAGES_REQUESTS ?? 2000);
const WARM_UP = 200;
const VERSION = '1.0.0-bench';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The published shell's index.html, or one of its shape. */
function shellPage(): { html: string; source: string } {
  try {
    const store = join(REPO_ROOT, 'data', 'store');
    const { version } = JSON.parse(readFileSync(join(store, 'shell.json'), 'utf8')) as { version: string };
    return { html: readFileSync(join(store, 'shell', version, 'index.html'), 'utf8'), source: `the built shell ${version}` };
  } catch {
    const html = readFileSync(join(REPO_ROOT, 'shell', 'index.html'), 'utf8');
    return { html, source: 'shell/index.html (no build in data/store)' };
  }
}

function get(port: number, agent: Agent, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-pages-'));
  const storeDir = join(dataDir, 'store');
  mkdirSync(join(storeDir, 'shell', VERSION), { recursive: true });
  const shell = shellPage();
  writeFileSync(join(storeDir, 'shell.json'), JSON.stringify({ version: VERSION }));
  writeFileSync(join(storeDir, 'shell', VERSION, 'index.html'), shell.html);
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(database.db);
    const { id: landlord } = await database.db
      .insertInto('users')
      .values({ name: 'Bench Landlord', email: 'bench-pages@example.co.uk', password_hash: 'x', user_type: 'Landlord', plan: 'Free' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: room } = await database.db
      .insertInto('listings')
      .values({
        landlord_id: landlord,
        title: 'Bright double near London Fields',
        description: 'A large, sunny room in a quiet flat, five minutes from the Overground. Bills included.',
        address: '14 Mare Street, Hackney',
        city: 'London',
        state: 'Greater London',
        zip_code: 'E8 3PB',
        room_type: 'Double',
        rent: 950,
        available_date: '2030-01-01',
        pet_policy: 'Not Allowed',
        smoking_policy: 'Not Allowed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('listing_photos')
      .values({ listing_id: room, position: 0, path: '/uploads/listings/bench.jpg', card_path: '/uploads/listings/bench-card.webp', width: 1600, height: 1200 })
      .execute();
    const app = await buildApp({
      db: database.db,
      config: { dataDir, storeDir, uploadsDir: join(dataDir, 'uploads'), tokenSecret: randomBytes(32), tokenTtlSeconds: 3600, logLevel: 'warn' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const pages = [
      { name: 'room page /rooms/{id}', path: `/rooms/${room}`, status: 200 },
      { name: 'fixed page /pricing', path: '/pricing', status: 200 },
      { name: 'no page (404)', path: '/no-such-page', status: 404 },
    ];
    const times = pages.map(() => [] as number[]);
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      for (const [k, page] of pages.entries()) {
        const { status, ms } = await get(port, agent, page.path);
        if (status !== page.status) throw new Error(`${page.path} answered ${status}, not ${page.status}`);
        if (i >= WARM_UP) times[k]!.push(ms);
      }
    }
    agent.destroy();
    await app.close();

    const medians = times.map((t) => percentile(t.toSorted((a, b) => a - b), 50));
    const rows = pages.flatMap((page, k) => {
      const sorted = times[k]!.toSorted((a, b) => a - b);
      return [
        {
          group: 'Page HTML with metadata, PGlite, one at a time',
          metric: `${page.name}: p50`,
          value: round(percentile(sorted, 50)),
          unit: 'ms',
          note: `${REQUESTS} requests; ${shell.source}`,
          // The room page's answer stays a few milliseconds: it is on the way to every room's first paint.
          ...(k === 0 ? { budget: { op: '<=' as const, value: 5 } } : {}),
        },
        { group: 'Page HTML with metadata, PGlite, one at a time', metric: `${page.name}: p95`, value: round(percentile(sorted, 95)), unit: 'ms' },
      ];
    });
    rows.push({
      group: 'Page HTML with metadata, PGlite, one at a time',
      metric: 'room page p50 over fixed page p50',
      value: round((medians[0] ?? 0) / (medians[1] ?? 1), 2),
      unit: 'x',
      note: 'the cost of the room query and its tags',
    });
    mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'bench-results', 'pages.json'), `${JSON.stringify(rows, null, 2)}\n`);
    for (const row of rows) console.info(`${row.metric.padEnd(40)} ${String(row.value).padStart(8)} ${row.unit}`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
