import { useId } from 'react';

/** One news feed of a page: where it is and what it holds. */
export type FeedLink = { href: string; label: string };

/** The Atom feeds of a group (the server's feeds routes): its posts, and its answers for an AMA group. */
export function groupFeeds(group: { slug: string; ama: boolean }): FeedLink[] {
  const base = `/group/${encodeURIComponent(group.slug)}`;
  const feeds = [{ href: `${base}/posts.atom`, label: 'Posts feed' }];
  if (group.ama) feeds.push({ href: `${base}/answers.atom`, label: 'Answers feed' });
  return feeds;
}

/** The blog's Atom feed. */
export const BLOG_FEEDS: FeedLink[] = [{ href: '/blog.atom', label: 'Blog feed' }];

const LINK =
  'inline-flex min-h-6 items-center rounded-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/**
 * A page's news feeds (Atom) as plain links, for people who follow it in a feed reader; the
 * page's <head> names the same feeds for readers that find them themselves.
 */
export function FeedLinks({ feeds, className = '' }: { feeds: FeedLink[]; className?: string }) {
  // no icon: the group page's first load has a budget, and words say it as well
  const labelId = useId();
  return (
    <div className={`mt-3 flex flex-wrap items-center justify-center gap-x-3 text-sm sm:justify-start ${className}`}>
      <span id={labelId} className="text-muted-foreground">
        Atom feeds:
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-x-4 gap-y-1">
        {feeds.map((feed) => (
          <li key={feed.href}>
            <a href={feed.href} type="application/atom+xml" className={LINK}>
              {feed.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
