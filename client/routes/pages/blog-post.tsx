import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { useBlogPost } from '#client/features/site/api/get-blog-post.ts';
import { MarkdownHtml } from '#client/features/site/components/markdown-html.tsx';
import { ContentSkeleton } from '#client/features/site/components/page-states.tsx';
import { formatDay } from '#client/features/site/utils/format-day.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { paths } from '#client/lib/paths.ts';

const isNotFound = (error: Error) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function BackLink() {
  return (
    <Link
      to={paths.blog()}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-link underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      All posts
    </Link>
  );
}

/** /blog/:slug: one post, its date and author; a missing post says so. */
export function BlogPostRoute() {
  const { slug = '' } = useParams();
  const query = useBlogPost(slug);
  const isMissing = query.isError && isNotFound(query.error);
  useDocumentTitle(query.data?.title ?? (isMissing ? 'Post not found' : 'Blog'));

  let content;
  if (query.isPending) {
    content = (
      <>
        <h1 className="sr-only">Blog post</h1>
        <ContentSkeleton label="Loading the post" />
      </>
    );
  } else if (isMissing) {
    content = (
      <div className="py-10 text-center">
        <p className="text-sm font-semibold text-link">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Post not found</h1>
        <p className="mt-4 text-muted-foreground">
          There is no blog post at this address. It may have been renamed, or the link may be mistyped.
        </p>
      </div>
    );
  } else if (query.isError) {
    content = (
      <>
        <h1 className="sr-only">Blog post</h1>
        <LoadError title="This post could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  } else {
    const post = query.data;
    content = (
      <article>
        <header className="mb-8 border-b border-border pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            <time dateTime={post.date}>{formatDay(post.date)}</time> · {post.author}
          </p>
        </header>
        <MarkdownHtml html={post.html} />
      </article>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6">
        <BackLink />
      </div>
      {content}
    </div>
  );
}
