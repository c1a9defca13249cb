/**
 * Query plans of public search, every filter combination the pages send with
 * every sort order, page 1 and page 10, exactly as the API runs them (the
 * City field read as a place, the capped count, then the page read by the
 * strategy each branch's count and the table's size pick): EXPLAIN ANALYZE of
 * each statement (the place's own, when it needs one, included), the indexes
 * it reads, and whether it scans the whole listings table or starts parallel
 * workers.
 */
import { SORT_OPTIONS, type SortBy } from '@roomnest/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types.ts';
import { placeKey, placeQuery, resolvePlace } from '../../src/features/listings/places.ts';
import { branchCounts, countQuery, estimateListings, pageQuery, pageStrategy, SEARCH_TOTAL_CAP, type SearchFilters } from '../../src/features/listings/repository.ts';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The filter sets: the rooms page, the Home location cards, the filter panel alone and together. */
export const PLANNED_FILTERS: Record<string, SearchFilters> = {
  'no filter': {},
  'city London': { city: 'London' },
  'city Manchester': { city: 'Manchester' },
  'city prefix "lon"': { city: 'lon' },
  'location card London + Hackney': { city: 'London', address: 'Hackney' },
  'location card London + Newbury Park': { city: 'London', address: 'Newbury Park' },
  'street "mare street"': { address: 'mare street' },
  'street "wilmslow"': { address: 'wilmslow' },
  'price 0-500': { priceRange: '0-500' },
  'London + price 500-1000': { city: 'London', priceRange: '500-1000' },
  'London + price 1500+': { city: 'London', priceRange: '1500+' },
  'min 800 / max 1300': { minPrice: 800, maxPrice: 1300 },
  'Manchester + Studio': { city: 'Manchester', roomType: 'Studio' },
  'price + type + move-in soon': { priceRange: '1000-1500', roomType: 'Studio', availableDate: day(5) },
  'cheap shared, move-in today': { priceRange: '0-500', roomType: 'Shared', availableDate: day(0) },
  'no match (cheap studio)': { priceRange: '0-500', roomType: 'Studio', availableDate: day(30) },
  'move-in within 60 days': { availableDate: day(60) },
  'unknown city': { city: 'Leeds' },
  // The Home search box's Location, and the City field of /rooms, as a place (places.ts).
  'place "Hackney"': { city: 'Hackney' },
  'place "hackney" + Double + 1000-1500': { city: 'hackney', roomType: 'Double', priceRange: '1000-1500' },
  'place "Newbury Park" + move-in soon': { city: 'Newbury Park', availableDate: day(5) },
  'place "E8"': { city: 'E8' },
  'place "E14" + Studio': { city: 'E14', roomType: 'Studio' },
  'place "E8 3PB"': { city: 'E8 3PB' },
  'place "Mare Street"': { city: 'Mare Street' },
  'place "Wilmslow Road"': { city: 'Wilmslow Road' },
  'place "Stratford, London"': { city: 'Stratford, London' },
  'place "Mare Street, Hackney" + street substring': { city: 'Mare Street, Hackney', address: 'mare' },
  'place unknown': { city: 'Xyzzy' },
};

export interface PlanRow {
  search: string;
  statement: string;
  ms: number;
  seqScan: boolean;
  parallel: boolean;
  indexes: string[];
}

export interface PlanSummary {
  statements: number;
  seqScans: string[];
  parallel: string[];
  slowest: { name: string; ms: number }[];
  medianMs: number;
  rows: PlanRow[];
}

async function explain(db: Kysely<DB>, query: { compile(): CompiledQuery }) {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, format text) ${compiled.sql}`, [...compiled.parameters]));
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    seqScan: /Seq Scan on listings/.test(plan),
    parallel: /Gather/.test(plan),
    indexes: [...new Set([...plan.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?using (\w+)/g)].map((m) => m[1]!))],
  };
}

export async function explainSearches(db: Kysely<DB>): Promise<PlanSummary> {
  const rows: PlanRow[] = [];
  const sorts = SORT_OPTIONS.map((s) => s.value as SortBy);
  const tableRows = await estimateListings(db);
  for (const [search, filters] of Object.entries(PLANNED_FILTERS)) {
    const key = filters.city ? placeKey(filters.city) : '';
    const place = key ? await resolvePlace(db, key) : undefined;
    // The statement that reads the place (one per part that is no postcode or district), as resolvePlace runs it.
    for (const part of key.split(',').map((p) => p.trim()).filter((p) => p && !/^[a-z]{1,2}\d[a-z\d]?( ?\d[a-z]{2})?$/.test(p))) {
      rows.push({ search, statement: `place "${part}"`, ...(await explain(db, { compile: () => placeQuery(part).compile(db) })) });
    }
    if (place && !place.understood) continue; // answered without another statement
    const count = countQuery(db, filters, place);
    const counts = branchCounts(await count.executeTakeFirstOrThrow(), place?.matches.length ?? 1);
    const n = Math.min(counts.reduce((sum, c) => sum + c, 0), SEARCH_TOTAL_CAP + 1);
    rows.push({ search, statement: `count (${n > SEARCH_TOTAL_CAP ? `over ${SEARCH_TOTAL_CAP}` : n})`, ...(await explain(db, count)) });
    if (n === 0) continue; // no page to read
    for (const sortBy of sorts) {
      for (const page of [1, 10]) {
        const offset = (page - 1) * 24;
        if (offset >= Math.min(n, SEARCH_TOTAL_CAP)) continue;
        const strategies = counts.map((c) => pageStrategy(c, SEARCH_TOTAL_CAP, offset + 24, tableRows));
        rows.push({ search, statement: `${strategies.join('+')} ${sortBy} p${page}`, ...(await explain(db, pageQuery(db, filters, place, { sortBy, page, pageSize: 24 }, strategies))) });
      }
    }
  }
  const times = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    statements: rows.length,
    seqScans: rows.filter((r) => r.seqScan).map((r) => `${r.search}: ${r.statement}`),
    parallel: rows.filter((r) => r.parallel).map((r) => `${r.search}: ${r.statement}`),
    slowest: [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((r) => ({ name: `${r.search}: ${r.statement}`, ms: r.ms })),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    rows,
  };
}
