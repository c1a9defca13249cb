/**
 * `npm run moderators`: the command in a process of its own, against a real server process (and with none), on
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL. While the server runs on PGlite the command can only have gone
 * through the admin listener (the folder is locked); on PostgreSQL the command is given a DATABASE_URL that goes
 * nowhere, so an answer proves the same.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminFilePath, readAdminFiles } from '../src/features/moderation/admin-listener.ts';
import { BACKENDS, killServer, SERVER_PASSWORD, startServer, stopServer, type ServerProcess } from './server-process.ts';

const API_DIR = resolve(import.meta.dirname, '..');
const REPO_DIR = resolve(API_DIR, '..');
/** A PostgreSQL address nothing listens on. */
const UNREACHABLE_DATABASE = 'postgres://nobody@127.0.0.1:9/nowhere';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>, { viaNpm = false } = {}): Promise<Run> {
  const proc = viaNpm
    ? spawn('npm', ['run', 'moderators', '--', ...args], { cwd: REPO_DIR, env: { ...process.env, ...env } })
    : spawn(process.execPath, ['--import', 'tsx', 'src/moderators.ts', ...args], { cwd: API_DIR, env: { ...process.env, DATABASE_URL: '', ...env } });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => proc.once('close', (code) => done({ code, stdout, stderr })));
}

/** Status of a request to the admin listener with this authorization header (none when null). */
function adminStatus(port: number, authorization: string | null, host = '127.0.0.1'): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host, port, path: '/moderators', method: 'GET', headers: authorization === null ? {} : { authorization } }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.once('error', fail);
    req.end();
  });
}

