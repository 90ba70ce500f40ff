import { BLOG_SLUG_PATTERN, SITE_PAGE_NAMES } from '#shared/schemas/site.ts';
import { buildBody, buildHead, escapeHtml, oneLine } from '../../lib/html-head.ts';
import type { SiteContent } from './content.ts';

const PAGE_NAMES: ReadonlySet<string> = new Set(SITE_PAGE_NAMES);

/** How the server answers a blog post's or content page's path: the page, or a 404 page that search engines drop. */
export type SitePageAnswer = { kind: 'page'; head: string; body: string } | { kind: 'not-found'; head: string };

/** The <head> of the page of a blog post nobody wrote: the app's not-found page, not to be indexed. */
export const POST_NOT_FOUND_HEAD = `<title>${escapeHtml('Post not found')} · Townhall</title>\n    <meta name="robots" content="noindex" />`;

/**
 * The <head> of a shared link to a blog post (`/blog/{slug}`) or a content page (`/about`,
 * `/support`, `/privacy-policy`, `/terms-of-service`): its title and summary, so the link
 * previews; and its body (title, summary, text) for the static shell. A post that does not
 * exist is a 404 page with noindex (`/blog/no-such-post` is not a page to index). Null for any
 * other path.
 */
export function sitePage(content: SiteContent, pathname: string, publicUrl: string): SitePageAnswer | null {
  const segments = pathname.split('/').slice(1);
  // as the client's router: any case, and a trailing slash
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.length === 2 && segments[0]?.toLowerCase() === 'blog') {
    const slug = segments[1] ?? '';
    const post = BLOG_SLUG_PATTERN.test(slug) ? content.post(slug) : undefined;
    if (!post) return { kind: 'not-found', head: POST_NOT_FOUND_HEAD };
    const head = buildHead({
      title: post.title,
      description: oneLine(post.summary, 300),
      url: `${publicUrl}/blog/${post.slug}`,
      image: null,
      type: 'article',
      extra: { 'article:published_time': post.date, 'article:author': post.author },
      alternates: [{ type: 'application/atom+xml', href: `${publicUrl}/blog.atom`, title: 'Townhall blog' }],
    });
    const body = buildBody({ title: post.title, byline: `${post.date} · ${post.author}`, html: post.html });
    return { kind: 'page', head, body };
  }
  if (segments.length === 1 && PAGE_NAMES.has(segments[0] ?? '')) {
    const page = content.page(segments[0] ?? '');
    if (!page) return null;
    const head = buildHead({
      title: page.title,
      description: oneLine(page.description, 300),
      url: `${publicUrl}/${page.name}`,
      image: null,
      type: 'website',
    });
    return { kind: 'page', head, body: buildBody({ title: page.title, text: page.description, html: page.html }) };
  }
  return null;
}
