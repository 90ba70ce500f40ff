import { useRef, useState } from 'react';

import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { CONTENT_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';

import type { AnnouncementKind } from './announcement.ts';

/**
 * Tells screen readers, through two polite live regions, when the host pins a question and when
 * a question gets its answer (or its answer changes), wherever the reader is on the page. Only
 * what happens while the page is open is said: the regions start empty, so a first load
 * announces nothing. The sentence is made by announcement.ts, loaded with the first pin or
 * answer, so the page's first load carries only the regions and this listener.
 */
export function QueueAnnouncer({ groupId, sessionId }: { groupId: string; sessionId?: string }) {
  const [messages, setMessages] = useState<Record<AnnouncementKind, string>>({ pinned: '', answer: '' });
  const said = useRef(new Map<string, string>());

  useLiveTopic(groupTopic(groupId), (event) => {
    const kind: AnnouncementKind | null =
      event.event === CONTENT_LIVE_EVENTS.questionPinned
        ? 'pinned'
        : event.event === CONTENT_LIVE_EVENTS.questionAnswered
          ? 'answer'
          : null;
    const questionId = kind === 'pinned' ? event.data?.pinned : event.ids.questionId;
    if (kind === null || typeof questionId !== 'string') return;
    void import('./announcement.ts')
      .then(({ announcementOf }) => announcementOf({ kind, questionId, sessionId, said: said.current }))
      .then((message) => {
        if (message) setMessages((current) => ({ ...current, [kind]: message }));
      });
  });

  return (
    <div className="sr-only">
      <div aria-live="polite" aria-atomic="true" data-testid="pinned-announcement">
        {messages.pinned || null}
      </div>
      <div aria-live="polite" aria-atomic="true" data-testid="answer-announcement">
        {messages.answer || null}
      </div>
    </div>
  );
}
