import { emailCategoryText } from '#shared/constants/email-categories.ts';
import { escapeHtml } from '../mail/public.ts';
import type { UnsubscribeLink } from './unsubscribe.ts';

/** Where every unsubscribe page sends people who want to choose more than one category. */
export const EMAIL_SETTINGS_PAGE = '/settings/notifications';

// One small stylesheet, inline: the site's CSP allows inline styles (never inline script), and
// the page must work before, and without, the app's own bundle. Light and dark like the app.
const STYLE = `
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #ffffff; --text: #18181b; --muted: #52525b;
  --accent: #b91c1c; --accent-text: #ffffff; --border: #d4d4d8; --focus: #1d4ed8; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #09090b; --card: #18181b; --text: #fafafa; --muted: #a1a1aa; --accent: #f87171;
    --accent-text: #18181b; --border: #3f3f46; --focus: #93c5fd; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
main { max-width: 32rem; margin: 0 auto; padding: 2rem 1rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 0.5rem; padding: 1.5rem; }
.brand { margin: 0 0 1rem; font-weight: 700; }
h1 { margin: 0 0 0.75rem; font-size: 1.375rem; line-height: 1.3; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9375rem; }
form { margin: 1.25rem 0 1rem; }
button { font: inherit; font-weight: 600; min-height: 2.75rem; padding: 0.5rem 1.25rem; border-radius: 0.375rem;
  border: 1px solid var(--accent); cursor: pointer; width: 100%; }
button.primary { background: var(--accent); color: var(--accent-text); }
button.secondary { background: transparent; color: var(--text); border-color: var(--border); }
@media (min-width: 30rem) { button { width: auto; } }
a { color: var(--accent); }
a:focus-visible, button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;

/** A whole page: the one layout of every answer of the unsubscribe link that a person reads. */
function page(options: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(options.title)} · Townhall</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">Townhall</p>
${options.body}
</div>
</main>
</body>
</html>
`;
}

function form(action: string, label: string, variant: 'primary' | 'secondary', field?: string): string {
  return `<form method="post" action="${escapeHtml(action)}">${
    field ? `<input type="hidden" name="List-Unsubscribe" value="One-Click">` : ''
  }<button type="submit" class="${variant}">${escapeHtml(label)}</button></form>`;
}

const settingsLink = `<p class="muted"><a href="${EMAIL_SETTINGS_PAGE}">Choose which e-mails you get</a> in your settings (sign-in needed).</p>`;

function textsOf(link: UnsubscribeLink) {
  // verified tokens only name categories Townhall knows
  return emailCategoryText(link.category) ?? { label: link.category, stops: 'these e-mails' };
}

const allOffNote = (link: UnsubscribeLink) =>
  link.isAllOff && link.category !== 'all'
    ? `<p class="muted">You are also unsubscribed from all e-mail, so none of these come until you turn that off in your settings.</p>`
    : '';

/** The paths the page's forms post to, with the link's token. */
export interface UnsubscribeActions {
  unsubscribe: string;
  resubscribe: string;
}

/**
 * GET on the List-Unsubscribe link: says what would stop and asks to confirm with a button;
 * it changes nothing by itself (link scanners and previews open it too).
 */
export function confirmPage(link: UnsubscribeLink, actions: UnsubscribeActions): string {
  const { label, stops } = textsOf(link);
  if (link.isOff) {
    return page({
      title: `You are unsubscribed from “${label}”`,
      body: `<h1>You are unsubscribed from “${escapeHtml(label)}”</h1>
<p>Townhall does not send you ${escapeHtml(stops)}.</p>
${allOffNote(link)}${form(actions.resubscribe, 'Re-subscribe', 'secondary')}
${settingsLink}`,
    });
  }
  return page({
    title: `Unsubscribe from “${label}”?`,
    body: `<h1>Unsubscribe from “${escapeHtml(label)}”?</h1>
<p>Townhall will stop sending you ${escapeHtml(stops)}. Other e-mails keep coming as your settings say.</p>
${form(actions.unsubscribe, 'Unsubscribe', 'primary', 'One-Click')}
${settingsLink}`,
  });
}

/** The answer to the page's Unsubscribe button: done, with a way back. */
export function unsubscribedPage(link: UnsubscribeLink, actions: UnsubscribeActions): string {
  const { label, stops } = textsOf(link);
  return page({
    title: `You are unsubscribed from “${label}”`,
    body: `<h1>You are unsubscribed from “${escapeHtml(label)}”</h1>
<p>Townhall will no longer send you ${escapeHtml(stops)}. Changed your mind?</p>
${form(actions.resubscribe, 'Re-subscribe', 'secondary')}
${settingsLink}`,
  });
}

/** The answer to Re-subscribe: the category is back on, with a way to undo that too. */
export function resubscribedPage(link: UnsubscribeLink, actions: UnsubscribeActions): string {
  const { label, stops } = textsOf(link);
  return page({
    title: `You are subscribed to “${label}” again`,
    body: `<h1>You are subscribed to “${escapeHtml(label)}” again</h1>
<p>${link.category === 'all' ? 'Townhall e-mails you again as your settings say.' : `You will get ${escapeHtml(stops)} again.`}</p>
${allOffNote(link)}${form(actions.unsubscribe, 'Unsubscribe', 'secondary', 'One-Click')}
${settingsLink}`,
  });
}

/** A forged, altered or dead link (its account is gone). */
export function invalidLinkPage(): string {
  return page({
    title: 'This link is no longer valid',
    body: `<h1>This link is no longer valid</h1>
<p>This unsubscribe link does not work: it may have been copied incompletely, or its account no longer exists.</p>
<p>Signed in, you can choose which e-mails you get in your <a href="${EMAIL_SETTINGS_PAGE}">notification settings</a>.</p>`,
  });
}
