import { describe, expect, it } from 'vitest';

import { isLiveTopic, readLiveServerMessage } from '#client/lib/live-messages.ts';
// The server's schemas, only to show that the hand-written checks agree with them.
import { LiveServerMessageSchema, LiveTopicSchema } from '#shared/schemas/live.ts';

const goodMessages: unknown[] = [
  { type: 'welcome', connectionId: 'c-1' },
  { type: 'subscribed', topic: 'group:1' },
  { type: 'unsubscribed', topic: 'group:1' },
  { type: 'pong' },
  { type: 'error', code: 'forbidden', message: 'Not yours' },
  { type: 'error', topic: 'user:2', code: 'forbidden', message: 'Not yours' },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: { postId: 'p1', n: 2 } },
  { type: 'event', topic: 'group:1', event: 'like.changed', ids: {}, data: { a: 'x', b: 1, c: true, d: null } },
];

const badMessages: unknown[] = [
  null,
  'pong',
  42,
  [{ type: 'pong' }],
  {},
  { type: 'mystery' },
  { type: 7 },
  { type: 'welcome' },
  { type: 'welcome', connectionId: 5 },
  { type: 'subscribed' },
  { type: 'unsubscribed', topic: null },
  { type: 'error', code: 'forbidden' },
  { type: 'error', message: 'Not yours', code: 3 },
  { type: 'error', code: 'forbidden', message: 'Not yours', topic: 3 },
  { type: 'event', topic: 'group:1' },
  { type: 'event', topic: 'group:1', event: 'post.created' },
  { type: 'event', event: 'post.created', ids: {} },
  { type: 'event', topic: 'group:1', event: 9, ids: {} },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: ['p1'] },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: { postId: true } },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: { postId: null } },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: {}, data: null },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: {}, data: [1] },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: {}, data: { nested: { a: 1 } } },
  { type: 'event', topic: 'group:1', event: 'post.created', ids: {}, data: { list: [1] } },
];

describe('readLiveServerMessage', () => {
  it('reads every kind of message the server sends', () => {
    for (const message of goodMessages) expect(readLiveServerMessage(message)).toEqual(message);
  });

  it('drops the fields a message type does not have', () => {
    expect(readLiveServerMessage({ type: 'pong', at: 1 })).toEqual({ type: 'pong' });
    expect(readLiveServerMessage({ type: 'event', topic: 'group:1', event: 'a.b', ids: {}, extra: { x: 1 } })).toEqual({
      type: 'event',
      topic: 'group:1',
      event: 'a.b',
      ids: {},
    });
  });

  it('refuses what is not a message, a broken one, and an unknown type', () => {
    for (const message of badMessages) expect(readLiveServerMessage(message)).toBeNull();
  });

  it('agrees with LiveServerMessageSchema on every sample', () => {
    for (const message of [...goodMessages, ...badMessages, { type: 'pong', at: 1 }]) {
      const parsed = LiveServerMessageSchema.safeParse(message);
      expect(readLiveServerMessage(message), JSON.stringify(message)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});

describe('isLiveTopic', () => {
  const topics: [unknown, boolean][] = [
    ['group:1', true],
    ['session:Ab_9-x', true],
    ['a:b', true],
    ['group-kind:1', true],
    [`group:${'x'.repeat(194)}`, true],
    [`group:${'x'.repeat(195)}`, false],
    ['group:', false],
    [':1', false],
    ['Group:1', false],
    ['1group:1', false],
    ['group:1 ', false],
    ['group:1:2', false],
    ['group:é', false],
    ['no topic here', false],
    [42, false],
    [null, false],
  ];

  it('takes kind:id and nothing else, as LiveTopicSchema does', () => {
    for (const [topic, expected] of topics) {
      expect(isLiveTopic(topic), String(topic)).toBe(expected);
      expect(LiveTopicSchema.safeParse(topic).success, String(topic)).toBe(expected);
    }
  });
});
