/**
 * Test support for emails: the outbox folder's .eml files read back (headers
 * unfolded, quoted-printable decoded), and a wait for a file to appear there
 * (polling the folder: an event, with an overall time limit, never a fixed sleep).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERIFY_TEXTS } from '@roomnest/shared';

export interface OutboxEmail {
  file: string;
  to: string;
  subject: string;
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The whole message after the headers, quoted-printable decoded (both parts). */
  body: string;
}

/** Quoted-printable to text: soft line breaks dropped, =XX byte runs decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

export function parseEml(file: string, raw: string): OutboxEmail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { file, to: headers.to ?? '', subject: headers.subject ?? '', headers, body: decodeQuotedPrintable(raw.slice(split)) };
}

/** The outbox's emails, oldest first: those to `to` when given; with `notifications`, without the verification emails of registrations. */
export function readOutbox(outboxDir: string, to?: string, notifications = false): OutboxEmail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseEml(f, readFileSync(join(outboxDir, f), 'utf8')))
    .filter((email) => to === undefined || email.to.toLowerCase().includes(to.toLowerCase()))
    .filter((email) => !notifications || email.subject !== VERIFY_TEXTS.emailSubject);
}

/**
 * Waits until `outboxDir` holds at least `count` emails (to `to` when given; with `notifications`, leaving out the
 * verification email every registration sends), checking every `intervalMs`, at most `timeoutMs`.
 */
export async function waitForOutbox(
  outboxDir: string,
  { count = 1, to, notifications = false, timeoutMs = 30_000, intervalMs = 50 }: { count?: number; to?: string; notifications?: boolean; timeoutMs?: number; intervalMs?: number } = {},
): Promise<OutboxEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = readOutbox(outboxDir, to, notifications);
    if (emails.length >= count) return emails;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} email(s) in ${outboxDir}; found ${emails.length}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The links of an email's text, in order. */
export const emailLinks = (email: OutboxEmail) => [...email.body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
