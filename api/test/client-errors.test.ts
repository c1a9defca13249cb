/**
 * POST /api/client-errors/remote-failures: a report is one warn line in the
 * log and a 204; malformed reports are 400, oversized ones 413, never a 500.
 */
import { API_TEXTS, REMOTE_FAILURE_BODY_LIMIT, REMOTE_FAILURE_LIMITS } from '@roomnest/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { REMOTE_FAILURE_LOG_MESSAGE } from '../src/features/client-errors/routes.ts';
import { captureLog, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const URL = '/api/client-errors/remote-failures';

const report = {
  remote: 'mf_search',
  module: 'RoomSearchPage',
  version: '1.0.0-20260101000000-abc1234',
  kind: 'load',
  message: 'Failed to fetch dynamically imported module: /store/mf-search/1.0.0/assets/RoomSearchPage.js',
  path: '/find-a-room',
  shellVersion: '1.0.0-20260101000000-def5678',
};

describe.each(TEST_DATABASES)('remote failure reports on $name', (database) => {
  let ctx: TestContext;
  const log = captureLog();
  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { logLevel: 'warn', logStream: log.stream });
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    log.lines.length = 0;
  });

  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'POST', url: URL, payload: payload as object, headers: { 'content-type': 'application/json', ...headers } });
  const reports = () => log.lines.filter((line) => line.clientError === 'remote-failure');

  it('answers 204 and logs one structured warn line with the report', async () => {
    const res = await send({ ...report, extra: 'dropped', stack: 'x'.repeat(100) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(reports()).toHaveLength(1);
    const [line] = reports();
    expect(line).toMatchObject({ level: 40, msg: REMOTE_FAILURE_LOG_MESSAGE, ...report });
    expect(line).toHaveProperty('reqId');
    expect(line).not.toHaveProperty('extra');
    expect(line).not.toHaveProperty('stack');
  });

  it.each(['timeout', 'render'])('accepts the kind %s and an empty message', async (kind) => {
    const res = await send({ ...report, kind, message: '' });
    expect(res.statusCode).toBe(204);
    expect(reports()).toMatchObject([{ kind, message: '' }]);
  });

  it('keeps a message with newlines and quotes on one JSON line', async () => {
    const message = 'line one\n{"level":60,"msg":"forged"}\r\nline three';
    expect((await send({ ...report, message })).statusCode).toBe(204);
    expect(log.lines.filter((line) => line.level === 60)).toEqual([]);
    expect(reports()).toMatchObject([{ message }]);
  });

  it.each([
    ['a missing remote', { ...report, remote: undefined }, 'remote', 'remote is required.'],
    ['a remote that is not a name', { ...report, remote: 'mf-search/../x' }, 'remote', 'remote must be a remote name such as mf_search.'],
    ['an unknown kind', { ...report, kind: 'crash' }, 'kind', 'kind must be one of: timeout, load, render.'],
    ['a number for text', { ...report, module: 42 }, 'module', 'module must be text.'],
    ['an empty version', { ...report, version: '' }, 'version', 'version is required.'],
    ['a path that is not a path', { ...report, path: 'https://example.com/' }, 'path', 'path must start with /.'],
    ['a missing shell version', { ...report, shellVersion: undefined }, 'shellVersion', 'shellVersion is required.'],
    [
      'a message over its limit',
      { ...report, message: 'x'.repeat(REMOTE_FAILURE_LIMITS.message + 1) },
      'message',
      `message must be at most ${REMOTE_FAILURE_LIMITS.message} characters.`,
    ],
    ['a module over its limit', { ...report, module: 'M'.repeat(REMOTE_FAILURE_LIMITS.module + 1) }, 'module', `module must be at most ${REMOTE_FAILURE_LIMITS.module} characters.`],
  ])('answers 400 for %s, and logs no report', async (_label, payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: expect.arrayContaining([{ field, message }]) });
    expect(reports()).toEqual([]);
  });

  it.each([['an array', [report]], ['null', null], ['a string', '"mf_search"']])('answers 400 for a body that is %s', async (_label, payload) => {
    const res = await ctx.inject({ method: 'POST', url: URL, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(reports()).toEqual([]);
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    const broken = await ctx.inject({ method: 'POST', url: URL, payload: '{"remote":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: API_TEXTS.malformedJson });
    const text = await ctx.inject({ method: 'POST', url: URL, payload: JSON.stringify(report), headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(reports()).toEqual([]);
  });

  it.each([
    ['just over the endpoint limit', REMOTE_FAILURE_BODY_LIMIT + 1],
    ['over the server-wide JSON limit', JSON_BODY_LIMIT + 1],
  ])('answers 413 for a body %s, without a 500', async (_label, size) => {
    const body = JSON.stringify({ ...report, message: '' });
    const padded = `${body.slice(0, -1)},"padding":"${'p'.repeat(size - body.length - 13)}"}`;
    expect(Buffer.byteLength(padded)).toBe(size);
    const res = await ctx.inject({ method: 'POST', url: URL, payload: padded, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: API_TEXTS.bodyTooLarge });
    expect(reports()).toEqual([]);
  });

  it('accepts a report at every limit (the body limit leaves room for it)', async () => {
    const full = {
      remote: `m${'_'.repeat(REMOTE_FAILURE_LIMITS.remote - 1)}`,
      module: 'M'.repeat(REMOTE_FAILURE_LIMITS.module),
      version: 'v'.repeat(REMOTE_FAILURE_LIMITS.version),
      kind: 'timeout',
      // Multi-byte characters: the limits count characters, the body limit bytes.
      message: 'é'.repeat(REMOTE_FAILURE_LIMITS.message),
      path: `/${'p'.repeat(REMOTE_FAILURE_LIMITS.path - 1)}`,
      shellVersion: 's'.repeat(REMOTE_FAILURE_LIMITS.version),
    };
    expect(Buffer.byteLength(JSON.stringify(full))).toBeLessThan(REMOTE_FAILURE_BODY_LIMIT);
    expect((await send(full)).statusCode).toBe(204);
    expect(reports()).toHaveLength(1);
  });

  it('is in the OpenAPI document with its body schema', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const post = doc.paths[URL].post;
    expect(post.tags).toEqual(['client-errors']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['204', '400', '413']));
    expect(post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['remote', 'module', 'version', 'kind', 'message', 'path', 'shellVersion']),
    );
  });
});
