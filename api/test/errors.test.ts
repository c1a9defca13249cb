import { API_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { HttpError } from '../src/plugins/errors.ts';
import { createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('error answers on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database, (app) => {
      app.register(async (probe) => {
        probe.get('/api/probe/crash', async () => {
          throw new Error('secret internal detail at /srv/app.ts:1:1');
        });
        probe.get('/api/probe/teapot', async () => {
          throw new HttpError(418, 'I am a teapot.');
        });
      });
    });
  });
  afterAll(() => ctx?.close());

  const post = (payload: string, contentType = 'application/json') =>
    ctx.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });

  it.each([
    ['a truncated object', '{"Email":'],
    ['single quotes', "{'Email': 'a@b.co'}"],
    ['a trailing comma', '{"Email":"a@b.co",}'],
    ['an empty body', ''],
    ['a prototype-poisoning key', '{"Email":"a@b.co","Password":"x","__proto__":{"admin":true}}'],
  ])('answers 400 malformed JSON for %s', async (_label, payload) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: API_TEXTS.malformedJson });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'])('answers 415 for %s', async (contentType) => {
    const res = await post('Email=a@b.co&Password=x', contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: API_TEXTS.unsupportedMediaType });
  });

  it('accepts JSON with a charset', async () => {
    const res = await post('{"Email":"nobody@example.co.uk","Password":"whatever"}', 'application/json; charset=utf-8');
    expect(res.statusCode).toBe(401);
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const res = await post(JSON.stringify({ Email: 'a@b.co', Password: 'x'.repeat(JSON_BODY_LIMIT) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: API_TEXTS.bodyTooLarge });
  });

  it('answers a JSON 404 naming the method and path for an unknown /api route', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/api/users/nothing-here?x=1'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: API_TEXTS.routeNotFound(method, url.split('?')[0] ?? url) });
    }
  });

  it('answers 500 with the generic sentence and no detail for an unexpected error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: API_TEXTS.internal });
    expect(res.body).not.toContain('secret');
  });

  it('answers an HttpError with its own status and sentence', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/probe/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot.' });
  });

  it('sets security headers on API answers', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
