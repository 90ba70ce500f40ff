import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PostResponseSchema, type Post } from '#shared/schemas/posts.ts';
import { questions } from '../../db/schema/index.ts';
import { call, createGroup, setSubscription, signUp, type TestPerson } from '../groups/groups-test-kit.ts';

export { call, createGroup, setSubscription, signUp, storeImage, type TestPerson } from '../groups/groups-test-kit.ts';

/** A group with one person of each role: host, member, subscriber, guest (signed in, nothing else). */
export interface RoleCast {
  groupId: string;
  host: TestPerson;
  member: TestPerson;
  subscriber: TestPerson;
  guest: TestPerson;
}

/** Makes a group (ama when asked) and the people of every role in it. */
export async function castRoles(app: FastifyInstance, options: { ama?: boolean } = {}): Promise<RoleCast> {
  const [host, member, subscriber, guest] = await Promise.all([
    signUp(app, 'ph'),
    signUp(app, 'pm'),
    signUp(app, 'ps'),
    signUp(app, 'pg'),
  ]);
  const group = await createGroup(app, host, { ama: options.ama ?? false });
  const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username });
  expect(added.statusCode, added.body).toBe(201);
  expect((await setSubscription(app, subscriber, group.id, true)).statusCode).toBe(200);
  return { groupId: group.id, host, member, subscriber, guest };
}

/** Posts through the API; fails the test unless it is created. */
export async function createPost(
  app: FastifyInstance,
  person: TestPerson,
  groupId: string,
  input: { body?: string; images?: string[] } = {},
): Promise<Post> {
  const response = await call(app, person, 'POST', `/api/groups/${groupId}/posts`, { body: 'Hello', ...input });
  expect(response.statusCode, response.body).toBe(201);
  return PostResponseSchema.parse(response.json()).post;
}

/** A question row written directly (the question routes belong to another feature). */
export async function buildQuestion(
  app: FastifyInstance,
  groupId: string,
  authorId: string,
  values: Partial<typeof questions.$inferInsert> = {},
): Promise<string> {
  const [row] = await app.db
    .insert(questions)
    .values({ groupId, authorId, body: 'A question?', ...values })
    .returning({ id: questions.id });
  if (!row) throw new Error('no question row');
  return row.id;
}
