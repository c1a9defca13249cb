/**
 * POST /api/client-errors/remote-failures: a report is one warn line in the
 * log and a 204; malformed reports are 400, oversized ones 413, never a 500.
 * Only a live remote at a live (or recently live) version is taken; the same
 * report from the same address is logged once a window, then counted; every
 * address has a limit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_TEXTS, formatWait, RATE_LIMIT_TEXTS, REMOTE_FAILURE_BODY_LIMIT, REMOTE_FAILURE_LIMITS } from '@roomnest/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { createRepeatFilter, type RepeatCount } from '../src/features/client-errors/repeats.ts';
import { CLIENT_ERROR_TEXTS, REMOTE_FAILURE_LOG_MESSAGE, REMOTE_FAILURE_REPEATED_MESSAGE } from '../src/features/client-errors/routes.ts';
import { createConfiguredContext } from './hardening-support.ts';
import { captureLog, createTestContext, REMOTES, TEST_DATABASES, type TestContext } from './support.ts';

/** An instant this many minutes ago, as history.jsonl writes it. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const URL = '/api/client-errors/remote-failures';

const report = {
  remote: 'mf_search',
  module: 'RoomSearchPage',
  // The live version in the test store's remotes.json.
  version: REMOTES.mf_search.version,
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

  let address = 0;
  /** From an address of its own unless one is given: the same report from one address is logged once a window. */
  const send = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`) =>
    ctx.inject({ method: 'POST', url: URL, payload: payload as object, headers: { 'content-type': 'application/json', ...headers }, remoteAddress });
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
    ['a remote over its limit', { ...report, remote: `m${'_'.repeat(REMOTE_FAILURE_LIMITS.remote)}` }, 'remote', `remote must be at most ${REMOTE_FAILURE_LIMITS.remote} characters.`],
    ['a version over its limit', { ...report, version: 'v'.repeat(REMOTE_FAILURE_LIMITS.version + 1) }, 'version', `version must be at most ${REMOTE_FAILURE_LIMITS.version} characters.`],
    ['a path over its limit', { ...report, path: `/${'p'.repeat(REMOTE_FAILURE_LIMITS.path)}` }, 'path', `path must be at most ${REMOTE_FAILURE_LIMITS.path} characters.`],
    [
      'a shell version over its limit',
      { ...report, shellVersion: 's'.repeat(REMOTE_FAILURE_LIMITS.version + 1) },
      'shellVersion',
      `shellVersion must be at most ${REMOTE_FAILURE_LIMITS.version} characters.`,
    ],
    // Well formed, but nothing this site runs: reports cannot fill the log under made-up names.
    ['a remote that is not live', { ...report, remote: 'mf_nothing' }, 'remote', CLIENT_ERROR_TEXTS.unknownRemote('mf_nothing')],
    ['a version that was never live', { ...report, version: '0.0.1-20200101000000-made0up' }, 'version', CLIENT_ERROR_TEXTS.unknownVersion('mf_search')],
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
    const longest = { remote: `m${'_'.repeat(REMOTE_FAILURE_LIMITS.remote - 1)}`, version: 'v'.repeat(REMOTE_FAILURE_LIMITS.version) };
    writeFileSync(join(ctx.config.storeDir, 'remotes.json'), JSON.stringify({ ...REMOTES, [longest.remote]: { version: longest.version, entry: '/store/x/v/mf-manifest.json' } }));
    const full = {
      remote: longest.remote,
      module: 'M'.repeat(REMOTE_FAILURE_LIMITS.module),
      version: longest.version,
      kind: 'timeout',
      // Multi-byte characters: the limits count characters, the body limit bytes.
      message: 'é'.repeat(REMOTE_FAILURE_LIMITS.message),
      path: `/${'p'.repeat(REMOTE_FAILURE_LIMITS.path - 1)}`,
      shellVersion: 's'.repeat(REMOTE_FAILURE_LIMITS.version),
    };
    expect(Buffer.byteLength(JSON.stringify(full))).toBeLessThan(REMOTE_FAILURE_BODY_LIMIT);
    expect((await send(full)).statusCode).toBe(204);
    expect(reports()).toHaveLength(1);
    writeFileSync(join(ctx.config.storeDir, 'remotes.json'), JSON.stringify(REMOTES));
  });

  it('takes the version live now, unknown, and one replaced less than an hour ago; not one replaced longer ago', async () => {
    const history = join(ctx.config.storeDir, 'history.jsonl');
    writeFileSync(
      history,
      [
        { at: ago(150), action: 'release', module: 'mf-search', version: '0.8.0-old', previous: '0.7.0-older', by: 'ci' },
        { at: ago(90), action: 'release', module: 'mf-search', version: '0.9.0-recent', previous: '0.8.0-old', by: 'ci' },
        { at: ago(10), action: 'release', module: 'mf-search', version: REMOTES.mf_search.version, previous: '0.9.0-recent', by: 'ci' },
        { at: ago(5), action: 'release', module: 'shell', version: '2.0.0-shell', previous: '1.0.0-shell', by: 'ci' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n') + '\n',
    );
    // 0.9.0-recent was live until ten minutes ago: a page opened before the release still runs it.
    for (const version of [REMOTES.mf_search.version, 'unknown', '0.9.0-recent']) expect({ version, status: (await send({ ...report, version })).statusCode }).toEqual({ version, status: 204 });
    // 0.8.0-old was replaced 90 minutes ago, 0.7.0-older earlier still; a shell version is no remote's.
    for (const version of ['0.8.0-old', '0.7.0-older', '2.0.0-shell']) expect({ version, status: (await send({ ...report, version })).statusCode }).toEqual({ version, status: 400 });
    expect(reports().map((line) => line.version)).toEqual([REMOTES.mf_search.version, 'unknown', '0.9.0-recent']);

    // A release takes effect at once: the new version is taken on the next report.
    writeFileSync(join(ctx.config.storeDir, 'remotes.json'), JSON.stringify({ mf_search: { version: '1.1.0-next', entry: '/store/mf-search/1.1.0-next/mf-manifest.json' } }));
    expect((await send({ ...report, version: '1.1.0-next' })).statusCode).toBe(204);
    writeFileSync(join(ctx.config.storeDir, 'remotes.json'), JSON.stringify(REMOTES));
    writeFileSync(history, '');
  });

  it('logs the same report from the same address once, however often it comes', async () => {
    for (let i = 0; i < 5; i++) expect((await send(report, {}, '10.7.0.1')).statusCode).toBe(204);
    expect(reports()).toHaveLength(1);
    // Another address, another message, kind or version: each is a report of its own.
    expect((await send(report, {}, '10.7.0.2')).statusCode).toBe(204);
    expect((await send({ ...report, message: 'Another failure' }, {}, '10.7.0.1')).statusCode).toBe(204);
    expect((await send({ ...report, kind: 'render' }, {}, '10.7.0.1')).statusCode).toBe(204);
    expect((await send({ ...report, version: 'unknown' }, {}, '10.7.0.1')).statusCode).toBe(204);
    expect(reports()).toHaveLength(5);
    // A different page or module of the same failure is a repeat: what identifies it is the remote, version, kind and message.
    expect((await send({ ...report, path: '/rooms', module: 'RoomDetailPage' }, {}, '10.7.0.1')).statusCode).toBe(204);
    expect(reports()).toHaveLength(5);
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

describe.each(TEST_DATABASES)('repeated and excessive remote failure reports on $name', (database) => {
  const body = { ...report, message: 'Failed to fetch dynamically imported module' };
  const post = (ctx: TestContext, remoteAddress: string) =>
    ctx.inject({ method: 'POST', url: URL, payload: body, headers: { 'content-type': 'application/json' }, remoteAddress });

  it('closes a window of repeats with one line that counts them', async () => {
    const log = captureLog();
    const ctx = await createTestContext(database, undefined, { logLevel: 'warn', logStream: log.stream });
    const lines = () => log.lines.filter((line) => line.clientError === 'remote-failure');
    for (let i = 0; i < 40; i++) expect((await post(ctx, '10.8.0.1')).statusCode).toBe(204);
    expect(lines()).toHaveLength(1);
    // The window is still open when the server closes: its count is written then.
    await ctx.close();
    expect(lines()).toHaveLength(2);
    const [first, repeated] = lines();
    expect(first).toMatchObject({ msg: REMOTE_FAILURE_LOG_MESSAGE, ...body });
    expect(first).not.toHaveProperty('repeats');
    expect(repeated).toMatchObject({ level: 40, msg: REMOTE_FAILURE_REPEATED_MESSAGE, ...body, repeats: 39, firstReqId: first!.reqId });
    expect(repeated).not.toHaveProperty('ip');
  });

  it('answers 429 past RATE_LIMIT_CLIENT_ERRORS reports from one address, with the wait', async () => {
    const ctx = await createConfiguredContext(database, { rateLimits: { clientErrors: { max: 3, windowSeconds: 600 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await post(ctx, '10.8.1.1')).statusCode).toBe(204);
      const limited = await post(ctx, '10.8.1.1');
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ message: RATE_LIMIT_TEXTS.clientErrors(formatWait(retryAfter)) });
      // Another address is counted on its own.
      expect((await post(ctx, '10.8.1.2')).statusCode).toBe(204);
    } finally {
      await ctx.close();
    }
  });
});

/** A repeat filter on a clock of the test's own. */
function filter(keysKept = 100) {
  let clock = 1_000_000;
  const closed: RepeatCount<string>[] = [];
  const repeats = createRepeatFilter<string>({ windowMs: 60_000, keysKept, now: () => clock, onRepeated: (count) => closed.push(count) });
  return { repeats, closed, advance: (ms: number) => (clock += ms) };
}

describe('the repeat filter', () => {

  it('admits the first report of a window, counts the rest, and reports the count when the window closes', () => {
    const { repeats, closed, advance } = filter();
    expect(repeats.admit(['a', 'x'], 'first')).toBe(true);
    advance(10_000);
    expect(repeats.admit(['a', 'x'], 'second')).toBe(false);
    expect(repeats.admit(['a', 'x'], 'third')).toBe(false);
    expect(repeats.admit(['b', 'x'], 'other')).toBe(true);
    repeats.sweep();
    expect(closed).toEqual([]);
    advance(50_000);
    repeats.sweep();
    expect(closed).toEqual([{ first: 'first', repeats: 2, firstAt: 1_000_000, lastAt: 1_010_000 }]);
    // A window without repeats closes silently; the next report opens a new window and is admitted.
    expect(repeats.admit(['a', 'x'], 'again')).toBe(true);
    expect(repeats.size).toBe(2);
  });

  it('remembers a bounded number of reports, the oldest forgotten first with its count', () => {
    const { repeats, closed } = filter(3);
    for (const key of ['k1', 'k2', 'k3']) repeats.admit([key], key);
    repeats.admit(['k1'], 'k1 again');
    repeats.admit(['k4'], 'k4');
    expect(repeats.size).toBe(3);
    expect(closed).toEqual([expect.objectContaining({ first: 'k1', repeats: 1 })]);
    expect(repeats.admit(['k1'], 'k1 afresh')).toBe(true);
  });

  it('keys do not run into each other when joined', () => {
    const { repeats } = filter();
    expect(repeats.admit(['ab', 'c'], 'one')).toBe(true);
    expect(repeats.admit(['a', 'bc'], 'two')).toBe(true);
  });
});
