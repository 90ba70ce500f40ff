import { CircleCheck, Heart, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { paths } from '#client/lib/paths.ts';
import type { GroupResult, PersonResult, PostResult, QuestionResult } from '#shared/schemas/search.ts';

const number = new Intl.NumberFormat('en');
const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** `12 subscribers`, `1 like`. */
export function countText(count: number, one: string, many: string): string {
  return `${number.format(count)} ${count === 1 ? one : many}`;
}

const cardClassName = 'flex h-full items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground';
const linkClassName = 'underline-offset-4 hover:underline focus-visible:underline';

/** A person found: picture, name linked to the profile, @username, quote and followers. */
export function PersonResultCard({ person }: { person: PersonResult }) {
  const name = person.name || person.username;
  return (
    <article className={cardClassName}>
      <Avatar src={person.profileImageURL || null} name={name} userId={person.id} alt="" size="lg" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 className="truncate font-semibold">
          <Link to={paths.profile(person.username)} className={linkClassName}>
            {name}
          </Link>
        </h3>
        <p className="truncate text-sm text-muted-foreground">@{person.username}</p>
        {person.quote ? <p className="line-clamp-2 text-sm">{person.quote}</p> : null}
        <p className="text-sm text-muted-foreground">{countText(person.followers, 'follower', 'followers')}</p>
      </div>
    </article>
  );
}

/** A group found: image, name linked to the group, AMA mark, description, subscribers and host. */
export function GroupResultCard({ group }: { group: GroupResult }) {
  const hostName = group.host.name || group.host.username;
  return (
    <article className={cardClassName}>
      <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" size="lg" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold">
          <Link to={paths.group(group.slug)} className={`truncate ${linkClassName}`}>
            {group.name}
          </Link>
          {group.ama ? (
            <span className="shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground">
              AMA
            </span>
          ) : null}
        </h3>
        {group.description ? <p className="line-clamp-2 text-sm">{group.description}</p> : null}
        <p className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
          <UsersRound aria-hidden className="size-3.5" />
          {countText(group.subscriberCount, 'subscriber', 'subscribers')} · by{' '}
          <Link to={paths.profile(group.host.username)} className={linkClassName}>
            {hostName}
          </Link>
        </p>
      </div>
    </article>
  );
}

/**
 * A question or a post found: its author's picture, then what the card shows of it (`children`)
 * above who wrote it, in which group and when, with its likes.
 */
function ItemResultCard({ item, children }: { item: QuestionResult | PostResult; children: ReactNode }) {
  const { author } = item;
  return (
    <article className={cardClassName}>
      <Avatar src={author.profileImageURL || null} name={author.name || author.username} userId={author.id} alt="" />
      <div className="grid min-w-0 flex-1 gap-1">
        {children}
        <p className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
          {/* an anonymous asker has no handle: their name is not a link */}
          {author.username ? (
            <Link to={paths.profile(author.username)} className={linkClassName}>
              {author.name || author.username}
            </Link>
          ) : (
            <span>{author.name}</span>
          )}
          in
          <Link to={paths.group(item.groupSlug)} className={linkClassName}>
            {item.groupName}
          </Link>
          · <time dateTime={item.createdAt}>{date.format(new Date(item.createdAt))}</time> ·
          <Heart aria-hidden className="size-3.5" />
          {countText(item.likeCount, 'like', 'likes')}
        </p>
      </div>
    </article>
  );
}

/** A question found: its text linked to its page, answered or not, author, group, date and votes. */
export function QuestionResultCard({ question }: { question: QuestionResult }) {
  return (
    <ItemResultCard item={question}>
      <h3 className="font-medium break-words">
        <Link to={question.href} className={linkClassName}>
          {question.body}
        </Link>
      </h3>
      {question.isAnswered ? (
        <p className="flex items-center gap-1 text-sm text-success">
          <CircleCheck aria-hidden className="size-4" />
          Answered
        </p>
      ) : null}
    </ItemResultCard>
  );
}

/** A post found: the start of its text linked to its page, author, group, date and likes. */
export function PostResultCard({ post }: { post: PostResult }) {
  return (
    <ItemResultCard item={post}>
      <p className="line-clamp-3 break-words whitespace-pre-line">
        <Link to={post.href} className={linkClassName}>
          {post.excerpt}
        </Link>
      </p>
    </ItemResultCard>
  );
}
