/**
 * `npm run moderators`: what each command does to the database and what it prints. The running server's admin
 * listener (admin-listener.ts) and the command's own fallback on the database (src/moderators.ts) both call
 * `runModeratorsRequest`, so the answer is the same whichever way it went; the command prints it with
 * `describeModeratorsResult`.
 */
import { formatDateTime } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { grantRole, listRoleHolders, revokeRole } from './roles-repository.ts';

export type ModeratorsRequest = { command: 'add' | 'remove'; email: string } | { command: 'list' };

export interface ModeratorEntry {
  userId: number;
  name: string;
  email: string;
  /** ISO 8601 instant the role was granted. */
  grantedAt: string;
}

/** What happened, as plain data (the admin listener sends it as JSON). */
export type ModeratorsResult =
  | { outcome: 'added'; email: string }
  | { outcome: 'removed'; email: string }
  | { outcome: 'not-a-moderator'; email: string }
  | { outcome: 'no-account' }
  | { outcome: 'list'; moderators: ModeratorEntry[] };

export const MODERATORS_USAGE = [
  'Usage: npm run moderators -- add <email>     make the account with that email a moderator',
  '       npm run moderators -- remove <email>  take the moderator role away (at once, even mid-session)',
  '       npm run moderators -- list            list the moderators',
].join('\n');

/** Reads the command's words; a string is the usage error to print. */
export function parseModeratorsArgs(args: readonly string[]): ModeratorsRequest | string {
  const [command, ...rest] = args;
  if (command === 'list') return rest.length === 0 ? { command } : 'list takes no email.';
  if (command === 'add' || command === 'remove') {
    if (rest.length !== 1) return `${command} needs one email address.`;
    const email = rest[0]!.trim();
    // Control characters too: a NUL is text no PostgreSQL statement takes, so it must stop here, not in the database.
    if (!/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(email)) return `"${rest[0]}" is not an email address.`;
    return { command, email };
  }
  return command === undefined ? 'Say what to do: add, remove or list.' : `Unknown command "${command}".`;
}

export async function runModeratorsRequest(db: Kysely<DB>, request: ModeratorsRequest): Promise<ModeratorsResult> {
  switch (request.command) {
    case 'add': {
      const holder = await grantRole(db, request.email, 'moderator');
      return holder ? { outcome: 'added', email: holder.email } : { outcome: 'no-account' };
    }
    case 'remove': {
      if (await revokeRole(db, request.email, 'moderator')) return { outcome: 'removed', email: request.email };
      // Not removed: say whether the account exists, as `add` would.
      const exists = await db
        .selectFrom('users')
        .select('email')
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${request.email})`)
        .executeTakeFirst();
      return exists ? { outcome: 'not-a-moderator', email: exists.email } : { outcome: 'no-account' };
    }
    case 'list': {
      const holders = await listRoleHolders(db, 'moderator');
      return { outcome: 'list', moderators: holders.map((h) => ({ userId: h.userId, name: h.name, email: h.email, grantedAt: h.grantedAt.toISOString() })) };
    }
  }
}

/** The lines to print and the exit code: 0 done, 1 refused. */
export function describeModeratorsResult(result: ModeratorsResult): { lines: string[]; exitCode: 0 | 1 } {
  switch (result.outcome) {
    case 'added':
      return { lines: [`Made ${result.email} a moderator.`], exitCode: 0 };
    case 'removed':
      return { lines: [`${result.email} is no longer a moderator.`], exitCode: 0 };
    case 'not-a-moderator':
      return { lines: [`${result.email} is not a moderator.`], exitCode: 1 };
    case 'no-account':
      return { lines: ['No account with that email.'], exitCode: 1 };
    case 'list': {
      if (result.moderators.length === 0) return { lines: ['No moderators yet.'], exitCode: 0 };
      const rows = [['Email', 'Name', 'Since'], ...result.moderators.map((m) => [m.email, m.name, formatDateTime(m.grantedAt)])];
      const widths = [0, 1].map((col) => Math.max(...rows.map((row) => row[col]!.length)));
      return { lines: rows.map(([email, name, since]) => `${email!.padEnd(widths[0]!)}  ${name!.padEnd(widths[1]!)}  ${since}`), exitCode: 0 };
    }
  }
}
