/** The hardening settings: CORS_ORIGINS, CSP_REMOTE_ORIGINS, TRUST_PROXY and RATE_LIMIT_*. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig, parseOrigins, parseRateLimit, parseTrustProxy } from '../src/config.ts';

const dirs: string[] = [];
const load = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'roomnest-hardening-config-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('hardening configuration', () => {
  it('defaults to same-origin CORS, remotes.json origins only, no trusted proxy and the default limits', () => {
    expect(load({})).toMatchObject({ corsOrigins: [], cspRemoteOrigins: [], trustProxy: false, rateLimits: DEFAULT_RATE_LIMITS });
    expect(DEFAULT_RATE_LIMITS).toEqual({
      login: { max: 10, windowSeconds: 900 },
      loginIp: { max: 100, windowSeconds: 900 },
      register: { max: 100, windowSeconds: 3600 },
      registerTaken: { max: 10, windowSeconds: 3600 },
      passwordReset: { max: 5, windowSeconds: 3600 },
      passwordResetIp: { max: 20, windowSeconds: 3600 },
      newsletter: { max: 10, windowSeconds: 3600 },
      messages: { max: 30, windowSeconds: 60 },
      clientErrors: { max: 300, windowSeconds: 3600 },
    });
  });

  it('reads every variable', () => {
    expect(
      load({
        CORS_ORIGINS: 'https://partner.example.com, http://localhost:5173/',
        CSP_REMOTE_ORIGINS: 'https://cdn.example.com https://cdn.example.com',
        TRUST_PROXY: '1',
        RATE_LIMIT_LOGIN: '5/10m',
        RATE_LIMIT_LOGIN_IP: '50 / 1h',
        RATE_LIMIT_REGISTER: 'off',
        RATE_LIMIT_REGISTER_TAKEN: '3/1h',
        RATE_LIMIT_PASSWORD_RESET: '3/1d',
        RATE_LIMIT_PASSWORD_RESET_IP: '30/2h',
        RATE_LIMIT_NEWSLETTER: 'off',
        RATE_LIMIT_MESSAGES: '20/60',
        RATE_LIMIT_CLIENT_ERRORS: '50/10m',
      }),
    ).toMatchObject({
      corsOrigins: ['https://partner.example.com', 'http://localhost:5173'],
      cspRemoteOrigins: ['https://cdn.example.com'],
      trustProxy: 1,
      rateLimits: {
        login: { max: 5, windowSeconds: 600 },
        loginIp: { max: 50, windowSeconds: 3600 },
        register: null,
        registerTaken: { max: 3, windowSeconds: 3600 },
        passwordReset: { max: 3, windowSeconds: 86_400 },
        passwordResetIp: { max: 30, windowSeconds: 7200 },
        newsletter: null,
        messages: { max: 20, windowSeconds: 60 },
        clientErrors: { max: 50, windowSeconds: 600 },
      },
    });
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8,192.168.1.1'],
    ['::1', '::1'],
  ])('TRUST_PROXY=%j is %j', (text, value) => {
    expect(parseTrustProxy(text)).toEqual(value);
  });

  it.each([
    ['CORS_ORIGINS', 'partner.example.com'],
    ['CORS_ORIGINS', 'https://partner.example.com/app'],
    ['CORS_ORIGINS', '*'],
    ['CSP_REMOTE_ORIGINS', 'ftp://cdn.example.com'],
    ['CSP_REMOTE_ORIGINS', "https://cdn.example.com; script-src 'unsafe-inline'"],
    ['TRUST_PROXY', 'everyone'],
    ['RATE_LIMIT_LOGIN', '10'],
    ['RATE_LIMIT_LOGIN', '0/15m'],
    ['RATE_LIMIT_MESSAGES', '30/soon'],
    ['RATE_LIMIT_REGISTER', 'lots'],
  ])('explains a bad %s: %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(name));
    expect(() => load({ [name]: value })).toThrow(ConfigError);
  });

  it('parses the pieces on their own', () => {
    expect(parseRateLimit('OFF', 'X')).toBeNull();
    expect(parseRateLimit('1/1s', 'X')).toEqual({ max: 1, windowSeconds: 1 });
    expect(parseOrigins(undefined, 'X')).toEqual([]);
    expect(parseOrigins('HTTPS://Example.COM:443', 'X')).toEqual(['https://example.com']);
  });
});
