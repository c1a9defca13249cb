/**
 * Stream tickets: EventSource cannot send an Authorization header, so the
 * client trades its bearer token for a ticket (POST /api/messages/stream-ticket)
 * and opens /api/messages/stream?ticket=…. A ticket is an HMAC-signed
 * `userId.tokenVersion.expiresAtSeconds`, valid for 60 s and only for opening a
 * stream (not a bearer token); being stateless, one instance may issue it and
 * another accept it. Revoking the user's tokens (token version) revokes it too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TICKET_TTL_SECONDS = 60;

export interface TicketClaims {
  userId: number;
  tokenVersion: number;
}

const sign = (secret: Uint8Array, body: string) => createHmac('sha256', secret).update(`stream-ticket:${body}`).digest('base64url');

export function issueTicket(secret: Uint8Array, claims: TicketClaims, now = Date.now()): string {
  const body = `${claims.userId}.${claims.tokenVersion}.${Math.floor(now / 1000) + TICKET_TTL_SECONDS}`;
  return `${body}.${sign(secret, body)}`;
}

export function verifyTicket(secret: Uint8Array, ticket: string, now = Date.now()): TicketClaims | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, userId, tokenVersion, exp, mac] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(sign(secret, `${userId}.${tokenVersion}.${exp}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(exp) * 1000 < now) return null;
  return { userId: Number(userId), tokenVersion: Number(tokenVersion) };
}
