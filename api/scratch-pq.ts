import { CompiledQuery } from 'kysely';
import { openDatabase } from './src/db/database.ts';
import { placeQuery } from './src/features/listings/places.ts';
const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:55433/postgres', searchPath: `${process.env.SCHEMA ?? 'exp1m'},public` });
const db = database.db;
for (const text of (process.env.TEXTS ?? 'hackney,london').split(',')) {
  const c = placeQuery(text).compile(db);
  for (let i = 0; i < 2; i++) {
    const { rows } = await db.executeQuery<any>(CompiledQuery.raw(`explain (analyze, buffers) ${c.sql}`, [...c.parameters]));
    if (i === 1 || !process.env.QUIET) console.log(`---- ${text}\n` + rows.map((r: any) => r['QUERY PLAN']).join('\n'));
  }
}
await database.close();
