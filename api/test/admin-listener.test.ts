/**
 * The admin listener (features/moderation/admin-listener.ts) answered directly, on PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL: whatever a caller on the machine sends, a clear 4xx and never a failure of the server's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_HOST, startAdminListener, type AdminFile, type AdminListener } from '../src/features/moderation/admin-listener.ts';
import { createTestContext, createUser, TEST_DATABASES, type TestContext } from './support.ts';

interface Answer {
  status: number;
  body: { message?: string; outcome?: string };
}

function post(port: number, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: ADMIN_HOST, port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
    });
    req.once('error', fail);
    req.end(body);
  });
}

describe.each(TEST_DATABASES)('the admin listener on $name', (database) => {
  let ctx: TestContext;
  let dataDir: string;
  let admin: AdminListener;
  let auth: Record<string, string>;
  const failures: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(database);
    dataDir = mkdtempSync(join(tmpdir(), 'roomnest-admin-listener-'));
    admin = await startAdminListener({ db: ctx.db, dataDir, publicPort: 1, log: { error: (obj) => failures.push(obj) } });
    const { token } = JSON.parse(readFileSync(admin.file, 'utf8')) as AdminFile;
    auth = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await admin.close();
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('an email with a NUL or another control character is not an email address (400), on add and on remove', async () => {
    for (const path of ['/moderators/add', '/moderators/remove']) {
      for (const email of ['amelia\u0000@example.co.uk', 'amelia@example.co.uk\u0007']) {
        const res = await post(admin.port, path, auth, JSON.stringify({ email }));
        expect(res, `${path} ${JSON.stringify(email)}`).toEqual({ status: 400, body: { message: `"${email}" is not an email address.` } });
      }
    }
    expect(failures).toEqual([]);
  });

  test.each([
    ['not JSON', 'amelia@example.co.uk'],
    ['empty', ''],
    ['JSON without an email', '{"mail":"amelia@example.co.uk"}'],
    ['an email that is not text', '{"email":5}'],
    ['a JSON array', '["amelia@example.co.uk"]'],
    ['JSON null', 'null'],
  ])('a body that is %s answers 400 saying what to send', async (_what, body) => {
    expect(await post(admin.port, '/moderators/add', auth, body)).toEqual({ status: 400, body: { message: 'The body must be JSON: { "email": "…" }.' } });
  });

  test('a body past 1024 bytes answers 413, and the listener keeps answering', async () => {
    const res = await post(admin.port, '/moderators/add', auth, JSON.stringify({ email: `${'a'.repeat(2_000_000)}@example.co.uk` }));
    expect(res).toEqual({ status: 413, body: { message: 'The body is larger than 1024 bytes: send { "email": "…" } only.' } });
    const user = await createUser(ctx.db);
    expect(await post(admin.port, '/moderators/add', auth, JSON.stringify({ email: user.email }))).toMatchObject({ status: 200, body: { outcome: 'added' } });
  });

  test('an address in characters split between two chunks of the body is read whole', async () => {
    const user = await createUser(ctx.db, { email: `zoë-${process.pid}@example.co.uk` });
    const bytes = Buffer.from(JSON.stringify({ email: user.email }));
    const split = bytes.indexOf(Buffer.from('ë')) + 1;
    const res = await new Promise<Answer>((done, fail) => {
      const req = request({ host: ADMIN_HOST, port: admin.port, path: '/moderators/add', method: 'POST', headers: auth }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => done({ status: answer.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
      });
      req.once('error', fail);
      // The first half of 'ë' ends one write and its second half starts the next, once the first has gone out.
      req.write(bytes.subarray(0, split), () => req.end(bytes.subarray(split)));
    });
    expect(res).toMatchObject({ status: 200, body: { outcome: 'added', email: user.email } });
  });

  test.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer wrong' }],
  ])('%s answers 401 before the body is read', async (_what, headers) => {
    expect(await post(admin.port, '/moderators/add', headers, JSON.stringify({ email: 'amelia\u0000@example.co.uk' }))).toEqual({
      status: 401,
      body: { message: 'Wrong or missing admin token.' },
    });
  });
});
