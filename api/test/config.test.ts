import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, REPO_ROOT, resolveTokenSecret } from '../src/config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomnest-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('parseDuration', () => {
  it.each([
    ['3600s', 3600],
    ['15m', 900],
    ['12h', 43_200],
    ['7d', 604_800],
    ['90', 90],
    [' 2H ', 7200],
  ])('reads %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each(['', '0s', '-5m', '1.5h', '7 days', '1w', 'soon'])('rejects "%s"', (text) => {
    expect(() => parseDuration(text)).toThrow(ConfigError);
  });
});

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      storeDir: join(dataDir, 'store'),
      uploadsDir: join(dataDir, 'uploads'),
      databaseUrl: null,
      tokenTtlSeconds: 604_800,
      seedDemo: true,
      seedListings: 2400,
      searchCacheSeconds: 30,
      logLevel: 'info',
    });
    expect(config.tokenSecret).toHaveLength(32);
  });

  it('reads every variable', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      STORE_DIR: '/srv/store',
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db/roomnest',
      TOKEN_SECRET: 'a-shared-secret-of-at-least-32-characters',
      TOKEN_TTL: '15m',
      SEED_DEMO: '0',
      SEED_LISTINGS: '100_000',
      SEARCH_CACHE_SECONDS: '0',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      storeDir: '/srv/store',
      databaseUrl: 'postgres://u@db/roomnest',
      tokenTtlSeconds: 900,
      seedDemo: false,
      seedListings: 100_000,
      searchCacheSeconds: 0,
      logLevel: 'warn',
    });
    expect(new TextDecoder().decode(config.tokenSecret)).toBe('a-shared-secret-of-at-least-32-characters');
  });

  it('resolves a relative DATA_DIR against the repository root, as the workspace scripts do', () => {
    expect(loadConfig({ DATA_DIR: '.data/e2e', TOKEN_SECRET: 'x'.repeat(32) }).dataDir).toBe(join(REPO_ROOT, '.data/e2e'));
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TOKEN_TTL: 'forever' }, /TOKEN_TTL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ TOKEN_SECRET: 'short' }, /TOKEN_SECRET/],
    [{ SEED_LISTINGS: 'lots' }, /SEED_LISTINGS/],
    [{ SEED_LISTINGS: '-1' }, /SEED_LISTINGS/],
    [{ SEED_LISTINGS: '2000000' }, /SEED_LISTINGS/],
    [{ SEARCH_CACHE_SECONDS: '1.5' }, /SEARCH_CACHE_SECONDS/],
    [{ SEARCH_CACHE_SECONDS: '7200' }, /SEARCH_CACHE_SECONDS/],
  ])('explains a bad value: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });
});

describe('resolveTokenSecret', () => {
  it('generates 32 random bytes once, private to the owner, and reuses them', () => {
    const dataDir = tempDir();
    const first = resolveTokenSecret(dataDir, undefined);
    const file = join(dataDir, 'token-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveTokenSecret(dataDir, undefined)).toEqual(first);
    expect(resolveTokenSecret(tempDir(), undefined)).not.toEqual(first);
  });

  it('refuses a damaged secret file', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'token-secret'), 'oops');
    expect(() => resolveTokenSecret(dataDir, undefined)).toThrow(/token-secret/);
  });
});

describe('email configuration', () => {
  it('defaults to the outbox and a localhost link on the port', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '8090' });
    expect(config).toMatchObject({ smtpUrl: null, publicUrl: 'http://localhost:8090' });
  });
  it('takes SMTP_URL, MAIL_FROM and PUBLIC_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'RoomNest <hello@roomnest.co.uk>',
      PUBLIC_URL: 'https://roomnest.co.uk/',
    });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:pass@smtp.example.com:465', mailFrom: 'RoomNest <hello@roomnest.co.uk>', publicUrl: 'https://roomnest.co.uk' });
  });
  it.each([['SMTP_URL', 'http://smtp.example.com'], ['PUBLIC_URL', 'roomnest'], ['PUBLIC_URL', 'ftp://roomnest.co.uk']])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
  });
});

