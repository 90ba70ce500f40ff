import { MAIL_SUBJECT_MAX } from './mail-message.ts';
import { createUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token.ts';

/** The path of the e-mail settings page that every e-mail links to. */
export const MAIL_SETTINGS_PATH = '/settings/notifications';
/** The one-click unsubscribe endpoint (RFC 8058) that List-Unsubscribe points to. */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** One entry of a list in an e-mail: a text that links to the page of what it names. */
export interface MailListItem {
  text: string;
  /** Absolute http(s) URL of the item's own page. */
  url: string;
  /** Shown after the link, unlinked: '(Rust, 3 votes)'. */
  note?: string;
  /** A second line under the item, unlinked (an answer's text under its question). */
  detail?: string;
}

/** A list of linked items under an optional heading. */
export interface MailList {
  heading?: string;
  items: MailListItem[];
}

/** A paragraph of text, or a list of linked items. */
export type MailParagraph = string | MailList;

export interface RenderMailOptions {
  /** What the e-mail is for: 'welcome', 'password_reset', 'notification', … */
  kind: string;
  /** Treats another kind as a notification e-mail: it then carries one-click unsubscribe. */
  isNotification?: boolean;
  /** The heading of the e-mail, and its subject unless `subject` is given. */
  title: string;
  subject?: string;
  /**
   * Plain text, one entry per paragraph (a newline inside one is a line break), or a list whose
   * every item links to the exact thing it names.
   */
  paragraphs: MailParagraph[];
  /** The one thing the e-mail asks the reader to do: a button in HTML, a link in text. */
  action?: { url: string; label: string };
  /** The site's origin, PUBLIC_URL. */
  publicUrl: string;
  /** Whose e-mail of which category the unsubscribe link turns off; required for notifications. */
  unsubscribe?: UnsubscribeTarget & { secret: string };
}

/** What `app.mail.send` takes besides the recipient. */
export interface RenderedMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** An absolute http(s) URL, normalized; anything else (javascript:, relative paths) is a bug. */
function webUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`An e-mail link must be an http(s) URL, not ${url.protocol}`);
  }
  return url.href;
}

/** One line, at most the subject limit: a subject made of user content must not break sending. */
function subjectLine(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > MAIL_SUBJECT_MAX ? `${line.slice(0, MAIL_SUBJECT_MAX - 1).trimEnd()}…` : line;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ACCENT = '#dc2626';

/**
 * Builds an e-mail of Townhall's one layout: a title, paragraphs, an optional button, and a
 * footer linking to the e-mail settings. Both parts say the same; every interpolated value is
 * escaped in the HTML. Notification e-mails carry List-Unsubscribe with one-click POST.
 */
export function renderMail(options: RenderMailOptions): RenderedMail {
  const { kind, title, paragraphs, publicUrl } = options;
  const origin = new URL(publicUrl).origin;
  const host = new URL(publicUrl).host;
  const settingsUrl = `${origin}${MAIL_SETTINGS_PATH}`;
  const action = options.action ? { label: options.action.label, url: webUrl(options.action.url) } : undefined;

  const headers: Record<string, string> = { 'Auto-Submitted': 'auto-generated' };
  const isNotification = kind === 'notification' || options.isNotification === true;
  if (isNotification) {
    if (!options.unsubscribe)
      throw new Error(`A notification e-mail (${kind}) needs unsubscribe: { userId, category }`);
    const token = createUnsubscribeToken(options.unsubscribe);
    headers['List-Unsubscribe'] = `<${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }

  const lists = paragraphs.map((entry) =>
    typeof entry === 'string'
      ? entry
      : { ...entry, items: entry.items.map((item) => ({ ...item, url: webUrl(item.url) })) },
  );
  const textOf = (entry: (typeof lists)[number]) =>
    typeof entry === 'string'
      ? entry
      : [
          ...(entry.heading ? [entry.heading] : []),
          ...entry.items.map(
            (item) =>
              `• ${item.text}${item.note ? ` ${item.note}` : ''}${item.detail ? `\n  ${item.detail}` : ''}\n  ${item.url}`,
          ),
        ].join('\n');
  const text = [
    title,
    ...lists.map(textOf),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    `-- \nTownhall · ${host}\nManage your e-mail settings: ${settingsUrl}`,
  ].join('\n\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px;">${escapeHtml(value).replaceAll('\n', '<br>')}</p>`;
  const list = (value: MailList) =>
    `${value.heading ? `<p style="margin:0 0 8px;font-weight:600;">${escapeHtml(value.heading)}</p>\n` : ''}<ul style="margin:0 0 16px;padding-left:20px;">
${value.items
  .map(
    (item) =>
      `<li style="margin:0 0 8px;"><a href="${escapeHtml(item.url)}" style="color:#b91c1c;">${escapeHtml(item.text)}</a>${
        item.note ? ` ${escapeHtml(item.note)}` : ''
      }${item.detail ? `<br><span style="color:#52525b;">${escapeHtml(item.detail)}</span>` : ''}</li>`,
  )
  .join('\n')}
</ul>`;
  const button = action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#52525b;">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="color:#b91c1c;word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:24px;color:#18181b;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">${escapeHtml(title)}</h1>
${lists.map((entry) => (typeof entry === 'string' ? paragraph(entry) : list(entry))).join('\n')}
${button}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${FONT};font-size:12px;line-height:18px;color:#71717a;">Townhall · ${escapeHtml(host)}<br><a href="${escapeHtml(settingsUrl)}" style="color:#71717a;">Manage your e-mail settings</a></p>
</td></tr>
</table>
</body>
</html>
`;

  return { kind, subject: subjectLine(options.subject ?? title), text, html, headers };
}
