/** Saved searches' statements: a person's searches, the limit on them, and their match rows (matching.ts). */
import { MAX_SAVED_SEARCHES, type SavedSearchCriteria, type SavedSearchFrequency } from '@roomnest/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, Executor, SavedSearchesTable } from '../../db/types.ts';
import { searchTerms, writeSearchTerms } from './matching.ts';

export type SavedSearchRow = Selectable<SavedSearchesTable>;

const COLUMNS = ['id', 'user_id', 'name', 'criteria', 'frequency', 'created_at', 'last_sent_at'] as const;

/** A person's saved searches, newest first. */
export function listSavedSearches(db: Executor, userId: number): Promise<SavedSearchRow[]> {
  return db.selectFrom('saved_searches').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export type SaveOutcome = { saved: SavedSearchRow } | { tooMany: true } | { noAccount: true };

/**
 * Saves a search with its match rows, unless the person has MAX_SAVED_SEARCHES already. The person's row is locked
 * first, so two saves at once count one after the other: neither can pass the limit with the other.
 */
export async function insertSavedSearch(
  db: Kysely<DB>,
  userId: number,
  input: { name: string; criteria: SavedSearchCriteria; frequency: SavedSearchFrequency },
): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const owner = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!owner) return { noAccount: true as const };
    const { n } = await trx
      .selectFrom('saved_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SAVED_SEARCHES) return { tooMany: true as const };
    // The criteria are read before the row is written: resolving the place reads the places table.
    const terms = await searchTerms(trx, input.criteria);
    const saved = await trx
      .insertInto('saved_searches')
      .values({ user_id: userId, name: input.name, criteria: JSON.stringify(input.criteria), frequency: input.frequency })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeSearchTerms(trx, { id: saved.id, userId, frequency: saved.frequency }, terms);
    return { saved };
  });
}

/** Renames a search or changes its frequency (its match rows follow, migration 0018's trigger); undefined when not theirs. */
export function updateSavedSearch(db: Executor, userId: number, id: number, change: { name?: string | undefined; frequency?: SavedSearchFrequency | undefined }) {
  return db
    .updateTable('saved_searches')
    .set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.frequency !== undefined ? { frequency: change.frequency } : {}) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Deletes one of the person's searches (its match rows and deliveries go with it); false when not theirs. */
export async function deleteSavedSearch(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Turns a search's emails off (the one-click unsubscribe of its alerts); answers its name, or null when it is gone. */
export async function turnSavedSearchOff(db: Executor, id: number): Promise<string | null> {
  const row = await db.updateTable('saved_searches').set({ frequency: 'off' }).where('id', '=', id).returning('name').executeTakeFirst();
  return row?.name ?? null;
}
