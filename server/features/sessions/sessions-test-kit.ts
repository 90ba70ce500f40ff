import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SessionResponseSchema, type AmaSession, type SessionInput } from '#shared/schemas/sessions.ts';
import { amaSessions } from '../../db/schema/index.ts';
import { call, type TestPerson } from '../questions/questions-test-kit.ts';

export { ask, buildAmaCast, call, signUp, type AmaCast, type TestPerson } from '../questions/questions-test-kit.ts';

/** An hour from now, as ISO. */
export const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

/** Schedules through the API; fails the test unless it is created. */
export async function schedule(
  app: FastifyInstance,
  host: TestPerson,
  groupId: string,
  input: Partial<SessionInput> = {},
): Promise<AmaSession> {
  const response = await call(app, host, 'POST', `/api/groups/${groupId}/sessions`, {
    title: 'Ask me anything',
    description: 'About everything',
    startsAt: inAnHour(),
    durationMinutes: 60,
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return SessionResponseSchema.parse(response.json()).session;
}

/** A session row written directly (a factory: scheduling is rate limited and notifies). */
export async function buildSession(
  app: FastifyInstance,
  values: Pick<typeof amaSessions.$inferInsert, 'groupId' | 'hostId'> & Partial<typeof amaSessions.$inferInsert>,
): Promise<string> {
  const [row] = await app.db
    .insert(amaSessions)
    .values({ title: 'Built session', startsAt: new Date(Date.now() + 3_600_000), durationMinutes: 30, ...values })
    .returning({ id: amaSessions.id });
  if (!row) throw new Error('no session row');
  return row.id;
}
