/**
 * Outgoing email. With SMTP_URL set, nodemailer sends through that server;
 * without it, each email is written as an RFC 822 `.eml` file to
 * `${dataDir}/outbox/` (open it in any mail client) and its path is logged,
 * so a development machine or a test can follow the links it holds.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LINE_BREAKING_OR_INVISIBLE, nameHasWebAddress } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

/** Text for an HTML part: every character that could open a tag, an entity or leave an attribute is escaped. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Line breaks, tabs, control characters and invisible formatting characters: what a one-line field refuses. */
const BREAKING_OR_INVISIBLE = new RegExp(LINE_BREAKING_OR_INVISIBLE.source, 'g');

/**
 * A user's name as an email may show it: on one line (whatever the database holds, e.g. a name stored before names
 * were checked, line breaks and invisible characters become spaces), at most 100 characters, and null when nothing is
 * left or it holds a web address (an email client would make it a link the message seems to vouch for).
 */
export function nameForEmail(name: string | null | undefined): string | null {
  const line = (name ?? '').replace(BREAKING_OR_INVISIBLE, ' ').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return line === '' || nameHasWebAddress(line) ? null : line;
}

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of a notification. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends (or writes) the email; answers where it went: the .eml file, or the SMTP message id. */
  send(email: Email): Promise<string>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = createTransport(smtpUrl);
    return {
      async send(email) {
        const info = await transport.sendMail({ from, ...email });
        log.info({ messageId: info.messageId }, 'email sent by SMTP');
        return info.messageId;
      },
    };
  }
  // Builds the message exactly as it would be sent, into a buffer.
  const builder = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const info = await builder.sendMail({ from, ...email });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written aside, then renamed: whoever watches the folder never reads half an email.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      log.info({ file }, `email written to the outbox (no SMTP_URL): ${file}`);
      return file;
    },
  };
}
