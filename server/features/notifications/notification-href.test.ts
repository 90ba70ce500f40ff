import { describe, expect, it } from 'vitest';
import { notificationHref, type HrefParts } from './notification-href.ts';

const base: HrefParts = {
  kind: 'new_question',
  targetType: 'question',
  targetId: 'q1',
  groupSlug: 'rust',
  actorUsername: 'ada',
  questionSessionId: null,
};

describe('notificationHref', () => {
  it('opens a question in its group queue, or on its session page', () => {
    expect(notificationHref(base)).toBe('/group/rust?tab=questions');
    expect(notificationHref({ ...base, kind: 'new_answer', questionSessionId: 's1' })).toBe('/event/s1');
  });

  it('opens a follower profile, a session page, or the group of a reply', () => {
    expect(notificationHref({ ...base, kind: 'new_follower', targetType: 'user', groupSlug: null })).toBe('/ada');
    expect(notificationHref({ ...base, kind: 'new_ama', targetType: 'session', targetId: 's2' })).toBe('/event/s2');
    expect(notificationHref({ ...base, kind: 'ama_starting', targetType: 'session', targetId: 's2' })).toBe(
      '/event/s2',
    );
    expect(notificationHref({ ...base, kind: 'reply', targetType: 'post' })).toBe('/group/rust');
    expect(notificationHref({ ...base, kind: 'reply', targetType: 'post', groupSlug: null })).toBe('/home');
  });
});

describe('notificationHref of a moved question', () => {
  it('opens the question a merged one went into', () => {
    expect(notificationHref({ ...base, kind: 'question_merged', targetId: 'q2' })).toBe('/group/rust/question/q2');
    expect(notificationHref({ ...base, kind: 'question_merged', groupSlug: null })).toBe('/home');
  });

  it('opens the session a carried question went to, or the question itself', () => {
    expect(notificationHref({ ...base, kind: 'question_carried', questionSessionId: 's3' })).toBe('/event/s3');
    expect(notificationHref({ ...base, kind: 'question_carried' })).toBe('/group/rust/question/q1');
  });
});
