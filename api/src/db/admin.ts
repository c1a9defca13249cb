/**
 * One statement on a PostgreSQL connection of its own, outside any pool: for
 * what tests and benchmarks do around a database (create and drop a schema or
 * a database of their own), never for the app's queries.
 */
import { Client } from 'pg';

export async function runStatement(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
