/**
 * The token of a verification link: `<userId>.<expires>.<signature>`, `expires` in Unix seconds, the signature (HMAC-SHA-256
 * with the token secret, signatures.ts) over the user id, the expiry and the email address the link was sent to. Nothing
 * is stored: the server checks it against the account as it is now, so a link sent to an address the account no longer
 * uses stops working, and one person's link cannot confirm another's address. The email is signed but not written into
 * the link, which keeps the address out of URLs, histories and logs.
 */
import { signature, signatureMatches } from '../../signatures.ts';

const PURPOSE = 'verify-email';

export interface VerificationClaim {
  userId: number;
  /** Unix seconds after which the link no longer confirms anything. */
  expires: number;
}

const subject = (userId: number, expires: number, email: string) => `${userId}.${expires}.${email.trim().toLowerCase()}`;

export function verificationToken(secret: Uint8Array, userId: number, email: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${userId}.${expires}.${signature(secret, PURPOSE, subject(userId, expires, email))}`;
}

/** What a well-formed token claims (not yet checked: see tokenMatches); null for anything else. */
export function readVerificationToken(token: string): (VerificationClaim & { signature: string }) | null {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,11})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (userId > 2_147_483_647) return null;
  return { userId, expires, signature: match[3]! };
}

/** Whether the claim was signed by this server for this account's current email (compared in constant time). */
export const tokenMatches = (secret: Uint8Array, claim: VerificationClaim & { signature: string }, email: string) =>
  signatureMatches(secret, PURPOSE, subject(claim.userId, claim.expires, email), claim.signature);
