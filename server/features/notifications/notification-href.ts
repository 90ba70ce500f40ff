import type { NotificationKind } from '../../db/schema/index.ts';

/** What a notification's link is built from. */
export interface HrefParts {
  kind: NotificationKind;
  targetType: string | null;
  targetId: string | null;
  groupSlug: string | null;
  actorUsername: string | null;
  /** The session a question was asked for, if the target is such a question. */
  questionSessionId: string | null;
}

/**
 * The in-app path a notification opens: a question in its group's queue (or on its session's
 * page), a follower's profile, a session's page, or the group a reply was written in; a merged
 * question's notification opens the question it was merged into, a carried one's the session it
 * went to (or the question, when it went to the answer-later list).
 */
export function notificationHref(parts: HrefParts): string {
  const groupPath = parts.groupSlug ? `/group/${encodeURIComponent(parts.groupSlug)}` : '/home';
  switch (parts.kind) {
    case 'new_follower':
      return parts.actorUsername ? `/${encodeURIComponent(parts.actorUsername)}` : '/home';
    case 'new_ama':
    case 'ama_starting':
      return parts.targetId ? `/event/${encodeURIComponent(parts.targetId)}` : '/events';
    case 'new_answer':
    case 'new_question':
    case 'reply':
      if (parts.targetType === 'question') {
        if (parts.questionSessionId) return `/event/${encodeURIComponent(parts.questionSessionId)}`;
        return parts.groupSlug ? `${groupPath}?tab=questions` : groupPath;
      }
      return groupPath;
    case 'question_merged':
      // the question it was merged into, whose answer the asker and voters now follow
      return questionPath(parts, groupPath);
    case 'question_carried':
      // the session it was carried to, or (to the answer-later list) the question itself
      if (parts.targetType === 'question' && parts.questionSessionId) {
        return `/event/${encodeURIComponent(parts.questionSessionId)}`;
      }
      return questionPath(parts, groupPath);
  }
}

/**
 * The page of one question, `/group/{slug}/question/{id}`: where every e-mail about a question
 * links, whether or not the question was asked for a session (its page links to the session).
 */
export function questionPagePath(groupSlug: string, questionId: string): string {
  return `/group/${encodeURIComponent(groupSlug)}/question/${encodeURIComponent(questionId)}`;
}

function questionPath(parts: HrefParts, groupPath: string): string {
  if (parts.targetType !== 'question' || !parts.targetId || !parts.groupSlug) return groupPath;
  return questionPagePath(parts.groupSlug, parts.targetId);
}
