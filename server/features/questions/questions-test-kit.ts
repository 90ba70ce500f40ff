import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { QuestionListResponseSchema, QuestionResponseSchema, type Question } from '#shared/schemas/posts.ts';
import { questions } from '../../db/schema/index.ts';
import { call, createGroup, setSubscription, signUp, type TestPerson } from '../groups/groups-test-kit.ts';

export { call, createGroup, setSubscription, signUp, type TestPerson } from '../groups/groups-test-kit.ts';

/** An ama group with one person of each role (spec section 4). */
export interface AmaCast {
  groupId: string;
  host: TestPerson;
  member: TestPerson;
  subscriber: TestPerson;
  guest: TestPerson;
}

/** Creates an ama group through the API and gives it a member and a subscriber. */
export async function buildAmaCast(
  app: FastifyInstance,
  options: { questionsNeedApproval?: boolean; ama?: boolean } = {},
): Promise<AmaCast> {
  const [host, member, subscriber, guest] = await Promise.all([
    signUp(app, 'qh'),
    signUp(app, 'qm'),
    signUp(app, 'qs'),
    signUp(app, 'qg'),
  ]);
  const group = await createGroup(app, host, {
    ama: options.ama ?? true,
    questionsNeedApproval: options.questionsNeedApproval ?? false,
  });
  const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username });
  expect(added.statusCode, added.body).toBe(201);
  expect((await setSubscription(app, subscriber, group.id, true)).statusCode).toBe(200);
  return { groupId: group.id, host, member, subscriber, guest };
}

/** Asks through the API; fails the test unless it is created. */
export async function ask(app: FastifyInstance, person: TestPerson, groupId: string, body: string): Promise<Question> {
  const response = await call(app, person, 'POST', `/api/groups/${groupId}/questions`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return QuestionResponseSchema.parse(response.json()).question;
}

/** A question row written directly (a factory: the API allows 30 questions an hour per person). */
export async function buildQuestion(
  app: FastifyInstance,
  values: Pick<typeof questions.$inferInsert, 'groupId' | 'authorId'> & Partial<typeof questions.$inferInsert>,
): Promise<string> {
  const [row] = await app.db
    .insert(questions)
    .values({ body: 'A built question', ...values })
    .returning({ id: questions.id });
  if (!row) throw new Error('no question row');
  return row.id;
}

/** One page of the queue as `person` sees it (query string without '?'). */
export async function listQueue(app: FastifyInstance, person: TestPerson | null, groupId: string, query = '') {
  const response = await call(app, person, 'GET', `/api/groups/${groupId}/questions${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return QuestionListResponseSchema.parse(response.json());
}
