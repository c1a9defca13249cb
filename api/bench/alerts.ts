/**
 * Saved-search alerts at scale: 100,000 saved searches (BENCH_ALERT_SEARCHES) with varied criteria made from the
 * places the demo listings name (cities, a city's start, areas, "Area, City", districts, streets, postcodes, no
 * place; rent bounds, room types, move-in dates, an address word now and then), 5 a person, 60 % instant, 30 %
 * daily, 10 % off, written through the same code as POST /api/saved-searches (matching.ts searchTerms, termRow),
 * beside 10,000 demo listings (the place mix: 22 % a city, 3 % a city's start, 40 % an area, 10 % "Area, City",
 * 12 % a district, 5 % a street, 5 % a postcode, 3 % anywhere). On PostgreSQL (BENCH_DATABASE_URL, in a schema of its own, dropped at the end) and
 * on PGlite, for reference:
 *
 * - matching one new listing: the match statement (matching.ts matchQuery) for BENCH_ALERT_LISTINGS (200) public
 *   listings picked at random, after 20 to warm up: p50, p95 and the searches matched; the baseline in the same
 *   run is the same statement with index scans turned off (a sequential scan of saved_search_terms), over 30;
 * - the daily digest: BENCH_ALERT_NEW_LISTINGS (500) listings' alerts recorded first (a day of new rooms: the
 *   listing-alerts job's statement), the instant ones marked sent, then the digest job (the fan-out in id batches)
 *   and every digest email it queued, run by the job runner (4 at once) with the real layout and a mailer that
 *   keeps nothing: total time, emails, and the process's peak RSS during it (sampled every 20 ms; with PGlite
 *   that includes the database).
 *
 *   npm run bench -- alerts        (rows in bench-results/alerts.json)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRICE_RANGES, ROOM_TYPES, type SavedSearchCriteria } from '@roomnest/shared';
import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import { REPO_ROOT } from '../src/config.ts';
import { runStatement } from '../src/db/admin.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/types.ts';
import { recordMatches } from '../src/features/saved-searches/alerts-repository.ts';
import { ALERT_JOBS, createAlertHandlers } from '../src/features/saved-searches/alerts.ts';
import { criteriaFilters, matchQuery, searchTerms, termRow, type SearchTerm } from '../src/features/saved-searches/matching.ts';
import { createJobRunner } from '../src/jobs/runner.ts';
import { seededRandom } from '../src/seed/listings.ts';
import { growListings } from './lib/seed.ts';

const SEARCHES = Number(process.env.BENCH_ALERT_SEARCHES ?? 100_000);
const PER_PERSON = 5;
const LISTINGS = 10_000;
const MATCH_RUNS = Number(process.env.BENCH_ALERT_LISTINGS ?? 200);
const BASELINE_RUNS = 30;
const NEW_LISTINGS = Number(process.env.BENCH_ALERT_NEW_LISTINGS ?? 500);
const PG_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const BUDGET_P95_MS = 20;

interface Row {
  group: string;
  metric: string;
  value: number | null;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
  note?: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const log = (message: string) => console.info(`[alerts] ${message}`);

async function placesOf(db: Kysely<DB>) {
  const { rows: places } = await sql<{ kind: string; name: string; within: string }>`select kind, name, within from places where available > 0`.execute(db);
  const { rows: codes } = await sql<{ district: string; postcode: string; address: string }>`
    select district, postcode, address from listings where district is not null order by id limit 2000`.execute(db);
  return {
    cities: [...new Set(places.filter((p) => p.kind === 'city').map((p) => p.name))],
    areas: places.filter((p) => p.kind === 'area'),
    streets: places.filter((p) => p.kind === 'street').map((p) => p.name),
    districts: [...new Set(codes.map((c) => c.district))],
    postcodes: codes.map((c) => c.postcode),
    words: [...new Set(codes.flatMap((c) => c.address.split(/[\s,]+/).filter((w) => /^[A-Za-z]{4,}$/.test(w))))].slice(0, 200),
  };
}

function makeCriteria(rand: () => number, places: Awaited<ReturnType<typeof placesOf>>): SavedSearchCriteria {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const c: SavedSearchCriteria = {};
  const r = rand();
  if (r < 0.22) c.city = pick(places.cities);
  else if (r < 0.25) c.city = pick(places.cities).slice(0, 3);
  else if (r < 0.65) c.city = pick(places.areas).name;
  else if (r < 0.75) {
    const area = pick(places.areas);
    c.city = `${area.name}, ${area.within}`;
  } else if (r < 0.87) c.city = pick(places.districts);
  else if (r < 0.92) c.city = pick(places.streets);
  else if (r < 0.97) c.city = pick(places.postcodes);
  if (rand() < 0.1) c.priceRange = pick(PRICE_RANGES).value;
  else {
    if (rand() < 0.85) c.maxPrice = 600 + 50 * Math.floor(rand() * 29);
    if (rand() < 0.3) c.minPrice = Math.min(c.maxPrice ?? 2000, 300 + 50 * Math.floor(rand() * 14));
  }
  if (rand() < 0.35) c.roomType = pick(ROOM_TYPES);
  if (rand() < 0.15) c.availableDate = `2031-0${1 + Math.floor(rand() * 9)}-01`;
  if (rand() < 0.03) c.address = pick(places.words);
  return c;
}

/** The searches and their match rows, in batches, through the same derivation as the API. */
async function seedSearches(db: Kysely<DB>): Promise<{ seconds: number; terms: number }> {
  const started = performance.now();
  const people = Math.ceil(SEARCHES / PER_PERSON);
  const hash = 'not-a-password-hash';
  const ids: number[] = [];
  for (let from = 0; from < people; from += 10_000) {
    const n = Math.min(10_000, people - from);
    const { rows } = await sql<{ id: number }>`
      insert into users (name, email, password_hash, user_type)
      select 'Bench tenant ' || g, 'bench-alerts-' || g || '@example.co.uk', ${hash}, 'Tenant' from generate_series(${from + 1}::int, ${from + n}::int) g
      returning id`.execute(db);
    ids.push(...rows.map((r) => r.id));
  }
  const places = await placesOf(db);
  const rand = seededRandom(17);
  const placeCache = new Map<string, SearchTerm[]>();
  let terms = 0;
  const BATCH = 1000;
  for (let from = 0; from < SEARCHES; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, SEARCHES - from) }, (_, i) => {
      const f = rand();
      return {
        userId: ids[Math.floor((from + i) / PER_PERSON)]!,
        criteria: makeCriteria(rand, places),
        frequency: (f < 0.6 ? 'instant' : f < 0.9 ? 'daily' : 'off') as 'instant' | 'daily' | 'off',
      };
    });
    const saved = await db
      .insertInto('saved_searches')
      .values(batch.map((s, i) => ({ user_id: s.userId, name: `Search ${from + i}`, criteria: JSON.stringify(s.criteria), frequency: s.frequency })))
      .returning('id')
      .execute();
    const rows = [];
    for (const [i, s] of batch.entries()) {
      // The place's reading depends on its text alone (at this moment): read each text once.
      const key = s.criteria.city ?? '';
      let place = placeCache.get(key);
      if (!place) placeCache.set(key, (place = await searchTerms(db, { ...(s.criteria.city ? { city: s.criteria.city } : {}) })));
      const filters = criteriaFilters(s.criteria);
      for (const term of place) rows.push(termRow({ id: saved[i]!.id, userId: s.userId, frequency: s.frequency }, { ...term, ...filters }));
    }
    terms += rows.length;
    if (rows.length) await db.insertInto('saved_search_terms').values(rows).execute();
  }
  await sql`vacuum analyze saved_searches`.execute(db);
  await sql`vacuum analyze saved_search_terms`.execute(db);
  return { seconds: (performance.now() - started) / 1000, terms };
}

