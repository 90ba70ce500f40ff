import { useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { RichText } from '#client/features/content/components/rich-text.tsx';
import { useContentLiveUpdates } from '#client/features/content/hooks/use-content-live-updates.ts';
import {
  usePresenterLiveUpdates,
  usePresenterPinned,
  usePresenterSession,
} from '#client/features/sessions/api/presenter.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { displayName } from '#client/lib/format.ts';
import type { Question } from '#shared/schemas/questions.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

/**
 * Set on <html> while the page asks for a transparent background; client/public/boot.js sets it
 * before the first paint already, so a streaming program never shows an opaque frame.
 */
const TRANSPARENT_ATTRIBUTE = 'data-transparent-page';

/** Type that grows with the screen: readable on a phone, large on a 1920 × 1080 stream. */
const QUESTION_SIZES = {
  // a short question fills the screen; a long one (up to 500 characters) still fits 1080 lines
  short: 'text-[clamp(1.75rem,3vw+3vh,5.5rem)]',
  medium: 'text-[clamp(1.5rem,2.2vw+2.2vh,4rem)]',
  long: 'text-[clamp(1.25rem,1.6vw+1.6vh,3rem)]',
};
const ANSWER_SIZES = {
  short: 'text-[clamp(1.25rem,1.8vw+1.8vh,3.25rem)]',
  medium: 'text-[clamp(1.125rem,1.4vw+1.4vh,2.5rem)]',
  long: 'text-[clamp(1rem,1vw+1vh,1.875rem)]',
};

function sizeOf(text: string): keyof typeof QUESTION_SIZES {
  if (text.length <= 140) return 'short';
  return text.length <= 320 ? 'medium' : 'long';
}

/** The page's one message when there is no question to show (nothing pinned, ended, gone). */
function Calm({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid place-items-center gap-3 text-center">
      <p className="text-[clamp(1.75rem,2.5vw+2.5vh,4.5rem)] font-semibold tracking-tight">{title}</p>
      {children ? <p className="text-[clamp(1rem,1vw+1vh,2rem)] opacity-80">{children}</p> : null}
    </div>
  );
}

function votes(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'vote' : 'votes'}`;
}

/** The pinned question: asker (name and picture), votes, the text and its answer once answered. */
function PinnedQuestion({ question }: { question: Question }) {
  const asker = displayName(question.author);
  return (
    <article aria-label={`Pinned question by ${asker}`} className="grid w-full max-w-[min(100%,90rem)] gap-[3vmin]">
      <div className="flex flex-wrap items-center gap-x-[2vmin] gap-y-2">
        <Avatar
          src={question.author.profileImageURL || null}
          name={asker}
          userId={question.author.id}
          alt=""
          size="2xl"
          className="size-[clamp(3rem,5vw+3vh,7rem)] text-[clamp(1.125rem,1.5vw+1vh,2.5rem)]"
        />
        <div className="grid min-w-0 gap-1">
          <p className="flex items-center gap-2 text-[clamp(0.875rem,0.7vw+0.7vh,1.5rem)] font-semibold tracking-wide text-red-300 uppercase">
            Now answering
          </p>
          <p className="truncate text-[clamp(1.25rem,1.4vw+1.4vh,3rem)] font-bold">{asker}</p>
        </div>
        <p className="ms-auto inline-flex items-center gap-1 rounded-full border-2 border-current px-[1em] py-[0.25em] text-[clamp(1rem,1vw+1vh,2.25rem)] font-semibold tabular-nums">
          <span aria-hidden>▲</span>
          {votes(question.likeCount)}
        </p>
      </div>
      <RichText
        text={question.body}
        className={cn('leading-tight font-semibold text-balance', QUESTION_SIZES[sizeOf(question.body)])}
      />
      {question.answer ? (
        <section
          aria-label="Answer"
          className="grid gap-[1.5vmin] border-s-[0.6vmin] border-red-500 ps-[3vmin]"
          data-testid="presenter-answer"
        >
          <p className="text-[clamp(0.875rem,0.8vw+0.8vh,1.75rem)] font-semibold opacity-85">
            Answer from {displayName(question.answer.author)}
          </p>
          <RichText
            text={question.answer.body}
            className={cn('leading-snug', ANSWER_SIZES[sizeOf(question.answer.body)])}
          />
        </section>
      ) : null}
    </article>
  );
}

/** What the screen shows of a loaded session: its pinned question, or why there is none. */
function PresenterStage({ session }: { session: AmaSession }) {
  const query = usePresenterPinned(session.groupId, session.id);
  const pinned = query.data ?? null;
  useDocumentTitle(`Presenter · ${session.title}`);

  if (session.status === 'ended') {
    return <Calm title="This session has ended">Thanks for watching.</Calm>;
  }
  if (pinned) return <PinnedQuestion question={pinned} />;
  if (query.isPending) return <div aria-busy="true" aria-label="Loading the pinned question" />;
  if (query.isError && !query.data) {
    return <Calm title="The questions could not be loaded">They show here as soon as they can be read.</Calm>;
  }
  return (
    <Calm title="No question pinned yet">
      {session.status === 'scheduled' ? 'The session has not started yet.' : 'The question the host pins shows here.'}
    </Calm>
  );
}

function PresenterContent({ sessionId }: { sessionId: string }) {
  const query = usePresenterSession(sessionId);
  const [isDeleted, setIsDeleted] = useState(false);
  // Watched through the group's topic, not the session's: this page is a browser source of a
  // streaming program, and watching `session:{id}` would count it among the session's viewers.
  const groupId = query.data?.groupId ?? null;
  usePresenterLiveUpdates(groupId, sessionId, () => setIsDeleted(true));

  if (isDeleted) return <Calm title="This session was deleted" />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404)
    return <Calm title="This session does not exist" />;
  if (query.isError) {
    return <Calm title="The session could not be loaded">{query.error.message}</Calm>;
  }
  if (!query.data) return <div aria-busy="true" aria-label="Loading the session" />;
  return (
    <>
      <LiveQueue groupId={query.data.groupId} />
      {/* The session's title is the page's heading (a heading, not a header: no landmark in a browser source). */}
      <h1 className="absolute inset-x-[4vmin] top-[3vmin] truncate text-[clamp(0.875rem,0.8vw+0.8vh,1.75rem)] font-medium opacity-80">
        {query.data.title}
      </h1>
      <PresenterStage session={query.data} />
    </>
  );
}

/** Keeps the question queue of the group current from the live channel. */
function LiveQueue({ groupId }: { groupId: string }) {
  useContentLiveUpdates(groupId);
  return null;
}

/**
 * /event/:id/present: the presenter view of an AMA session, a browser source for streaming
 * software. Outside the app's shell (client/app/router.tsx): the pinned question full screen,
 * white on black, or on a transparent background with outlined text (`?transparent=1`), live.
 * It needs no sign-in: it shows what the reader's session may see.
 */
export function PresentSessionRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isTransparent = searchParams.get('transparent') === '1';

  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute(TRANSPARENT_ATTRIBUTE, isTransparent);
    return () => root.removeAttribute(TRANSPARENT_ATTRIBUTE);
  }, [isTransparent]);

  return (
    <main
      data-presenter
      className={cn(
        'relative grid min-h-dvh w-full place-items-center px-[5vmin] pt-[9vmin] pb-[5vmin] font-sans text-white',
        isTransparent ? 'presenter-transparent bg-transparent text-outline' : 'bg-black',
      )}
    >
      <PresenterContent key={id} sessionId={id} />
    </main>
  );
}
