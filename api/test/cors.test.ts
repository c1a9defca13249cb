/**
 * CORS: by default no other origin may call the API from a browser;
 * CORS_ORIGINS lets the listed origins (exactly) call it with a bearer token.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfiguredContext } from './hardening-support.ts';
import { bearer, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

const preflight = (origin: string, method = 'POST', headers = 'authorization,content-type') => ({
  method: 'OPTIONS' as const,
  url: '/api/messages',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
});

describe.each(TEST_DATABASES)('CORS on $name', (database) => {
  describe('by default (same origin only)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createConfiguredContext(database);
    });
    afterAll(() => ctx?.close());

    it('sends no CORS headers to another origin, so its pages cannot read the answer', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/listings?pageSize=1', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('refuses a preflight from another origin with the JSON 404, so the browser never sends the call', async () => {
      const res = await ctx.inject(preflight('https://evil.example'));
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
      expect(res.json().message).toBeTypeOf('string');
    });

    it('same-origin calls (which carry their own Origin) work as before', async () => {
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'http://localhost:8080' }, payload: { Email: 'nobody@example.com', Password: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: API_TEXTS.invalidCredentials });
    });
  });

  describe('with CORS_ORIGINS', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createConfiguredContext(database, { corsOrigins: ['https://partner.example.com', 'http://localhost:5173'] });
    });
    afterAll(() => ctx?.close());

    it('answers a listed origin’s preflight with the methods and headers the API uses, without credentials', async () => {
      const res = await ctx.inject(preflight('https://partner.example.com'));
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example.com');
      expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(String(res.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(['authorization', 'content-type', 'last-event-id']);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(String(res.headers.vary)).toMatch(/origin/i);
    });

    it('lets a listed origin call the API with a bearer token and read the rate-limit headers', async () => {
      const user = await createUser(ctx.db);
      const token = await login(ctx, user);
      const res = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: { origin: 'http://localhost:5173', ...bearer(token) } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(String(res.headers['access-control-expose-headers'])).toContain('retry-after');
    });

    it('matches origins exactly: another scheme, port or subdomain is refused', async () => {
      const origins = ['http://partner.example.com', 'https://partner.example.com:8443', 'https://evil.partner.example.com', 'https://partner.example.com.evil.example', 'null'];
      const seen = [];
      for (const origin of origins) {
        const res = await ctx.inject({ method: 'GET', url: '/api/health', headers: { origin } });
        seen.push({ origin, allowed: res.headers['access-control-allow-origin'] ?? null, preflight: (await ctx.inject(preflight(origin))).statusCode });
      }
      expect(seen).toEqual(origins.map((origin) => ({ origin, allowed: null, preflight: 404 })));
    });

    it('lets a listed origin open the live stream (its headers go out with the event stream)', async () => {
      const user = await createUser(ctx.db);
      const token = await login(ctx, user);
      const { ticket } = (await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(token) })).json<{ ticket: string }>();
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const url = new URL(`/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = httpRequest(url, { headers: { origin: 'https://partner.example.com' } }, (res) => {
          resolve(res.headers);
          req.destroy();
        });
        req.on('error', reject);
        req.end();
      });
      expect(headers['content-type']).toMatch(/^text\/event-stream/);
      expect(headers['access-control-allow-origin']).toBe('https://partner.example.com');
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
    });

    it('lets the listed origins show uploaded images (cross-origin resource policy)', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });
  });
});
