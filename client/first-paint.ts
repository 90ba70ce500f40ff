/**
 * Where the app renders on the first load. The server answers a shared page (a group, a
 * session, a question, a post, a profile) with its title and text already in the static shell
 * (`<main>` holds an `<article>`: server/lib/html-head.ts). Rendering into #root at once would
 * replace that text with the app's blank first frame, and the reader would see it vanish and come
 * back when the page's data arrives. So on such a page the app renders into a hidden container
 * beside it, and takes the static shell's place once its own page shows a heading (its
 * content is there), or after `STATIC_PAGE_MAX_MS` whatever it shows. Other pages render into
 * #root directly, as before.
 */
export const STATIC_PAGE_MAX_MS = 5000;

export function appContainer(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  if (!root.querySelector('main > article')) return root;

  const app = document.createElement('div');
  app.hidden = true;
  root.after(app);
  const observer = new MutationObserver(() => {
    if (app.querySelector('main h1')) show();
  });
  const timer = setTimeout(show, STATIC_PAGE_MAX_MS);
  function show() {
    observer.disconnect();
    clearTimeout(timer);
    root?.remove();
    app.id = 'root';
    app.hidden = false;
  }
  observer.observe(app, { childList: true, subtree: true });
  return app;
}
