import type { Page } from 'playwright-core';

/** What a page's script says on the console when the Content-Security-Policy refuses something. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * Collects page errors, console errors, Content-Security-Policy violations and any request
 * that leaves this machine. The app runs with its real CSP in these tests, so a script, style,
 * image or connection the policy refuses fails the test like any other error.
 */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  // Every document of the page (frames too) reports violations as they happen; the console
  // line below carries them out. Registered before any navigation, as the page is new (the
  // protocol keeps the order of calls, so it need not be awaited). A test that closes its page
  // before the registration is answered (one that only uses the context's API client) is no
  // problem; any other failure is.
  const registered = page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        ${JSON.stringify(CSP_VIOLATION)} + ' ' + event.effectiveDirective + ' refused ' +
          (event.blockedURI || 'inline code') + ' in ' + event.documentURI +
          (event.sourceFile ? ' from ' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber : '') +
          (event.sample ? ' (' + event.sample + ')' : ''),
      );
    });
  `);
  registered.catch((error: unknown) => {
    if (!page.isClosed()) problems.push(`the CSP watcher was not installed: ${String(error)}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed load names its resource only in the location: say which, to know what to fix.
    const where = message.text().startsWith('Failed to load resource') ? ` (${message.location().url})` : '';
    problems.push(`console error: ${message.text()}${where}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) {
      problems.push(`request outside the app: ${request.url()}`);
    }
  });
  return problems;
}
