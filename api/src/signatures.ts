/**
 * Keyed signatures (HMAC-SHA-256 with the token secret) of the short texts the server hands out and takes back
 * without storing them: newsletter and notification unsubscribe links, live-stream tickets. `purpose` keeps one
 * kind's signature from passing for another's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature of `subject` for `purpose`: 43 characters of base64url. */
export const signature = (secret: Uint8Array, purpose: string, subject: string) => createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url');

/** Whether `given` is the signature of `subject` for `purpose` (compared in constant time). */
export function signatureMatches(secret: Uint8Array, purpose: string, subject: string, given: string): boolean {
  const expected = Buffer.from(signature(secret, purpose, subject));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
