import { LIVE_TOPIC_MAX_LENGTH, LIVE_TOPIC_MIN_LENGTH, LIVE_TOPIC_PATTERN } from '#shared/constants/live.ts';
import type { LiveServerMessage } from '#shared/schemas/live.ts';

import { isJsonObject, isRecordOf, isString } from '#client/lib/json-shape.ts';

/**
 * The live channel's checks on the client, written out by hand so that the client loads no zod:
 * they accept exactly what `LiveTopicSchema` and `LiveServerMessageSchema` (shared/schemas/live.ts)
 * accept, which client/lib/live-messages.test.ts compares message by message.
 */

/** Whether `value` is a topic the channel takes: `kind:id`, such as `group:42`. */
export function isLiveTopic(value: unknown): value is string {
  return (
    isString(value) &&
    value.length >= LIVE_TOPIC_MIN_LENGTH &&
    value.length <= LIVE_TOPIC_MAX_LENGTH &&
    LIVE_TOPIC_PATTERN.test(value)
  );
}

function isIdValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function isDataValue(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * A message from the server, with only the fields its type has, or null when `value` is not
 * one: a shape this client cannot read, or a type a newer server sends that it does not know.
 */
export function readLiveServerMessage(value: unknown): LiveServerMessage | null {
  if (!isJsonObject(value)) return null;
  switch (value.type) {
    case 'welcome':
      return isString(value.connectionId) ? { type: 'welcome', connectionId: value.connectionId } : null;
    case 'subscribed':
    case 'unsubscribed':
      return isString(value.topic) ? { type: value.type, topic: value.topic } : null;
    case 'pong':
      return { type: 'pong' };
    case 'error': {
      const { topic, code, message } = value;
      if (!isString(code) || !isString(message) || !(topic === undefined || isString(topic))) return null;
      return topic === undefined ? { type: 'error', code, message } : { type: 'error', topic, code, message };
    }
    case 'event': {
      const { topic, event, ids, data } = value;
      if (!isString(topic) || !isString(event) || !isRecordOf(ids, isIdValue)) return null;
      if (data === undefined) return { type: 'event', topic, event, ids };
      return isRecordOf(data, isDataValue) ? { type: 'event', topic, event, ids, data } : null;
    }
    default:
      return null;
  }
}
