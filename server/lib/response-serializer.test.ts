import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageCache } from './page-cache.ts';
import { fastSerializerFor, nullableAsKeyword, writtenOnceWhenKept } from './response-serializer.ts';

describe('nullableAsKeyword', () => {
  it('turns anyOf [schema, null] into the schema with nullable, at any depth', () => {
    expect(
      nullableAsKeyword({
        type: 'object',
        properties: {
          at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          answer: { anyOf: [{ type: 'null' }, { type: 'object', properties: { id: { type: 'string' } } }] },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time', nullable: true },
        answer: { type: 'object', properties: { id: { type: 'string' } }, nullable: true },
      },
    });
  });

  it('leaves other unions as they are', () => {
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(nullableAsKeyword(union)).toEqual(union);
    const three = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] };
    expect(nullableAsKeyword(three)).toEqual(three);
  });
});

describe('fastSerializerFor', () => {
  const Schema = z.object({
    id: z.string(),
    at: z.iso.datetime().nullable(),
    answer: z.object({ body: z.string(), count: z.number().int() }).nullable(),
    tags: z.array(z.string()),
  });

  it('writes what zod would, leaving out fields the schema does not declare', () => {
    const serialize = fastSerializerFor(Schema);
    if (!serialize) throw new Error('no serializer');
    const value = { id: 'a', at: null, answer: { body: 'b', count: 2, secret: 'x' }, tags: ['t'], passwordHash: 'h' };
    expect(JSON.parse(serialize(value))).toEqual(Schema.parse(value));
    const other = { id: 'b', at: '2026-11-25T10:00:00.000Z', answer: null, tags: [] };
    expect(JSON.parse(serialize(other))).toEqual(Schema.parse(other));
  });

  it('refuses a value without a required field', () => {
    const serialize = fastSerializerFor(Schema);
    expect(() => serialize?.({ at: null, answer: null, tags: [] })).toThrow();
  });
});

describe('writtenOnceWhenKept', () => {
  it('writes a kept page once, and anything else every time', () => {
    let calls = 0;
    const serialize = writtenOnceWhenKept((data) => {
      calls += 1;
      return JSON.stringify(data);
    });
    const kept = { questions: [1, 2] };
    new PageCache<typeof kept>().store('key', { scopes: ['g'], snapshot: '1:1:' }, kept);
    expect([serialize(kept), serialize(kept), serialize(kept)]).toEqual(Array(3).fill('{"questions":[1,2]}'));
    expect(calls).toBe(1);
    const fresh = { questions: [1, 2] };
    serialize(fresh);
    serialize(fresh);
    serialize(null);
    expect(calls).toBe(4);
  });
});
