import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { useSitePage } from '#client/features/site/api/get-site-page.ts';
import { formatDay } from '#client/features/site/utils/format-day.ts';
import { cn } from '#client/lib/cn.ts';
import type { SitePageName } from '#shared/schemas/site.ts';

import { MarkdownHtml } from './markdown-html.tsx';
import { ContentSkeleton } from './page-states.tsx';
import { TableOfContents } from './table-of-contents.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';

/** Props of SitePageView. */
export type SitePageViewProps = {
  name: SitePageName;
  /** The h1 while the page loads (the same as the file's title, so nothing jumps). */
  title: string;
  /** Shows 'On this page' with links to the headings. */
  hasTableOfContents?: boolean;
  /** Shown after the text, once it has loaded. */
  children?: ReactNode;
};

/** A content page from content/pages: title, description, last update, optional contents list, text. */
export function SitePageView({ name, title, hasTableOfContents = false, children }: SitePageViewProps) {
  const query = useSitePage(name);
  const { hash } = useLocation();
  const page = query.data;

  // The text arrives after the first paint, so the browser could not scroll to #anchor by itself.
  useEffect(() => {
    if (!page || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [page, hash]);

  let body: ReactNode;
  if (query.isPending) body = <ContentSkeleton label={`Loading ${title}`} />;
  else if (query.isError)
    body = <LoadError title="This page could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <div className={cn(hasTableOfContents && 'lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:items-start lg:gap-10')}>
        {hasTableOfContents ? (
          <div className="mb-8 lg:sticky lg:top-20 lg:order-last lg:mb-0 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">
            <TableOfContents headings={query.data.headings} />
          </div>
        ) : null}
        <div className="min-w-0">
          <MarkdownHtml html={query.data.html} />
          {children}
        </div>
      </div>
    );

  return (
    <article
      className={cn('mx-auto w-full px-4 py-6 sm:px-6 sm:py-10', hasTableOfContents ? 'max-w-5xl' : 'max-w-3xl')}
    >
      <header className="mb-8 border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page?.title ?? title}</h1>
        {page ? <p className="mt-3 text-lg text-muted-foreground">{page.description}</p> : null}
        {page?.updated ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Last updated <time dateTime={page.updated}>{formatDay(page.updated)}</time>
          </p>
        ) : null}
      </header>
      {body}
    </article>
  );
}
