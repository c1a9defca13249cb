/** The health check's one statement: the cheapest round trip that proves the database answers. */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
