import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, encodeEvent, reconnectDelay } from './bus.ts';

describe('encodeEvent', () => {
  it('keeps events small enough for NOTIFY', () => {
    const event = { topic: 'group:1', event: 'question.created', ids: { question: 7 } };
    expect(JSON.parse(encodeEvent(event))).toEqual(event);
    expect(() => encodeEvent({ ...event, data: { text: 'x'.repeat(MAX_EVENT_BYTES) } })).toThrow(/too large/);
  });
});

describe('reconnectDelay', () => {
  it('doubles from half a second up to 30 seconds', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(20)).toBe(30_000);
  });
});
