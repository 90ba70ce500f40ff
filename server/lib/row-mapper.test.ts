import * as drizzleOrm from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRowMapper, useCompiledRowMapper, type SelectedField } from './row-mapper.ts';

// Drizzle's own per-row mapper: exported at run time, not in its type declarations.
const mapResultRow = (drizzleOrm as unknown as Record<string, unknown>).mapResultRow as (
  fields: SelectedField[],
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) => Record<string, unknown>;

const people = pgTable('people', {
  id: uuid('id').primaryKey(),
  name: text('name'),
  admin: boolean('admin').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const posts = pgTable('posts', {
  id: uuid('id').primaryKey(),
  authorId: uuid('author_id'),
  likes: integer('likes').notNull(),
  editedAt: timestamp('edited_at', { withTimezone: true, mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const editors = alias(people, 'editors');

// Prepared queries are built without a connection: the pool never connects.
const pool = new pg.Pool({ host: '127.0.0.1', port: 1, max: 1 });
const db = drizzle(pool);
afterAll(() => pool.end());

interface Prepared {
  fields: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}
const prepared = (query: { prepare: (name: string) => unknown }, name: string) =>
  query.prepare(name) as unknown as Prepared;

const queries: Record<string, Prepared> = {
  'flat columns and typed sql': prepared(
    db
      .select({
        id: posts.id,
        likes: posts.likes,
        createdAt: posts.createdAt,
        editedAt: posts.editedAt,
        total: sql<number>`count(*)`.mapWith(Number),
        raw: sql<string>`'x'`,
        named: sql<number>`1`.mapWith(Number).as('named'),
      })
      .from(posts),
    'flat',
  ),
  'nested objects over a left join': prepared(
    db
      .select({
        post: { id: posts.id, createdAt: posts.createdAt },
        author: { id: people.id, name: people.name, createdAt: people.createdAt },
        liked: sql<boolean>`true`,
      })
      .from(posts)
      .leftJoin(people, eq(people.id, posts.authorId)),
    'nested',
  ),
  'an object mixing two tables': prepared(
    db
      .select({
        author: { name: people.name, postId: posts.id, admin: people.admin },
        count: sql<number>`1`.mapWith(Number),
      })
      .from(posts)
      .leftJoin(people, eq(people.id, posts.authorId)),
    'mixed',
  ),
  'an object that opens with sql': prepared(
    db
      .select({
        author: { label: sql<string>`'a'`, id: people.id, name: people.name },
      })
      .from(posts)
      .leftJoin(people, eq(people.id, posts.authorId)),
    'sql-first',
  ),
  'whole tables, two left joins with an alias': prepared(
    db
      .select()
      .from(posts)
      .leftJoin(people, eq(people.id, posts.authorId))
      .leftJoin(editors, eq(editors.id, posts.authorId)),
    'tables',
  ),
  'an inner join and deeper nesting': prepared(
    db
      .select({
        id: posts.id,
        // deeper than Drizzle's types allow, but its mapper nests at any depth
        author: { id: people.id, profile: { name: people.name, since: people.createdAt } as never },
        when: { edited: posts.editedAt, created: posts.createdAt },
      })
      .from(posts)
      .innerJoin(people, eq(people.id, posts.authorId)),
    'deep',
  ),
  'a right join': prepared(
    db
      .select({ post: { id: posts.id, likes: posts.likes }, person: { id: people.id } })
      .from(posts)
      .rightJoin(people, eq(people.id, posts.authorId)),
    'right',
  ),
  'a write with returning': prepared(
    db
      .update(posts)
      .set({ likes: sql`likes + 1` })
      .where(eq(posts.id, sql.placeholder('id')))
      .returning({ id: posts.id, likes: posts.likes, createdAt: posts.createdAt }),
    'returning',
  ),
};

/** Values as node-postgres hands them over in array mode: strings, numbers, booleans or null. */
const driverValue = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  fc.constantFrom('2026-11-26 07:30:00.123+00', '2025-01-01 00:00:00+00'),
  fc.uuid(),
  fc.integer().map(String),
  fc.integer(),
  fc.boolean(),
);

/** Every key of every object, in order: equal values in another key order would differ. */
const shape = (value: unknown): unknown =>
  value instanceof Date
    ? ['Date', value.getTime()]
    : value !== null && typeof value === 'object'
      ? Object.entries(value).map(([key, inner]) => [key, shape(inner)])
      : value;

const outcome = (map: () => unknown) => {
  try {
    return { value: map() };
  } catch (error) {
    return { error: String(error) };
  }
};

describe('compileRowMapper', () => {
  for (const [name, query] of Object.entries(queries)) {
    it(`maps ${name} exactly as Drizzle does`, () => {
      expect(query.fields.length).toBeGreaterThan(0);
      const map = compileRowMapper(query.fields, query.joinsNotNullableMap);
      fc.assert(
        fc.property(
          fc.array(driverValue, { minLength: query.fields.length, maxLength: query.fields.length }),
          (row) => {
            // a value of the wrong type for its column makes both throw the same error
            const expected = outcome(() => mapResultRow(query.fields, row, query.joinsNotNullableMap));
            const actual = outcome(() => map(row));
            expect(shape(actual)).toEqual(shape(expected));
            expect(actual).toStrictEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it('sets a left-joined object to null when its table had no row, and only then', () => {
    const query = queries['nested objects over a left join']!;
    const map = compileRowMapper(query.fields, query.joinsNotNullableMap);
    const at = '2026-11-26 07:30:00+00';
    expect(map(['p1', at, null, null, null, true])).toEqual({
      post: { id: 'p1', createdAt: new Date(at) },
      author: null,
      liked: true,
    });
    expect(map(['p1', at, 'a1', null, at, false]).author).toEqual({ id: 'a1', name: null, createdAt: new Date(at) });
  });
});

describe('useCompiledRowMapper', () => {
  it('gives a prepared select its mapper and leaves a query with its own mapper alone', () => {
    const select = prepared(db.select({ id: posts.id, likes: posts.likes }).from(posts), 'hooked');
    useCompiledRowMapper(select);
    expect(select.customResultMapper?.([['p1', 3]])).toEqual([{ id: 'p1', likes: 3 }]);

    const own = (rows: unknown[][]) => rows;
    const custom = { fields: [], customResultMapper: own };
    useCompiledRowMapper(custom);
    expect(custom.customResultMapper).toBe(own);

    const raw = { fields: undefined };
    useCompiledRowMapper(raw);
    expect(raw).toEqual({ fields: undefined });
  });
});
