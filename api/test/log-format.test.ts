/**
 * LOG_FORMAT: readable one-line events (pretty) or JSON lines, chosen by the setting or, unset, by whether stdout is a
 * terminal; and in both formats the redaction of secrets still applies to every line.
 */
import { rmSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { ConfigError, loadConfig, parseLogFormat } from '../src/config.ts';
import { logDestination, prettyLine } from '../src/log-format.ts';
import { REDACTED, redactSecrets } from '../src/log-redaction.ts';
import { createUser, makeDataDir, TEST_DATABASES, type TestConfig } from './support.ts';
import type { Database } from '../src/db/database.ts';

const secret = (label: string) => `${label}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/** A destination that keeps the raw text written to it. */
function rawStream() {
  let text = '';
  return { stream: { write: (chunk: string) => void (text += chunk) }, text: () => text };
}

/** The secrets absent from the output, and the logged URLs there with their secret parameter redacted. */
const expectRedacted = ({ output, secrets }: { output: string; secrets: string[] }) => {
  for (const value of secrets) expect(output).not.toContain(value);
  expect(output).toContain(`/reset-password?token=${REDACTED}`);
  expect(output).toContain(`/api/messages/stream?ticket=${REDACTED}`);
  expect(output).toContain(`/api/test-log-probe?access_token=${REDACTED}`);
};

describe('LOG_FORMAT', () => {
  it('defaults to pretty at a terminal and to JSON otherwise; takes either word in any case; refuses anything else', () => {
    expect(parseLogFormat(undefined, true)).toBe('pretty');
    expect(parseLogFormat(undefined, false)).toBe('json');
    expect(parseLogFormat(undefined, undefined)).toBe('json');
    expect(parseLogFormat('  ', true)).toBe('pretty');
    expect(parseLogFormat('JSON', true)).toBe('json');
    expect(parseLogFormat('Pretty', false)).toBe('pretty');
    expect(() => parseLogFormat('xml', true)).toThrow(new ConfigError('LOG_FORMAT must be pretty or json; got "xml".'));
  });

  it('is part of the configuration', () => {
    const dataDir = makeDataDir().dataDir;
    try {
      expect(loadConfig({ DATA_DIR: dataDir }, { stdoutIsTTY: true }).logFormat).toBe('pretty');
      expect(loadConfig({ DATA_DIR: dataDir }, { stdoutIsTTY: false }).logFormat).toBe('json');
      expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json' }, { stdoutIsTTY: true }).logFormat).toBe('json');
      expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'yaml' })).toThrow(ConfigError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('pretty: one line an event, with the time, level and message, and the fields on the same line', () => {
    const line = prettyLine({ colorize: false })(JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', msg: 'job failed', job: { id: 7, kind: 'verify-email' } }));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: job failed \{"job":\{"id":7,"kind":"verify-email"\}\}/);
    expect(line).not.toContain('hostname');
  });

  it('pretty: an error is one line too, its type and message read first, its stack kept on the line', () => {
    const out = rawStream();
    const log = pino({ hooks: { streamWrite: redactSecrets } }, logDestination('pretty', out.stream, { colorize: false })!);
    log.error({ err: new Error('could not reach /newsletter/confirm?token=abc123def456') }, 'request failed');
    const text = out.text();
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(/^\[[\d:.]+\] ERROR: request failed: Error: could not reach \/newsletter\/confirm\?token=\[redacted\] \{"err":\{"type":"Error",.*"stack":"Error: could not reach/);
    expect(text).not.toContain('abc123def456');
  });

  it('json: the line as pino wrote it; pretty: the same event readable, in the worker’s logger as in the API’s', () => {
    const json = rawStream();
    const pretty = rawStream();
    for (const [format, out] of [
      ['json', json],
      ['pretty', pretty],
    ] as const) {
      const log = pino({ level: 'info', hooks: { streamWrite: redactSecrets } }, logDestination(format, out.stream, { colorize: false })!);
      log.info({ url: '/newsletter/confirm?token=abc123def456' }, 'worker running');
    }
    const [jsonLine] = json.text().trim().split('\n');
    expect(JSON.parse(jsonLine!)).toMatchObject({ level: 30, msg: 'worker running', url: `/newsletter/confirm?token=${REDACTED}` });
    expect(pretty.text()).toMatch(/^\[[\d:.]+\] INFO: worker running \{"url":"\/newsletter\/confirm\?token=\[redacted\]"\}\n$/);
  });
});

describe.each(TEST_DATABASES)('the server log in both formats on $name', (database) => {
  let opened: Database;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(() => opened?.close());

  /** The app in `format`, logging at trace into a raw stream, with a probe route that logs a request's headers. */
  async function appIn(format: 'pretty' | 'json'): Promise<{ app: App; text: () => string; config: TestConfig }> {
    const out = rawStream();
    const config = { ...makeDataDir(), logLevel: 'trace' as const, logFormat: format };
    const app = await buildApp({ db: opened.db, config, logStream: out.stream });
    app.get('/api/test-log-probe', async (request) => {
      request.log.info({ headers: request.headers }, 'probe');
      return { ok: true };
    });
    await app.ready();
    return { app, text: out.text, config };
  }

  /** Logs a reset link, a stream ticket, an access token and a bearer header, and a real login, in `format`. */
  async function logSecrets(format: 'pretty' | 'json'): Promise<{ output: string; secrets: string[] }> {
    const { app, text, config } = await appIn(format);
    try {
      const secrets = { reset: secret('reset'), ticket: secret('ticket'), bearer: secret('bearer'), access: secret('access') };
      await app.inject({ method: 'GET', url: `/reset-password?token=${secrets.reset}`, headers: { accept: 'text/html' } });
      await app.inject({ method: 'GET', url: `/api/messages/stream?ticket=${secrets.ticket}` });
      await app.inject({ method: 'GET', url: `/api/test-log-probe?access_token=${secrets.access}`, headers: { authorization: `Bearer ${secrets.bearer}` } });
      // A real login: neither the password sent nor the token answered reaches the log.
      const user = await createUser(opened.db);
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
      expect(res.statusCode).toBe(200);
      return { output: text(), secrets: [...Object.values(secrets), res.json<{ token: string }>().token, user.password] };
    } finally {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  }


  it('json: bearer tokens, reset tokens and stream tickets in logged URLs and headers are redacted, every line JSON', async () => {
    const logged = await logSecrets('json');
    expectRedacted(logged);
    const lines = logged.output.trimEnd().split('\n').map((line) => JSON.parse(line) as { msg?: string; headers?: Record<string, string> });
    expect(lines.find((line) => line.msg === 'probe')?.headers?.authorization).toBe(REDACTED);
  });

  it('pretty: the same redacted, each event one readable line of its own', async () => {
    const logged = await logSecrets('pretty');
    expectRedacted(logged);
    const lines = logged.output.trimEnd().split('\n');
    // Every event is one line of its own: time, level, message.
    expect(lines.filter((line) => !/^\[\d\d:\d\d:\d\d\.\d{3}\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /.test(line))).toEqual([]);
    expect(lines.some((line) => /INFO: incoming request: GET \/reset-password\?token=\[redacted\]/.test(line))).toBe(true);
    expect(lines.some((line) => /INFO: request completed: 200 in [\d.]+ ms/.test(line))).toBe(true);
    expect(lines.find((line) => line.includes('INFO: probe'))).toContain(`"authorization":"${REDACTED}"`);
  });
});
