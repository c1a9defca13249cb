/**
 * Every notification email (alerts, digests, unread messages) in the product's
 * look: an HTML part built from tables with inline styles (what email clients
 * render alike) in the colours of shared/src/ui/tokens.css, and a plain-text
 * part with the same words and links. A notification carries the one-click
 * unsubscribe headers (RFC 8058) for exactly the notification it is, and a
 * footer link to the email settings; an account email (the verification link)
 * has neither, only a footer saying why it came. Every value written into the
 * HTML is escaped.
 */
import { formatMoney } from '@roomnest/shared';
import { escapeHtml, type Email } from '../password-reset/mailer.ts';

/** The colours of the design tokens (email clients read no CSS variables). */
const C = {
  primary: '#0b6e69',
  text: '#1b2330',
  muted: '#5a6472',
  bg: '#f6f7f9',
  surface: '#ffffff',
  border: '#dde2e8',
  inverse: '#ffffff',
} as const;
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** A room as an email shows it: its cover, title, rent and area, linking to its page. */
export interface EmailRoom {
  title: string;
  /** Pounds a month. */
  rent: number;
  /** Area and city, e.g. "Hackney, London". */
  place: string;
  /** Absolute URL of the room's page. */
  url: string;
  /** Absolute URL of the cover's card copy; null when the room has no photo. */
  imageUrl: string | null;
}

export interface NotificationEmailInput {
  to: string;
  subject: string;
  /** The first line, shown as the message's title. */
  heading: string;
  /** Paragraphs of plain text (escaped in the HTML part). */
  paragraphs: readonly string[];
  /** A quotation (the start of a message), shown set apart. */
  quote?: string;
  rooms?: readonly EmailRoom[];
  /** The one button. */
  action: { label: string; url: string };
  /**
   * What turns this notification off: `url` takes a one-click POST (RFC 8058) with no login; `pageUrl` is the page a
   * person opens from the footer link (it asks before turning anything off, so a link scanner's GET changes nothing).
   * Left out for an account email, which no setting turns off.
   */
  unsubscribe?: { url: string; pageUrl: string; what: string };
  /** Absolute URL of the email settings (My Profile); with `unsubscribe`. */
  settingsUrl?: string;
  /** The footer's first sentence: why the email came (default: the person's settings). */
  reason?: string;
}

const rentText = (rent: number) => `${formatMoney(rent)} a month`;

function roomHtml(room: EmailRoom): string {
  const image = room.imageUrl
    ? `<a href="${escapeHtml(room.url)}"><img src="${escapeHtml(room.imageUrl)}" width="536" alt="" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:8px 8px 0 0"></a>`
    : '';
  return (
    `<tr><td style="padding:0 0 16px 0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid ${C.border};border-radius:8px;border-collapse:separate">` +
    `<tr><td>${image}</td></tr>` +
    `<tr><td style="padding:12px 16px;${FONT}">` +
    `<a href="${escapeHtml(room.url)}" style="color:${C.primary};font-size:17px;font-weight:600;text-decoration:none">${escapeHtml(room.title)}</a>` +
    `<div style="color:${C.text};font-size:16px;font-weight:600;margin-top:4px">${escapeHtml(rentText(room.rent))}</div>` +
    `<div style="color:${C.muted};font-size:14px;margin-top:2px">${escapeHtml(room.place)}</div>` +
    `</td></tr></table></td></tr>`
  );
}

const roomText = (room: EmailRoom) => `${room.title}\n${rentText(room.rent)}, ${room.place}\n${room.url}`;

export function notificationEmail(input: NotificationEmailInput): Email {
  const { heading, paragraphs, quote, rooms = [], action, unsubscribe, settingsUrl, reason = 'You get this email because of your settings on RoomNest.' } = input;
  const links = [
    ...(unsubscribe ? [{ label: `Stop ${unsubscribe.what}`, url: unsubscribe.pageUrl }] : []),
    ...(settingsUrl ? [{ label: 'Email settings', url: settingsUrl }] : []),
  ];
  const p = (text: string) => `<p style="margin:0 0 12px 0;${FONT};font-size:16px;line-height:1.5;color:${C.text}">${escapeHtml(text)}</p>`;
  const html =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(input.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${C.bg}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.bg}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${C.surface};border-radius:12px">` +
    `<tr><td style="background:${C.primary};border-radius:12px 12px 0 0;padding:16px 32px;${FONT};font-size:20px;font-weight:700;color:${C.inverse}">RoomNest</td></tr>` +
    `<tr><td style="padding:24px 32px 8px 32px">` +
    `<h1 style="margin:0 0 16px 0;${FONT};font-size:22px;line-height:1.3;color:${C.text}">${escapeHtml(heading)}</h1>` +
    paragraphs.map(p).join('') +
    (quote
      ? `<blockquote style="margin:0 0 16px 0;padding:8px 16px;border-left:4px solid ${C.primary};${FONT};font-size:16px;line-height:1.5;color:${C.text}">${escapeHtml(quote)}</blockquote>`
      : '') +
    (rooms.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rooms.map(roomHtml).join('')}</table>` : '') +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px 0"><tr><td style="background:${C.primary};border-radius:8px">` +
    `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;${FONT};font-size:16px;font-weight:600;color:${C.inverse};text-decoration:none">${escapeHtml(action.label)}</a>` +
    `</td></tr></table></td></tr>` +
    `<tr><td style="padding:16px 32px 24px 32px;border-top:1px solid ${C.border};${FONT};font-size:13px;line-height:1.5;color:${C.muted}">` +
    `${escapeHtml(reason)}` +
    links.map((link, i) => `${i ? ' · ' : ' '}<a href="${escapeHtml(link.url)}" style="color:${C.muted}">${escapeHtml(link.label)}</a>`).join('') +
    `</td></tr></table></td></tr></table></body></html>`;
  const text =
    `${heading}\n\n` +
    paragraphs.map((t) => `${t}\n\n`).join('') +
    (quote ? `${quote.replace(/^/gm, '> ')}\n\n` : '') +
    rooms.map((r) => `${roomText(r)}\n\n`).join('') +
    `${action.label}: ${action.url}\n\n` +
    `--\n${reason}\n` +
    links.map((link) => `${link.label}: ${link.url}\n`).join('');
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    ...(unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribe.url}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
