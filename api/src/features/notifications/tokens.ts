/**
 * The token of a one-click unsubscribe link: which notification it turns off,
 * signed with the token secret (HMAC-SHA-256), so every email can carry it
 * without storing it and nobody can make one for another person's setting.
 *
 * - `search:<id>`: the saved search's emails (its Frequency becomes `off`);
 * - `messages:<userId>`: the emails about unread messages (EmailOnMessage false).
 */
import { EMAIL_PAGES, NOTIFICATIONS_UNSUBSCRIBE_PATH } from '@roomnest/shared';
import { signature, signatureMatches } from '../../signatures.ts';

export type NotificationRef = { kind: 'search'; id: number } | { kind: 'messages'; id: number };

const KINDS = ['search', 'messages'] as const;

const PURPOSE = 'notification-unsubscribe';

/** `<kind>.<id>.<signature>`. */
export function notificationToken(secret: Uint8Array, ref: NotificationRef): string {
  const subject = `${ref.kind}.${ref.id}`;
  return `${subject}.${signature(secret, PURPOSE, subject)}`;
}

/** The notification a genuine token names, or null. */
export function readNotificationToken(secret: Uint8Array, token: string): NotificationRef | null {
  const match = /^(search|messages)\.([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, kind, idText, given] = match as unknown as [string, (typeof KINDS)[number], string, string];
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return signatureMatches(secret, PURPOSE, `${kind}.${id}`, given) ? { kind, id } : null;
}

/** The two addresses of an email's unsubscribe: the one-click URL (List-Unsubscribe) and the page a person opens. */
export function unsubscribeUrls(publicUrl: string, secret: Uint8Array, ref: NotificationRef): { url: string; pageUrl: string } {
  const token = encodeURIComponent(notificationToken(secret, ref));
  return { url: `${publicUrl}/api${NOTIFICATIONS_UNSUBSCRIBE_PATH}?token=${token}`, pageUrl: `${publicUrl}${EMAIL_PAGES.unsubscribe}?token=${token}` };
}
