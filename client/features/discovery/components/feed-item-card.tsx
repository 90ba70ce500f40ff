import { Link } from 'react-router';

import { AuthorLine } from '#client/features/content/components/author-line.tsx';
import { PostImages } from '#client/features/content/components/post-images.tsx';
import { RichText } from '#client/features/content/components/rich-text.tsx';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { FeedItem } from '#shared/schemas/discovery.ts';

/** One item of the home feed: a post, or an answer under its question; both link to their page. */
export function FeedItemCard({ item }: { item: FeedItem }) {
  const name = displayName(item.author);
  const groupLink = (
    <Link to={paths.group(item.group.slug)} className="font-medium hover:underline">
      {item.group.name}
    </Link>
  );
  const isAnswer = item.kind === 'answer' && item.question;
  const href =
    isAnswer && item.question
      ? paths.question(item.group.slug, item.question.id)
      : paths.post(item.group.slug, item.id);

  return (
    <article
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground"
      aria-label={`${isAnswer ? 'Answer' : 'Post'} by ${name} in ${item.group.name}`}
    >
      <div className="grid gap-1">
        <AuthorLine author={item.author} createdAt={item.createdAt} />
        <p className="text-sm text-muted-foreground">
          {isAnswer ? 'answered a question in ' : 'posted in '}
          {groupLink}
        </p>
      </div>
      {isAnswer && item.question ? (
        <p className="rounded-md border-s-4 border-border bg-muted/50 px-3 py-2 text-sm">
          <span className="sr-only">Question: </span>
          {item.question.body}
        </p>
      ) : null}
      <RichText text={item.body} className="line-clamp-[12]" />
      {item.images.length > 0 ? <PostImages images={item.images} authorName={name} /> : null}
      <Link to={href} className="justify-self-start text-sm font-medium text-link underline-offset-4 hover:underline">
        {isAnswer ? 'Open the question' : 'Open the post'}
      </Link>
    </article>
  );
}
