/** Password hashing: argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes). */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, never a crash.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real verification when the email is unknown, so that
 * response time does not tell which addresses have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(24).toString('base64'));
  await verifyPassword(await dummyHash, password);
  return false;
}
