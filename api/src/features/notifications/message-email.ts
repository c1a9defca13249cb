/**
 * Emails about unread messages. Sending a message enqueues, in the same
 * transaction, a 'message-email' job due MESSAGE_EMAIL_DELAY_SECONDS later,
 * named by the unread spell it is about (the first message the sender sent the
 * receiver that is still unread): one spell, one open job. When the job runs it
 * sends nothing if that message has been read, the receiver turned
 * EmailOnMessage off, either account is gone, either has blocked the other
 * (a block made after the message was queued counts: it is read when the job
 * runs), or the spell's email has already gone out (message_email_spells);
 * otherwise one email naming the sender,
 * quoting the start of the message and linking to the chat.
 */
import { EMAIL_SETTINGS_PATH, ROUTES, snippet } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { nameForEmail, type Mailer } from '../password-reset/mailer.ts';
import { notificationEmail } from './email-layout.ts';
import { blockBetween } from '../blocks/repository.ts';
import { findUnreadSpell, firstUnreadMessageId, recordSpellEmailed, spellEmailed } from './repository.ts';
import { unsubscribeUrls } from './tokens.ts';

export const MESSAGE_EMAIL_JOB = 'message-email';

/** How much of the message the email quotes, at most (cut at a word). */
export const QUOTE_LENGTH = 200;

export interface MessageEmailPayload {
  receiverId: number;
  senderId: number;
  /** The spell's first unread message. */
  firstMessageId: number;
}

/**
 * In the transaction that stored a message from `senderId` to `receiverId`: the job that emails the receiver if the
 * spell is still unread after `delaySeconds`. Nothing when the spell's email has gone out already; a second message of
 * the spell meets the open job's key and adds nothing. Answers whether a job was written.
 */
export async function enqueueMessageEmail(trx: Executor, receiverId: number, senderId: number, delaySeconds: number, now: Date): Promise<boolean> {
  const firstMessageId = await firstUnreadMessageId(trx, receiverId, senderId);
  if (firstMessageId === null || (await spellEmailed(trx, receiverId, senderId, firstMessageId))) return false;
  const payload: MessageEmailPayload = { receiverId, senderId, firstMessageId };
  return enqueue(
    trx,
    { kind: MESSAGE_EMAIL_JOB, key: `${MESSAGE_EMAIL_JOB}:${receiverId}:${senderId}:${firstMessageId}`, payload: { ...payload }, runAt: new Date(now.getTime() + delaySeconds * 1000) },
    now,
  );
}

/** The start of `text` on one line, at most `max` characters, cut after a whole word with an ellipsis. */
export function quoteStart(text: string, max = QUOTE_LENGTH): string {
  // The ellipsis is one more character than the cut.
  return snippet(text, max - 1);
}

export interface MessageEmailOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe token (the token secret). */
  secret: Uint8Array;
  log: FastifyBaseLogger;
  now?: () => Date;
}

function isPayload(value: Record<string, unknown>): value is Record<string, unknown> & MessageEmailPayload {
  return [value.receiverId, value.senderId, value.firstMessageId].every((n) => Number.isSafeInteger(n) && (n as number) > 0);
}

export function messageEmailHandler({ db, mailer, publicUrl, secret, log, now = () => new Date() }: MessageEmailOptions): JobHandler {
  return async (job) => {
    if (!isPayload(job.payload)) {
      log.error({ job: { id: job.id, payload: job.payload } }, 'message-email job without receiverId, senderId and firstMessageId: dropped');
      return;
    }
    const { receiverId, senderId, firstMessageId } = job.payload;
    const spell = await findUnreadSpell(db, receiverId, senderId, firstMessageId);
    // Read, deleted, or an account gone: nothing to tell.
    if (!spell || !spell.emailOnMessage) return;
    // Blocked either way: nothing about the other person reaches the receiver.
    if (await blockBetween(db, receiverId, senderId)) return;
    if (await spellEmailed(db, receiverId, senderId, firstMessageId)) return;

    const sender = nameForEmail(spell.senderName) ?? 'Someone on RoomNest';
    const receiver = nameForEmail(spell.receiverName);
    const what = spell.unread > 1 ? `${spell.unread} messages` : 'a message';
    const email = notificationEmail({
      to: spell.receiverEmail,
      subject: `${sender} sent you ${what} on RoomNest`,
      heading: `${sender} sent you ${what}`,
      paragraphs: [
        receiver ? `Hello ${receiver},` : 'Hello,',
        spell.unread > 1 ? `You have ${spell.unread} unread messages from ${sender}. The first one starts:` : `You have an unread message from ${sender}:`,
      ],
      quote: quoteStart(spell.content),
      action: { label: 'Read and reply', url: `${publicUrl}${ROUTES.chat(senderId)}` },
      unsubscribe: { ...unsubscribeUrls(publicUrl, secret, { kind: 'messages', id: receiverId }), what: 'emails about unread messages' },
      settingsUrl: `${publicUrl}${EMAIL_SETTINGS_PATH}`,
    });
    // Sent, then recorded: a crash between the two sends it again when the job runs again (at least once,
    // docs/reliability.md); recording first would lose the email when the send fails.
    await mailer.send(email);
    await recordSpellEmailed(db, receiverId, senderId, firstMessageId, now());
  };
}