/**
 * The match statement for each listing, timed. In the database (`count`), as the listing-alerts job runs it (its
 * matches go into alert_deliveries by the same statement, never through the process); or with every matching
 * search sent to the client.
 */
async function timeMatches(db: Kysely<DB>, listings: number[], { sequential = false, toClient = false } = {}): Promise<{ times: number[]; matched: number[] }> {
  const times: number[] = [];
  const matched: number[] = [];
  const run = async (executor: Kysely<DB>, id: number) => {
    const started = performance.now();
    const n = toClient ? (await matchQuery(id).execute(executor)).rows.length : Number((await sql<{ n: number }>`select count(*)::int as n from (${matchQuery(id)}) m`.execute(executor)).rows[0]!.n);
    times.push(performance.now() - started);
    matched.push(n);
  };
  for (const id of listings) {
    if (sequential) {
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_indexscan = off`.execute(trx);
        await sql`set local enable_indexonlyscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        await run(trx, id);
      });
    } else await run(db, id);
  }
  return { times, matched };
}

async function bench(name: 'PostgreSQL' | 'PGlite', database: Database, rows: Row[]): Promise<void> {
  const db = database.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-alerts-'));
  try {
    const group = `Saved-search alerts, ${name}, ${SEARCHES.toLocaleString('en-GB')} saved searches, ${LISTINGS.toLocaleString('en-GB')} listings`;
    log(`${name}: seeding ${LISTINGS} listings`);
    await growListings(db, LISTINGS, join(dataDir, 'uploads'));
    log(`${name}: seeding ${SEARCHES} saved searches`);
    const seeded = await seedSearches(db);
    log(`${name}: ${seeded.terms} match rows in ${round(seeded.seconds, 1)} s`);

    const { rows: picked } = await sql<{ id: number }>`
      select id from listings where status = 'Available' and expires_at > now() order by md5(id::text) limit ${MATCH_RUNS + 20 + NEW_LISTINGS}`.execute(db);
    const ids = picked.map((r) => r.id);
    const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${matchQuery(ids[0]!)}`.execute(db);
    const planText = JSON.stringify(plan.rows);
    const usesIndex = planText.includes('saved_search_terms_match');
    const indexOnly = planText.includes('Index Only Scan');
    await timeMatches(db, ids.slice(0, 20));
    const { times, matched } = await timeMatches(db, ids.slice(20, 20 + MATCH_RUNS));
    const sorted = [...times].sort((a, b) => a - b);
    const meanMatched = matched.reduce((a, b) => a + b, 0) / matched.length;
    rows.push(
      { group, metric: 'match one new listing: p50', value: round(percentile(sorted, 50)), unit: 'ms', note: `${MATCH_RUNS} listings, one at a time, counted in the database` },
      {
        group,
        metric: 'match one new listing: p95',
        value: round(percentile(sorted, 95)),
        unit: 'ms',
        ...(name === 'PostgreSQL' ? { budget: { op: '<=' as const, value: BUDGET_P95_MS } } : {}),
        note: `plan ${usesIndex ? `reads the partial index saved_search_terms_match${indexOnly ? ' alone (index-only scan)' : ''}` : 'does NOT use saved_search_terms_match'}; ${round(meanMatched, 1)} searches matched on average (max ${Math.max(...matched)})`,
      },
    );
    const client = await timeMatches(db, ids.slice(20, 20 + MATCH_RUNS), { toClient: true });
    const clientSorted = [...client.times].sort((a, b) => a - b);
    rows.push({
      group,
      metric: 'match one new listing, every match sent to the client: p95',
      value: round(percentile(clientSorted, 95)),
      unit: 'ms',
      note: `p50 ${round(percentile(clientSorted, 50))} ms; what a caller reading the matches pays besides the match`,
    });
    const baseline = await timeMatches(db, ids.slice(20, 20 + BASELINE_RUNS), { sequential: true });
    const baseSorted = [...baseline.times].sort((a, b) => a - b);
    rows.push({
      group,
      metric: 'baseline: the same statement, sequential scan of saved_search_terms: p50',
      value: round(percentile(baseSorted, 50)),
      unit: 'ms',
      note: `${BASELINE_RUNS} listings; index scans off; ${seeded.terms.toLocaleString('en-GB')} match rows`,
    });

    if (process.env.BENCH_ALERT_DIGEST === '0') return;
    // A day of new rooms: their alerts recorded as the listing-alerts job records them, instant ones then sent.
    log(`${name}: recording the alerts of ${NEW_LISTINGS} new listings`);
    const now = new Date();
    let started = performance.now();
    let recorded = 0;
    for (const id of ids.slice(20 + MATCH_RUNS, 20 + MATCH_RUNS + NEW_LISTINGS)) recorded += (await recordMatches(db, id, now)).length;
    const recordSeconds = (performance.now() - started) / 1000;
    await sql`update alert_deliveries d set sent_at = ${now} from saved_searches s where s.id = d.saved_search_id and s.frequency <> 'daily'`.execute(db);
    await sql`vacuum analyze alert_deliveries`.execute(db);
    const { rows: pendingRows } = await sql<{ n: number; searches: number }>`
      select count(*)::int as n, count(distinct saved_search_id)::int as searches from alert_deliveries where sent_at is null`.execute(db);
    rows.push({
      group,
      metric: 'record a new listing’s alerts (match and insert): mean',
      value: round((recordSeconds * 1000) / NEW_LISTINGS),
      unit: 'ms',
      note: `${NEW_LISTINGS} listings, ${recorded.toLocaleString('en-GB')} deliveries`,
    });

    log(`${name}: the daily digest of ${pendingRows[0]!.n} matches for ${pendingRows[0]!.searches} searches`);
    let emails = 0;
    let bytes = 0;
    const mailer = {
      async send(email: { html: string; text: string }) {
        emails++;
        bytes += email.html.length + email.text.length;
        return 'discarded';
      },
    };
    const clock = () => now;
    const handlers = createAlertHandlers({ db, mailer, publicUrl: 'https://roomnest.example', secret: randomBytes(32), digestHour: 8, now: clock });
    const runner = createJobRunner({ db, handlers, log: pino({ level: 'silent' }), now: clock, concurrency: 4, worker: 'bench' });
    let peak = process.memoryUsage().rss;
    const before = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    started = performance.now();
    await handlers[ALERT_JOBS.digest]!({ id: '0', kind: ALERT_JOBS.digest, key: null, payload: { date: '2030-01-01' }, attempt: 1, maxAttempts: 1 });
    const fanOut = (performance.now() - started) / 1000;
    await runner.runDue();
    const total = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    rows.push(
      {
        group,
        metric: 'daily digest: total',
        value: round(total, 1),
        unit: 's',
        note: `${pendingRows[0]!.n.toLocaleString('en-GB')} waiting matches of ${pendingRows[0]!.searches.toLocaleString('en-GB')} daily searches → ${emails.toLocaleString('en-GB')} emails (${Math.round(bytes / emails / 1024)} KiB each), 4 jobs at once; fan-out ${Math.round(fanOut * 1000)} ms`,
      },
      { group, metric: 'daily digest: emails a second', value: round(emails / total, 0), unit: '/s' },
      {
        group,
        metric: 'daily digest: peak RSS',
        value: Math.round(peak / 1024 / 1024),
        unit: 'MiB',
        note: `${Math.round(before / 1024 / 1024)} MiB before it${name === 'PGlite' ? ' (PGlite runs in this process: its memory counts)' : ''}`,
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: Row[] = [];
  if (PG_URL) {
    const schema = `bench_alerts_${process.pid}_${randomBytes(3).toString('hex')}`;
    await runStatement(PG_URL, `create schema ${schema}`);
    const database = await openDatabase({ kind: 'postgres', url: PG_URL, searchPath: `${schema},public`, poolSize: 5 });
    try {
      await migrateToLatest(database.db);
      await bench('PostgreSQL', database, rows);
    } finally {
      await database.close();
      await runStatement(PG_URL, `drop schema ${schema} cascade`);
    }
  } else {
    rows.push({ group: 'Saved-search alerts, PostgreSQL', metric: 'all PostgreSQL rows', value: null, unit: '', note: 'skipped: BENCH_DATABASE_URL is not set' });
  }
  if (process.env.BENCH_ALERTS_PGLITE !== '0') {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrateToLatest(database.db);
      await bench('PGlite', database, rows);
    } finally {
      await database.close();
    }
  }
  for (const row of rows) log(`${row.group} | ${row.metric}: ${row.value ?? '—'} ${row.unit}${row.note ? ` (${row.note})` : ''}`);
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results', 'alerts.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