/** Registers an account (no log-in needed here) and answers its email. */
async function register(base: string, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}@example.co.uk`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Email: email, Password: SERVER_PASSWORD, UserType: 'Landlord' }),
  });
  expect(res.status).toBe(201);
  return email;
}

const serverPort = (server: ServerProcess) => Number(new URL(server.base).port);

describe.each(BACKENDS)('npm run moderators on $name', (backend) => {
  let db: Awaited<ReturnType<typeof backend.create>>;
  /** The command's environment: the server's, and on PostgreSQL a database it cannot reach while it must use the server. */
  let throughServer: Record<string, string>;

  beforeAll(async () => {
    db = await backend.create();
    throughServer = { ...db.env, ...(db.env.DATABASE_URL ? { DATABASE_URL: UNREACHABLE_DATABASE } : {}) };
  });
  afterAll(async () => {
    await db?.drop();
  });

  test('adds, lists and removes through the running server, whose admin listener is private to this machine and its owner', { timeout: 240_000 }, async () => {
    const server = await startServer(db.env);
    let file = '';
    let amelia = '';
    try {
      amelia = await register(server.base, 'Amelia Hart');
      const files = readAdminFiles(db.dataDir);
      expect(files).toHaveLength(1);
      file = files[0]!.path;
      expect(file).toBe(adminFilePath(db.dataDir, serverPort(server)));
      const admin = files[0]!.file!;
      expect(admin.pid).toBe(server.proc.pid);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(admin.port).not.toBe(serverPort(server));

      // The token is checked; the public port has no such route.
      expect(await adminStatus(admin.port, null)).toBe(401);
      expect(await adminStatus(admin.port, 'Bearer not-the-token')).toBe(401);
      expect(await adminStatus(admin.port, `Bearer ${admin.token}x`)).toBe(401);
      expect(await adminStatus(admin.port, `Bearer ${admin.token}`)).toBe(200);
      expect((await fetch(`${server.base}/moderators`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404);
      // Bound to the loopback only: another address of this machine refuses the connection.
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal);
      const fromOutside = outside
        ? await adminStatus(admin.port, `Bearer ${admin.token}`, outside.address).then((status) => `answered ${status}`, (err: Error) => err.message)
        : 'ECONNREFUSED (this machine has no other address to try)';
      expect(fromOutside).toMatch(/ECONNREFUSED/);

      // Emails in any letter case, as at login.
      const added = await run(['add', amelia.toUpperCase()], throughServer);
      expect(added).toMatchObject({ code: 0, stdout: `Made ${amelia} a moderator.\n` });

      const listed = await run(['list'], throughServer);
      expect(listed.code).toBe(0);
      const [header, row, ...rest] = listed.stdout.trimEnd().split('\n');
      expect(header).toMatch(/^Email\s+Name\s+Since$/);
      expect(row).toMatch(new RegExp(`^${amelia.replace(/\./g, '\\.')}\\s+Amelia Hart\\s+\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}$`));
      expect(rest).toEqual([]);

      expect(await run(['add', 'nobody@example.co.uk'], throughServer)).toMatchObject({ code: 1, stderr: 'No account with that email.\n' });
      expect(await run(['remove', amelia], throughServer)).toMatchObject({ code: 0, stdout: `${amelia} is no longer a moderator.\n` });
      expect(await run(['remove', amelia], throughServer)).toMatchObject({ code: 1, stderr: `${amelia} is not a moderator.\n` });
      expect(await run(['list'], throughServer)).toMatchObject({ code: 0, stdout: 'No moderators yet.\n' });
      // Made again, to be read from the database after the server stops.
      expect((await run(['add', amelia], throughServer)).code).toBe(0);
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    // A clean stop takes the file away.
    expect(existsSync(file)).toBe(false);
    const database = await db.open();
    try {
      const roles = await database.db.selectFrom('user_roles').innerJoin('users', 'users.id', 'user_roles.user_id').select(['users.email', 'role']).execute();
      expect(roles).toEqual([{ email: amelia, role: 'moderator' }]);
    } finally {
      await database.close();
    }
  });

  test('with no server running it opens the database itself', { timeout: 120_000 }, async () => {
    expect(readAdminFiles(db.dataDir)).toEqual([]);
    const listed = await run(['list'], db.env);
    expect(listed.code).toBe(0);
    const email = listed.stdout.split('\n')[1]!.split(/\s+/)[0]!;
    const removed = await run(['remove', email], db.env);
    expect(removed).toEqual({ code: 0, stdout: `${email} is no longer a moderator.\n`, stderr: '' });
    expect(await run(['list'], db.env)).toMatchObject({ code: 0, stdout: 'No moderators yet.\n' });
    expect(await run(['add', email], db.env)).toMatchObject({ code: 0, stdout: `Made ${email} a moderator.\n` });
    expect(await run(['add', 'nobody@example.co.uk'], db.env)).toMatchObject({ code: 1, stderr: 'No account with that email.\n' });
  });

  test('a file left by a server killed with -9 is passed over: the command opens the database and removes the file', { timeout: 180_000 }, async () => {
    const server = await startServer(db.env);
    const file = adminFilePath(db.dataDir, serverPort(server));
    await killServer(server);
    expect(existsSync(file)).toBe(true);
    const listed = await run(['list'], db.env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/Amelia Hart/);
    expect(existsSync(file)).toBe(false);
  });
});

describe('npm run moderators, whatever the database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-moderators-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test.each([
    [[], 'Say what to do: add, remove or list.'],
    [['promote', 'a@example.co.uk'], 'Unknown command "promote".'],
    [['add'], 'add needs one email address.'],
    [['remove', 'a@example.co.uk', 'b@example.co.uk'], 'remove needs one email address.'],
    [['add', 'amelia'], '"amelia" is not an email address.'],
    [['list', 'a@example.co.uk'], 'list takes no email.'],
  ])('%j is a usage error (exit 2)', { timeout: 30_000 }, async (args, message) => {
    const result = await run(args, { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${message}\nUsage: npm run moderators -- add <email>`);
    expect(result.stdout).toBe('');
  });

  test('a file that is not an admin file, or one whose server is gone, never stops the command', { timeout: 30_000 }, async () => {
    writeFileSync(join(dataDir, 'admin-1.json'), 'half written');
    writeFileSync(join(dataDir, 'admin-2.json'), JSON.stringify({ pid: 2 ** 22 + 1, port: 9, token: 'x' }));
    const result = await run(['list'], { DATA_DIR: dataDir });
    expect(result).toMatchObject({ code: 1, stderr: `No database in ${join(dataDir, 'db')}: start the server once (npm start), or run this with the server's DATA_DIR or DATABASE_URL.\n` });
    expect(existsSync(join(dataDir, 'admin-2.json'))).toBe(false);
  });

  test('the root script passes its words and exit code through npm', { timeout: 60_000 }, async () => {
    expect((await run(['add', 'nobody@example.co.uk'], { DATA_DIR: dataDir, DATABASE_URL: '' }, { viaNpm: true })).code).toBe(1);
    expect((await run(['frobnicate'], { DATA_DIR: dataDir }, { viaNpm: true })).code).toBe(2);
  });
});
