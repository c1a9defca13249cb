/** PostgreSQL error codes the features react to (the same on `pg` and PGlite). */

const codeOf = (err: unknown): string | undefined =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** 23505: a unique index refused the row. */
export const isUniqueViolation = (err: unknown): boolean => codeOf(err) === '23505';

/** 23503: a foreign key refused the row (e.g. the referenced user was deleted meanwhile). */
export const isForeignKeyViolation = (err: unknown): boolean => codeOf(err) === '23503';
