import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { DataDirLockedError, LOCK_FILE_NAME } from '../src/db/dir-lock.ts';
import { isUniqueViolation } from '../src/db/errors.ts';
import { migrateToLatest, MIGRATIONS } from '../src/db/migrations/index.ts';
import { Mutex } from '../src/db/pglite-dialect.ts';
import { TEST_DATABASES } from './support.ts';

describe.each(TEST_DATABASES)('database on $name', (testDatabase) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase.open();
    await sql`create table probe (id integer generated always as identity primary key, n integer not null, label text)`.execute(database.db);
  });
  afterAll(() => database?.close());

  it('migrates a fresh schema even when another schema already holds Kysely’s bookkeeping tables', async () => {
    const decoy = `decoy_${process.pid}_${Date.now()}`;
    await sql.raw(`create schema ${decoy}`).execute(database.db);
    await sql.raw(`create table ${decoy}.kysely_migration (name text)`).execute(database.db);
    await sql.raw(`create table ${decoy}.kysely_migration_lock (id text)`).execute(database.db);
    try {
      const other = await testDatabase.open();
      try {
        const { rows } = await sql<{ n: number }>`
          select count(*) as n from information_schema.tables
          where table_schema = current_schema() and table_name in ('kysely_migration', 'kysely_migration_lock', 'listings')`.execute(other.db);
        expect(rows[0]!.n).toBe(3);
      } finally {
        await other.close();
      }
    } finally {
      await sql.raw(`drop schema ${decoy} cascade`).execute(database.db);
    }
  });

  it('hands back the same JavaScript types on both drivers', async () => {
    const { rows } = await sql<{ big: unknown; total: unknown; money: unknown; day: unknown; instant: unknown; flag: unknown }>`
      select 9007199254740991::int8 as big, count(*) as total, 950.50::numeric(10, 2) as money,
             date '2026-03-29' as day, timestamptz '2026-03-29 01:30:00+00' as instant, true as flag
      from (values (1), (2)) v(x)`.execute(database.db);
    expect(rows[0]).toEqual({ big: 9007199254740991, total: 2, money: 950.5, day: '2026-03-29', instant: new Date('2026-03-29T01:30:00Z'), flag: true });
  });

  it('never compiles a statement just in time, however dear its estimate (JIT off on every connection)', async () => {
    // Searches are short index reads: compiling one whose estimate passes jit_above_cost took 330 ms to save none.
    for (let i = 0; i < 3; i++) {
      const plan = await database.db.transaction().execute(async (trx) => {
        await sql`set local jit_above_cost = 0`.execute(trx);
        const { rows } = await sql<{ 'QUERY PLAN': [Record<string, unknown>] }>`explain (analyze, format json) select sum(n) from probe`.execute(trx);
        return rows[0]!['QUERY PLAN'][0];
      });
      expect(plan).toHaveProperty('Plan');
      expect(plan).not.toHaveProperty('JIT');
    }
  });

  it('runs migrations once: a second run does nothing', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS));
  });

  it('keeps one account per email whatever the letter case', async () => {
    const values = { name: 'A', password_hash: 'x', user_type: 'Tenant' as const };
    await database.db.insertInto('users').values({ ...values, email: 'Case@Example.co.uk' }).execute();
    const err = await database.db.insertInto('users').values({ ...values, email: 'case@example.CO.UK' }).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('checks user type and plan', async () => {
    const values = { name: 'A', password_hash: 'x', email: 'check@example.co.uk' };
    await expect(database.db.insertInto('users').values({ ...values, user_type: 'Admin' as never }).execute()).rejects.toThrow(/check constraint/);
    await expect(database.db.insertInto('users').values({ ...values, user_type: 'Tenant', plan: 'Gold' as never }).execute()).rejects.toThrow(/check constraint/);
  });

  it('lands every one of 50 concurrent transactions, with plain queries in between', async () => {
    const writes = Array.from({ length: 50 }, (_, i) =>
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('probe' as never).values({ n: i, label: 'tx' } as never).execute();
        const { rows } = await sql<{ c: number }>`select count(*) as c from probe where n = ${i}`.execute(trx);
        await trx.updateTable('probe' as never).set({ label: `tx-${rows[0]?.c}` } as never).where('n' as never, '=', i as never).execute();
      }),
    );
    const reads = Array.from({ length: 20 }, () => sql<{ c: number }>`select count(*) as c from probe`.execute(database.db));
    await Promise.all([...writes, ...reads]);
    const { rows } = await sql<{ c: number; labels: number }>`
      select count(*) as c, count(distinct n) as labels from probe where label = 'tx-1'`.execute(database.db);
    expect(rows[0]).toEqual({ c: 50, labels: 50 });
  });

  it('rolls a failed transaction back entirely and stays usable', async () => {
    const before = await sql<{ c: number }>`select count(*) as c from probe`.execute(database.db);
    const failures = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          await sql`insert into probe (n, label) values (${1000 + i}, 'doomed')`.execute(trx);
          await sql`select 1 / 0`.execute(trx);
        }),
      ),
    );
    expect(failures.every((f) => f.status === 'rejected')).toBe(true);
    const after = await sql<{ c: number }>`select count(*) as c from probe`.execute(database.db);
    expect(after.rows[0]?.c).toBe(before.rows[0]?.c);
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into probe (n, label) values (2000, 'kept')`.execute(trx);
    });
    const kept = await sql<{ c: number }>`select count(*) as c from probe where label = 'kept'`.execute(database.db);
    expect(kept.rows[0]?.c).toBe(1);
  });

  it('rolls back to a savepoint inside a controlled transaction', async () => {
    const trx = await database.db.startTransaction().execute();
    await sql`insert into probe (n, label) values (3000, 'outer')`.execute(trx);
    const nested = await trx.savepoint('inner').execute();
    await sql`insert into probe (n, label) values (3001, 'inner')`.execute(nested);
    await nested.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const { rows } = await sql<{ label: string }>`select label from probe where n >= 3000 order by n`.execute(database.db);
    expect(rows).toEqual([{ label: 'outer' }]);
  });

  it('reports affected rows of writes', async () => {
    await sql`insert into probe (n, label) values (4000, 'a'), (4001, 'a')`.execute(database.db);
    const [result] = await database.db.updateTable('probe' as never).set({ label: 'b' } as never).where('label' as never, '=', 'a' as never).execute();
    expect(result?.numUpdatedRows).toBe(2n);
  });
});

describe('Mutex', () => {
  it('hands the lock out first come, first served, one holder at a time', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    let holders = 0;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name, i) => {
        const unlock = await mutex.lock();
        holders++;
        expect(holders).toBe(1);
        order.push(name);
        await new Promise((r) => setTimeout(r, (4 - i) * 3));
        holders--;
        unlock();
      }),
    );
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('PGlite data folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'roomnest-pglite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps committed data across a reopen, refuses a second open while held, and releases on close', async () => {
    const dataDir = join(dir, 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    await migrateToLatest(first.db);
    await first.db.insertInto('users').values({ name: 'Kept', email: 'kept@example.co.uk', password_hash: 'x', user_type: 'Tenant' }).execute();
    await first.startMaintenance(() => undefined);
    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const row = await second.db.selectFrom('users').select('name').executeTakeFirst();
    expect(row).toEqual({ name: 'Kept' });
    await second.close();
  });

  // A second process starting tsx and PGlite: allow for a busy runner.
  it('refuses a folder another server process holds, and takes it over once that process is gone', { timeout: 120_000 }, async () => {
    const dataDir = join(dir, 'shared');
    const script = join(dir, 'holder.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(join(import.meta.dirname, '../src/db/database.ts'))};\n` +
        `await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dataDir)} });\n` +
        `process.stdout.write('ready\\n');\n` +
        `setInterval(() => {}, 1000);\n`,
    );
    const holder = spawn(process.execPath, ['--import', 'tsx', script], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(new RegExp(`in use by another RoomNest server \\(pid ${holder.pid}\\)`));
    } finally {
      if (holder.exitCode === null && holder.signalCode === null) {
        const exited = new Promise((resolve) => holder.once('exit', resolve));
        holder.kill('SIGKILL');
        await exited;
      }
    }
    // Killed without a chance to clean up: its lock file is stale now.
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(holder.pid));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });

  it('takes over a stale lock file before PGlite ever created the folder', async () => {
    const dataDir = join(dir, 'stale');
    mkdirSync(dataDir, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(gone.stdout.toString());
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${deadPid}\n`);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });
});
