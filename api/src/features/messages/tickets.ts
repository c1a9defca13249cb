/**
 * Stream tickets: EventSource cannot send an Authorization header, so the
 * client trades its bearer token for a ticket (POST /api/messages/stream-ticket)
 * and opens /api/messages/stream?ticket=…. A ticket is an HMAC-signed
 * `userId.tokenVersion.expiresAtSeconds.nonce`, valid for 60 s, only for opening
 * a stream (not a bearer token), and **once**: a URL with a ticket can end up in
 * a proxy's log or the browser's history, and must not open streams after that.
 *
 * Single use across API instances: the stream route records the ticket's
 * random nonce in the database (`stream_ticket_uses`, primary key) before it
 * opens the stream; an insert that finds the nonce there already means the
 * ticket was used, on this instance or another one behind the same load
 * balancer, and is refused. Two uses at the same moment meet on the primary
 * key, so exactly one wins. Rows are only kept until shortly after their
 * ticket expires (an expired ticket is refused by its signature anyway).
 * Issuing stays stateless: one instance may issue a ticket and another accept it.
 * Revoking the user's tokens (token version) revokes unused tickets too.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { signature, signatureMatches } from '../../signatures.ts';

export const TICKET_TTL_SECONDS = 60;

/** How long past its expiry a used ticket's nonce is kept: room for clocks of instances that differ a little. */
const USED_KEPT_AFTER_EXPIRY = '5 minutes';

export interface TicketClaims {
  userId: number;
  tokenVersion: number;
}

export interface VerifiedTicket extends TicketClaims {
  /** The ticket's random part: what its single use is recorded by. */
  nonce: string;
  expiresAt: Date;
}

const PURPOSE = 'stream-ticket';

export function issueTicket(secret: Uint8Array, claims: TicketClaims, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const body = `${claims.userId}.${claims.tokenVersion}.${Math.floor(now / 1000) + TICKET_TTL_SECONDS}.${nonce}`;
  return `${body}.${signature(secret, PURPOSE, body)}`;
}

/** The ticket's claims when its signature is genuine and it has not expired; null otherwise. Says nothing of its use. */
export function verifyTicket(secret: Uint8Array, ticket: string, now = Date.now()): VerifiedTicket | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, userId, tokenVersion, exp, nonce, mac] = match as unknown as [string, string, string, string, string, string];
  if (!signatureMatches(secret, PURPOSE, `${userId}.${tokenVersion}.${exp}.${nonce}`, mac)) return null;
  if (Number(exp) * 1000 < now) return null;
  return { userId: Number(userId), tokenVersion: Number(tokenVersion), nonce, expiresAt: new Date(Number(exp) * 1000) };
}

/**
 * Records the ticket's use; true the first time, false when it was used already (by any instance on this
 * database). In the same statement, forgets the nonces of tickets long expired, so the table stays as small
 * as the tickets of the last few minutes.
 */
export async function useTicket(db: Kysely<DB>, ticket: VerifiedTicket): Promise<boolean> {
  const { rows } = await sql<{ nonce: string }>`
    with forgotten as (
      delete from stream_ticket_uses where expires_at < now() - ${sql.raw(`interval '${USED_KEPT_AFTER_EXPIRY}'`)}
    )
    insert into stream_ticket_uses (nonce, user_id, expires_at) values (${ticket.nonce}, ${ticket.userId}, ${ticket.expiresAt})
    on conflict (nonce) do nothing
    returning nonce`.execute(db);
  return rows.length === 1;
}
