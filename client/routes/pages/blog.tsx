import { Newspaper } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { BLOG_FEEDS, FeedLinks } from '#client/features/feeds/feed-links.tsx';
import { useBlogPosts } from '#client/features/site/api/get-blog-posts.ts';
import { ContentSkeleton } from '#client/features/site/components/page-states.tsx';
import { formatDay } from '#client/features/site/utils/format-day.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

function BlogPosts() {
  const query = useBlogPosts();
  if (query.isPending) return <ContentSkeleton label="Loading posts" />;
  if (query.isError) {
    return <LoadError title="The blog could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.posts.length === 0) return <EmptyState icon={<Newspaper />} title="No posts yet." />;
  return (
    <ul aria-label="Blog posts" className="grid gap-4">
      {query.data.posts.map((post) => (
        <li key={post.slug}>
          <article className="relative rounded-lg border border-border bg-card p-5 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
            <h2 className="text-xl font-semibold tracking-tight">
              {/* The link covers the card, so the whole card opens the post. */}
              <Link to={paths.blogPost(post.slug)} className="outline-none after:absolute after:inset-0">
                {post.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              <time dateTime={post.date}>{formatDay(post.date)}</time> · {post.author}
            </p>
            <p className="mt-3">{post.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** /blog: the posts written as Markdown files in the repository, newest first. */
export function BlogRoute() {
  useDocumentTitle('Blog');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
        <p className="mt-3 text-lg text-muted-foreground">News about Townhall, and advice for hosts and operators.</p>
        <FeedLinks feeds={BLOG_FEEDS} />
      </header>
      <BlogPosts />
    </div>
  );
}
