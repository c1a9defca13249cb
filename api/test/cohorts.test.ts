/**
 * Canary cohorts through the real /remotes.json route and page answers: the cookie that keeps a
 * browser's bucket, the answer per cohort, and the split over many browsers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, findModule, inCanary, makeLive, setCanary, endCanary } from '../../scripts/deployment-store.mjs';
import { buildApp } from '../src/app.ts';
import { createTestContext, makeDataDir, REMOTES, TEST_DATABASES, type TestContext } from './support.ts';

const COOKIE = /^roomnest_cohort=(\d+); Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/;
const content = findModule('mf-content');
const search = findModule('mf-search');

/** A deterministic stream of numbers in [0, 1) (mulberry32), so the simulated browsers are the same every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(TEST_DATABASES)('canary cohorts on $name', (database) => {
  let ctx: TestContext;
  let store: string;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    store = ctx.config.storeDir;
    for (const [pkg, version] of [
      ['mf-search', '1.1.0-y'],
      ['mf-content', '1.0.0-a'],
      ['mf-content', '1.1.0-b'],
    ] as const) {
      mkdirSync(join(store, pkg, version), { recursive: true });
      writeFileSync(join(store, pkg, version, 'mf-manifest.json'), '{}');
    }
    await makeLive(store, content, '1.0.0-a', { by: 'test' });
    await setCanary(store, content, '1.1.0-b', 50, 'test');
  });
  afterAll(() => ctx?.close());

  const remotes = (cookie?: string) => ctx.inject({ method: 'GET', url: '/remotes.json', headers: cookie === undefined ? {} : { cookie } });
  const stableContent = { version: '1.0.0-a', entry: '/store/mf-content/1.0.0-a/mf-manifest.json', cohort: 'stable' };
  const canaryContent = { version: '1.1.0-b', entry: '/store/mf-content/1.1.0-b/mf-manifest.json', cohort: 'canary' };

  it('gives a new browser a bucket in a first-party cookie, and answers for it, no-store and varying by cookie', async () => {
    const res = await remotes();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/\bCookie\b/);
    const cookie = String(res.headers['set-cookie']);
    const bucket = Number(COOKIE.exec(cookie)?.[1]);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(BUCKETS);
    expect(res.headers['x-roomnest-cohort']).toBe(String(bucket));
    expect(res.json()).toEqual({ ...REMOTES, mf_content: inCanary(bucket, 'mf_content', 50) ? canaryContent : stableContent });
  });

  it('keeps a browser’s bucket: no new cookie, the same answer on every request', async () => {
    const outside = Array.from({ length: BUCKETS }, (_, b) => b).find((b) => !inCanary(b, 'mf_content', 50))!;
    const inside = Array.from({ length: BUCKETS }, (_, b) => b).find((b) => inCanary(b, 'mf_content', 50))!;
    for (const [bucket, expected] of [
      [outside, stableContent],
      [inside, canaryContent],
    ] as const) {
      for (let i = 0; i < 3; i += 1) {
        const res = await remotes(`theme=dark; roomnest_cohort=${bucket}`);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.headers['x-roomnest-cohort']).toBe(String(bucket));
        expect(res.json().mf_content).toEqual(expected);
      }
    }
  });

  it('replaces a cookie that names no bucket', async () => {
    for (const bad of ['abc', '10000', '-1', '0042', '', '12.5', '%zz']) {
      const res = await remotes(`roomnest_cohort=${bad}`);
      const bucket = COOKIE.exec(String(res.headers['set-cookie']))?.[1];
      expect(res.headers['x-roomnest-cohort'] ?? 'none').toBe(bucket ?? `a new bucket for "${bad}"`);
    }
  });

  it('sets the cookie on the first page answer, so the page’s own /remotes.json request carries it', async () => {
    const page = await ctx.inject({ method: 'GET', url: '/about-us', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const bucket = COOKIE.exec(String(page.headers['set-cookie']))?.[1];
    expect(bucket).toBeDefined();
    const registry = await remotes(`roomnest_cohort=${bucket}`);
    expect(registry.headers['set-cookie']).toBeUndefined();
    expect(registry.headers['x-roomnest-cohort']).toBe(bucket);
    // A browser that has one keeps it, on a 404 page too.
    const again = await ctx.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html', cookie: `roomnest_cohort=${bucket}` } });
    expect(again.statusCode).toBe(404);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('splits 2,000 browsers with random cookies 50% ± 3%', async () => {
    const random = seeded(19);
    let inCanaryCount = 0;
    for (let i = 0; i < 2000; i += 1) {
      const res = await remotes(`roomnest_cohort=${Math.floor(random() * BUCKETS)}`);
      if (res.json().mf_content.cohort === 'canary') inCanaryCount += 1;
    }
    expect(Math.abs(inCanaryCount / 2000 - 0.5)).toBeLessThanOrEqual(0.03);
  });

  it('splits 5,000 new browsers 50% ± 3%, each keeping its cohort on its next request', async () => {
    let inCanaryCount = 0;
    const returning: Array<{ bucket: string | undefined; cohort: string }> = [];
    for (let i = 0; i < 5000; i += 1) {
      const first = await remotes();
      const cohort = first.json().mf_content.cohort as string;
      if (cohort === 'canary') inCanaryCount += 1;
      if (i % 10 === 0) returning.push({ bucket: COOKIE.exec(String(first.headers['set-cookie']))?.[1], cohort });
    }
    expect(Math.abs(inCanaryCount / 5000 - 0.5)).toBeLessThanOrEqual(0.03);
    for (const { bucket, cohort } of returning) expect((await remotes(`roomnest_cohort=${bucket}`)).json().mf_content.cohort).toBe(cohort);
  });

  it('gives two remotes’ canaries to different browsers', async () => {
    await setCanary(store, search, '1.1.0-y', 50, 'test');
    try {
      const random = seeded(7);
      const counts = { content: 0, search: 0, both: 0 };
      for (let i = 0; i < 1000; i += 1) {
        const body = (await remotes(`roomnest_cohort=${Math.floor(random() * BUCKETS)}`)).json();
        const c = body.mf_content.cohort === 'canary';
        const s = body.mf_search.cohort === 'canary';
        counts.content += Number(c);
        counts.search += Number(s);
        counts.both += Number(c && s);
      }
      // Canaries on the same browsers would make `both` equal to each; independent ones make it about a quarter.
      expect(counts.both).toBeLessThan(Math.min(counts.content, counts.search) - 100);
      expect(counts.both).toBeGreaterThan(0);
    } finally {
      await endCanary(store, search, { by: 'test' });
    }
  });

  it('answers every browser the stable version once the canary is ended', async () => {
    await endCanary(store, content, { by: 'test' });
    try {
      for (let bucket = 0; bucket < BUCKETS; bucket += 997) {
        expect((await remotes(`roomnest_cohort=${bucket}`)).json().mf_content).toEqual({ version: '1.0.0-a', entry: '/store/mf-content/1.0.0-a/mf-manifest.json' });
      }
    } finally {
      await setCanary(store, content, '1.1.0-b', 50, 'test');
    }
  });

  it('still says no remotes are published when remotes.json is missing, with the cookie set', async () => {
    const empty = await createTestContext(database);
    try {
      const { rmSync } = await import('node:fs');
      rmSync(join(empty.config.storeDir, 'remotes.json'));
      const res = await empty.inject({ method: 'GET', url: '/remotes.json' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/No remotes are published yet/);
      expect(String(res.headers['set-cookie'])).toMatch(COOKIE);
    } finally {
      await empty.close();
    }
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const app = await buildApp({ db: ctx.db, config: { ...makeDataDir(), publicUrl: 'https://roomnest.example' } });
    try {
      const res = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(String(res.headers['set-cookie'])).toMatch(/^roomnest_cohort=\d+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await app.close();
    }
  });
});