describe('canary guard configuration', () => {
  it('defaults to 50 page loads, 5 points, a check every 10 seconds, a 0.1 sample and one count per address every 10 seconds', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      canaryGuard: { minLoads: 50, maxExtraFailureRate: 5, checkSeconds: 10 },
      remoteLoadSampleRate: 0.1,
      remoteLoadReportSeconds: 10,
    });
  });

  it('reads CANARY_MIN_LOADS, CANARY_MAX_EXTRA_FAILURE_RATE, CANARY_CHECK_SECONDS, REMOTE_LOAD_SAMPLE_RATE and REMOTE_LOAD_REPORT_SECONDS', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      CANARY_MIN_LOADS: '5',
      CANARY_MAX_EXTRA_FAILURE_RATE: '2.5',
      CANARY_CHECK_SECONDS: '1',
      REMOTE_LOAD_SAMPLE_RATE: '1',
      REMOTE_LOAD_REPORT_SECONDS: '0',
    });
    expect(config).toMatchObject({ canaryGuard: { minLoads: 5, maxExtraFailureRate: 2.5, checkSeconds: 1 }, remoteLoadSampleRate: 1, remoteLoadReportSeconds: 0 });
    expect(loadConfig({ DATA_DIR: tempDir(), CANARY_MAX_EXTRA_FAILURE_RATE: '0', REMOTE_LOAD_SAMPLE_RATE: '.05' })).toMatchObject({
      canaryGuard: { maxExtraFailureRate: 0 },
      remoteLoadSampleRate: 0.05,
    });
  });

  it.each([
    [{ CANARY_MIN_LOADS: '0' }, 'CANARY_MIN_LOADS must be a whole number of page loads from 1 to 1000000000; got "0".'],
    [{ CANARY_MIN_LOADS: 'many' }, 'CANARY_MIN_LOADS must be a whole number of page loads from 1 to 1000000000; got "many".'],
    [{ CANARY_MAX_EXTRA_FAILURE_RATE: '5%' }, 'CANARY_MAX_EXTRA_FAILURE_RATE must be a number of percentage points from 0 to 100, such as 5 or 2.5; got "5%".'],
    [{ CANARY_MAX_EXTRA_FAILURE_RATE: '101' }, 'CANARY_MAX_EXTRA_FAILURE_RATE must be a number of percentage points from 0 to 100, such as 5 or 2.5; got "101".'],
    [{ CANARY_MAX_EXTRA_FAILURE_RATE: '-1' }, 'CANARY_MAX_EXTRA_FAILURE_RATE must be a number of percentage points from 0 to 100, such as 5 or 2.5; got "-1".'],
    [{ CANARY_CHECK_SECONDS: '0' }, 'CANARY_CHECK_SECONDS must be a whole number of seconds from 1 to 3600; got "0".'],
    [{ REMOTE_LOAD_SAMPLE_RATE: '0' }, 'REMOTE_LOAD_SAMPLE_RATE must be a share above 0 and at most 1, such as 0.1 (one in ten); got "0".'],
    [{ REMOTE_LOAD_SAMPLE_RATE: '1.5' }, 'REMOTE_LOAD_SAMPLE_RATE must be a share above 0 and at most 1, such as 0.1 (one in ten); got "1.5".'],
    [{ REMOTE_LOAD_SAMPLE_RATE: '10%' }, 'REMOTE_LOAD_SAMPLE_RATE must be a share above 0 and at most 1, such as 0.1 (one in ten); got "10%".'],
    [{ REMOTE_LOAD_REPORT_SECONDS: '-5' }, 'REMOTE_LOAD_REPORT_SECONDS must be a whole number of seconds from 0 to 3600; got "-5".'],
  ])('explains a bad value: %o', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(message);
  });
});
