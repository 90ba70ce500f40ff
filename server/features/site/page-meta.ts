import { BLOG_SLUG_PATTERN, SITE_PAGE_NAMES } from '#shared/schemas/site.ts';
import { buildBody, buildHead, oneLine } from '../../lib/html-head.ts';
import type { SiteContent } from './content.ts';

const PAGE_NAMES: ReadonlySet<string> = new Set(SITE_PAGE_NAMES);

/**
 * The <head> of a shared link to a blog post (`/blog/{slug}`) or a content page (`/about`,
 * `/support`, `/privacy-policy`, `/terms-of-service`): its title and summary, so the link
 * previews; and its body (title, summary, text) for the static shell; null for any other
 * path (an unknown post is the client's to say).
 */
export function sitePage(
  content: SiteContent,
  pathname: string,
  publicUrl: string,
): { head: string; body: string } | null {
  const segments = pathname.split('/').slice(1);
  if (segments.length === 2 && segments[0] === 'blog' && BLOG_SLUG_PATTERN.test(segments[1] ?? '')) {
    const post = content.post(segments[1] ?? '');
    if (!post) return null;
    const head = buildHead({
      title: post.title,
      description: oneLine(post.summary, 300),
      url: `${publicUrl}/blog/${post.slug}`,
      image: null,
      type: 'article',
      extra: { 'article:published_time': post.date, 'article:author': post.author },
    });
    return { head, body: buildBody({ title: post.title, byline: `${post.date} · ${post.author}`, html: post.html }) };
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
    return { head, body: buildBody({ title: page.title, text: page.description, html: page.html }) };
  }
  return null;
}
