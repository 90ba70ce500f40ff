import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { amaSessions, notifications } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { type AmaCast, buildAmaCast, buildSession, call, schedule } from '../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The 'ama_starting' notifications about `sessionId`, by recipient. */
async function remindersOf(sessionId: string) {
  const rows = await app.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.kind, 'ama_starting'), eq(notifications.targetId, sessionId)));
  return rows.map((row) => row.userId).sort();
}

/** The states of the reminder jobs of `sessionId` (any start). */
async function jobStates(sessionId: string) {
  const result = await app.db.execute<{ state: string }>(
    sql`select state from pgboss.job where data->>'sessionId' = ${sessionId}`,
  );
  return result.rows.map((row) => row.state);
}

/** Waits until every reminder job of the session has run (and at least one existed). */
async function jobsDone(sessionId: string) {
  await vi.waitFor(
    async () => {
      const states = await jobStates(sessionId);
      if (states.length === 0 || states.some((state) => state !== 'completed')) {
        throw new Error(`jobs: ${states.join(', ') || 'none'}`);
      }
    },
    { timeout: 20_000, interval: 200 },
  );
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function reminderSentAt(sessionId: string) {
  const [row] = await app.db
    .select({ at: amaSessions.reminderSentAt })
    .from(amaSessions)
    .where(eq(amaSessions.id, sessionId));
  return row?.at ?? null;
}

describe("the 'ama_starting' reminder at a session's start", () => {
  let cast: AmaCast;
  beforeAll(async () => {
    cast = await buildAmaCast(app);
  });

  it('reminds each subscriber once when the host has not started the session', async () => {
    const session = await schedule(app, cast.host, cast.groupId, { startsAt: inSeconds(1) });
    expect(await remindersOf(session.id)).toEqual([]);
    await jobsDone(session.id);
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id]);
    expect(await reminderSentAt(session.id)).not.toBeNull();
    // a second run of the same job (a retry, say) adds nothing
    expect(await app.sessionReminders.remind({ sessionId: session.id, startsAt: session.startsAt })).toBe(false);
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id]);
  });

  it('sends no second reminder for a session the host started before its time', async () => {
    const session = await schedule(app, cast.host, cast.groupId, { startsAt: inSeconds(2) });
    const started = await call(app, cast.host, 'POST', `/api/sessions/${session.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id]);
    await jobsDone(session.id);
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id]);
  });

  it('reminds a rescheduled session at its new time only', async () => {
    const session = await schedule(app, cast.host, cast.groupId);
    const firstJob = { sessionId: session.id, startsAt: session.startsAt };
    const later = new Date(Date.parse(session.startsAt) + 30 * 60_000).toISOString();
    const moved = await call(app, cast.host, 'PATCH', `/api/sessions/${session.id}`, { startsAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const jobs = await app.db.execute<{ startsAt: string; startAfter: Date }>(
      sql`select data->>'startsAt' as "startsAt", start_after as "startAfter" from pgboss.job where data->>'sessionId' = ${session.id} order by created_on`,
    );
    expect(jobs.rows.map((row) => [row.startsAt, new Date(row.startAfter).toISOString()])).toEqual([
      [session.startsAt, session.startsAt],
      [later, later],
    ]);

    expect(await app.sessionReminders.remind(firstJob)).toBe(false);
    expect(await remindersOf(session.id)).toEqual([]);
    expect(await app.sessionReminders.remind({ sessionId: session.id, startsAt: later })).toBe(true);
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id]);
  });

  it('reminds again when a session moves after its reminder went out (the host did not show)', async () => {
    const session = await schedule(app, cast.host, cast.groupId, { startsAt: inSeconds(1) });
    await jobsDone(session.id);
    const later = inSeconds(2);
    expect((await call(app, cast.host, 'PATCH', `/api/sessions/${session.id}`, { startsAt: later })).statusCode).toBe(
      200,
    );
    await vi.waitFor(async () => expect(await jobStates(session.id)).toEqual(['completed', 'completed']), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await remindersOf(session.id)).toEqual([cast.subscriber.id, cast.subscriber.id]);
  });

  it('queues nothing when the transaction that schedules rolls back', async () => {
    const sessionId = await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id });
    await expect(
      app.transaction(async (tx) => {
        await app.sessionReminders.schedule(tx, { id: sessionId, startsAt: new Date() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobStates(sessionId)).toEqual([]);
  });

  it('does nothing for an ended or deleted session', async () => {
    const startsAt = new Date(Date.now() - 60_000);
    const ended = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      startsAt,
      status: 'ended',
      endedAt: new Date(),
    });
    expect(await app.sessionReminders.remind({ sessionId: ended, startsAt: startsAt.toISOString() })).toBe(false);
    expect(await remindersOf(ended)).toEqual([]);

    const session = await schedule(app, cast.host, cast.groupId, { startsAt: inSeconds(2) });
    expect((await call(app, cast.host, 'DELETE', `/api/sessions/${session.id}`)).statusCode).toBe(204);
    await jobsDone(session.id);
    expect(await remindersOf(session.id)).toEqual([]);
  });
});
