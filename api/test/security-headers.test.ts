/**
 * Security headers: a Content Security Policy that lets the shell
 * load its remotes (same origin, the absolute entries of the live
 * remotes.json, CSP_REMOTE_ORIGINS) and nothing else runs; framing, sniffing,
 * referrer and powerful features off.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, remoteOriginsOf } from '../src/plugins/security.ts';
import { createConfiguredContext } from './hardening-support.ts';
import { REMOTES, TEST_DATABASES, type TestContext } from './support.ts';

/** The policy as a map of directive to its sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const pageHeaders = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(TEST_DATABASES)('security headers on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createConfiguredContext(database);
  });
  afterAll(() => ctx?.close());

  const page = (url = '/rooms') => ctx.inject({ method: 'GET', url, headers: pageHeaders });

  /** Replaces the live remotes.json the way a release does (a new file renamed over the old one). */
  function publishRemotes(registry: unknown) {
    const file = join(ctx.config.storeDir, 'remotes.json');
    writeFileSync(`${file}.tmp`, JSON.stringify(registry));
    renameSync(`${file}.tmp`, file);
  }

  it('gives the shell page a strict policy: scripts from this origin only, no inline script, no eval, no plugins, no framing', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Over plain http (the default PUBLIC_URL) nothing is upgraded to https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
  });

  it('sets the other security headers on pages, API answers, store files and errors alike', async () => {
    const answers = [
      await page(),
      await ctx.inject({ method: 'GET', url: '/api/health' }),
      await ctx.inject({ method: 'GET', url: '/remotes.json' }),
      await ctx.inject({ method: 'GET', url: '/store/mf-search/1.0.0-x/mf-manifest.json' }),
      await ctx.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: '{' , headers: { 'content-type': 'application/json' } }),
    ];
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('allows the origins of absolute remote entries in remotes.json, and follows a release without a restart', async () => {
    publishRemotes({
      ...REMOTES,
      mf_listings: { version: '2.0.0', entry: 'https://cdn.example.com/mf-listings/2.0.0/mf-manifest.json' },
      mf_messaging: { version: '2.0.0', entry: 'http://localhost:5103/remoteEntry.js' },
      mf_profile: { version: '2.0.0', entry: 'https://cdn.example.com/mf-profile/2.0.0/mf-manifest.json' },
    });
    const csp = parseCsp((await page('/my-listings')).headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      expect(csp.get(directive)).toEqual(["'self'", 'https://cdn.example.com', 'http://localhost:5103']);
    }
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'http://localhost:5103']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:', 'https://cdn.example.com', 'http://localhost:5103']);

    // Rolled back to the store: the extra origins are gone from the next page.
    publishRemotes(REMOTES);
    expect(parseCsp((await page('/my-listings')).headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('allows the origin of a canary’s entry too, on every page whatever the cohort, until the canary ends', async () => {
    publishRemotes({
      ...REMOTES,
      mf_content: {
        version: '2.0.0',
        entry: '/store/mf-content/2.0.0/mf-manifest.json',
        canary: { version: '2.1.0', entry: 'https://canary.example.com/mf-content/2.1.0/mf-manifest.json', percent: 10, since: '2026-01-01T00:00:00.000Z' },
      },
    });
    expect(parseCsp((await page('/about-us')).headers['content-security-policy']).get('script-src')).toEqual(["'self'", 'https://canary.example.com']);
    publishRemotes(REMOTES);
    expect(parseCsp((await page('/about-us')).headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('ignores relative, malformed and non-http entries', () => {
    expect(
      remoteOriginsOf({
        a: { entry: '/store/a/1/mf-manifest.json' },
        b: { entry: 'javascript:alert(1)' },
        c: { entry: 'http://' },
        d: { entry: 42 },
        e: null,
        f: { entry: 'HTTPS://Remotes.Example.com:8443/x/remoteEntry.js' },
      }),
    ).toEqual(['https://remotes.example.com:8443']);
    expect(remoteOriginsOf('nonsense')).toEqual([]);
  });

  it('keeps serving pages with the same-origin policy when remotes.json is missing or broken', async () => {
    writeFileSync(join(ctx.config.storeDir, 'remotes.json'), '{ not json');
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    publishRemotes(REMOTES);
  });

  it('lets the OpenAPI page load: its scripts are files; only its styles may be inline (Swagger UI injects them)', async () => {
    const ui = await ctx.inject({ method: 'GET', url: '/api/docs/', headers: pageHeaders });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    const csp = parseCsp(ui.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Nowhere else.
    for (const url of ['/', '/api-docs', '/apidocs', '/api/health']) {
      expect(parseCsp((await ctx.inject({ method: 'GET', url, headers: pageHeaders })).headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
    }
  });
});

describe('security headers with configuration', () => {
  const database = TEST_DATABASES[0]!;

  it('adds CSP_REMOTE_ORIGINS to the sources, and upgrades insecure requests on an https site', async () => {
    const ctx = await createConfiguredContext(database, {
      cspRemoteOrigins: ['https://remotes.example.com', 'https://cdn.example.net'],
      publicUrl: 'https://roomnest.example.co.uk',
    });
    try {
      const csp = parseCsp((await ctx.inject({ method: 'GET', url: '/', headers: pageHeaders })).headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://remotes.example.com', 'https://cdn.example.net']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://remotes.example.com', 'https://cdn.example.net']);
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
