/**
 * The e2e server's outbox (no SMTP_URL): one .eml file per email, as nodemailer writes them. A small MIME
 * reader for the tests: the headers (unfolded) and the text and HTML parts, decoded from quoted-printable or
 * base64, so a test can follow a link the way a person would.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env.ts';

export const OUTBOX = join(E2E_DATA_DIR, 'outbox');

export interface OutboxEmail {
  file: string;
  /** Header names lower-cased; values unfolded, encoded words left as they are. */
  headers: Record<string, string>;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return bytes;
    }
  }
  return body;
}

/** The text and HTML of a part, looking inside multipart parts. */
function readParts(headers: Record<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      readParts(part.headers, part.body, out);
    }
    return;
  }
  const text = decode(body, headers['content-transfer-encoding']);
  if (/^text\/html/i.test(type)) out.html += text;
  else if (/^text\/plain/i.test(type)) out.text += text;
}

export function readEmail(file: string): OutboxEmail {
  const { headers, body } = splitHead(readFileSync(join(OUTBOX, file), 'utf8'));
  const parts = { text: '', html: '' };
  readParts(headers, body, parts);
  return { file, headers, ...parts };
}

/** Every email to `to` in the outbox, oldest first. */
export function emailsTo(to: string): OutboxEmail[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .toSorted()
    .map(readEmail)
    .filter((email) => (email.headers.to ?? '').toLowerCase().includes(to.toLowerCase()));
}
