/**
 * Secrets in logged URLs and headers: reset and newsletter tokens, stream tickets, bearer tokens and cookies
 * never reach the log, at any level and in any field (the request line, a browser's failure report, a
 * handler that logs its headers).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, redactSecrets } from '../src/log-redaction.ts';
import { captureLog, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const secret = (name: string) => `${name}-${Math.random().toString(36).slice(2)}-SECRET`;

describe('redactSecrets', () => {
  it.each([
    ['/reset-password?token=abc-DEF_123', '/reset-password?token=[redacted]'],
    ['/api/messages/stream?ticket=eyJ1.x.y&lastEventId=4', '/api/messages/stream?ticket=[redacted]&lastEventId=4'],
    ['/rooms?page=2&city=Hackney', '/rooms?page=2&city=Hackney'],
    ['/x?a=1&Password=hunter2&b=2', '/x?a=1&Password=[redacted]&b=2'],
    ['/x?reset_token=s3cret#access_token=frag', '/x?reset_token=[redacted]#access_token=[redacted]'],
    ['/x?to%6Ben=s3cret', '/x?to%6Ben=[redacted]'],
    ['/next%3Ftoken%3Ds3cret%26page%3D2', '/next%3Ftoken%3D[redacted]%26page%3D2'],
    ['/newsletter/confirm?token=', '/newsletter/confirm?token='],
  ])('%s', (url, expected) => {
    expect(redactSecrets(JSON.stringify({ url }))).toBe(JSON.stringify({ url: expected }));
  });

  it('replaces secret properties holding strings or lists of strings, at any depth, and keeps the rest', () => {
    const line = JSON.stringify({
      level: 30,
      tokenVersion: 3,
      req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=1', 'set-cookie': ['a=1', 'b=2'], accept: 'text/html' } },
      msg: 'said "token":"x" in passing',
    });
    expect(JSON.parse(redactSecrets(line))).toEqual({
      level: 30,
      tokenVersion: 3,
      req: { headers: { authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED, accept: 'text/html' } },
      msg: 'said "token":"x" in passing',
    });
  });

  it('leaves a line without secrets as it is', () => {
    const line = '{"level":30,"reqId":"req-1","res":{"statusCode":200},"responseTime":1.2,"msg":"request completed"}\n';
    expect(redactSecrets(line)).toBe(line);
  });

  it.each(['token', 'Ticket', 'X-Amz-Signature', 'authorization', 'Proxy-Authorization', 'x-api-key', 'key', 'sessionId', 'to%6Ben'])('%s is secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });
  it.each(['page', 'city', 'email', 'keyword', 'lastEventId', 'sortBy'])('%s is not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe.each(TEST_DATABASES)('the server log on $name', (database) => {
  let ctx: TestContext;
  const log = captureLog();
  beforeAll(async () => {
    ctx = await createTestContext(
      database,
      (app) => {
        // As a handler written to debug a request would: its headers and its URL, at the lowest level.
        app.get('/api/test-log-probe', async (request) => {
          request.log.trace({ headers: request.headers, url: request.url }, 'probe');
          return { ok: true };
        });
      },
      { logLevel: 'trace', logStream: log.stream },
    );
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    log.lines.length = 0;
  });

  const text = () => log.lines.map((line) => JSON.stringify(line)).join('\n');

  it('writes reset links, stream tickets, bearer tokens and cookies redacted in every line', async () => {
    const secrets = { reset: secret('reset'), ticket: secret('ticket'), bearer: secret('bearer'), cookie: secret('cookie'), password: secret('pw') };
    await ctx.inject({ method: 'GET', url: `/reset-password?token=${secrets.reset}`, headers: { accept: 'text/html' } });
    await ctx.inject({ method: 'GET', url: `/api/messages/stream?ticket=${secrets.ticket}` });
    await ctx.inject({
      method: 'GET',
      url: `/api/test-log-probe?password=${secrets.password}&page=2`,
      headers: { authorization: `Bearer ${secrets.bearer}`, cookie: `sid=${secrets.cookie}` },
    });
    await ctx.inject({
      method: 'POST',
      url: '/api/client-errors/remote-failures',
      payload: { remote: 'mf_search', module: 'RoomSearchPage', version: 'unknown', kind: 'load', message: `failed at /newsletter/confirm?token=${secrets.reset}`, path: `/reset-password?token=${secrets.reset}`, shellVersion: '1' },
    });

    expect(log.lines.length).toBeGreaterThan(8);
    for (const value of Object.values(secrets)) expect(text()).not.toContain(value);

    const urls = log.lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual([
      '/reset-password?token=[redacted]',
      '/api/messages/stream?ticket=[redacted]',
      '/api/test-log-probe?password=[redacted]&page=2',
      '/api/client-errors/remote-failures',
    ]);
    const probe = log.lines.find((line) => line.msg === 'probe') as { headers: Record<string, string>; url: string };
    expect(probe.headers).toMatchObject({ authorization: REDACTED, cookie: REDACTED });
    expect(probe.url).toBe('/api/test-log-probe?password=[redacted]&page=2');
    expect(log.lines.find((line) => line.clientError === 'remote-failure')).toMatchObject({
      path: '/reset-password?token=[redacted]',
      message: 'failed at /newsletter/confirm?token=[redacted]',
    });
  });
});
