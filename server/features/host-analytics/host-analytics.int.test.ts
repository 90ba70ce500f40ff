import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ANALYTICS_MESSAGES } from '#shared/constants/host-analytics.ts';
import { sessionTopic } from '#shared/constants/live.ts';
import {
  GroupAnalyticsResponseSchema,
  SessionAnalyticsResponseSchema,
  type SessionAnalyticsResponse,
} from '#shared/schemas/host-analytics.ts';
import { livePresence, likes, sessionViewerSamples } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import {
  buildAmaCast,
  buildQuestion,
  buildSession,
  call,
  signUp,
  uniqueSuffix,
  type AmaCast,
  type TestPerson,
} from '../../test/factories.ts';
import { grantAdmin } from '../admin/grant-admin.ts';
import { csvField } from './analytics-csv.ts';
import { SAMPLE_VIEWERS_QUEUE, sampleViewers } from './sample-viewers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  // the first account of a database is an administrator: let it be nobody this file relies on
  await signUp(app, 'hz');
});
afterAll(async () => {
  await app?.close();
});

const T0 = new Date('2026-03-02T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function sessionAnalytics(person: TestPerson | null, sessionId: string): Promise<SessionAnalyticsResponse> {
  const response = await call(app, person, 'GET', `/api/sessions/${sessionId}/analytics`);
  expect(response.statusCode, response.body).toBe(200);
  return SessionAnalyticsResponseSchema.parse(response.json());
}

async function groupAnalytics(person: TestPerson | null, groupId: string) {
  const response = await call(app, person, 'GET', `/api/groups/${groupId}/analytics`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, ...GroupAnalyticsResponseSchema.parse(response.json()) };
}

/** `voters` like the question (rows written directly, as the likes feature would leave them). */
async function vote(groupId: string, questionId: string, voters: TestPerson[]) {
  if (voters.length === 0) return;
  await app.db
    .insert(likes)
    .values(
      voters.map((voter) => ({ targetType: 'question' as const, targetId: questionId, userId: voter.id, groupId })),
    );
}

/**
 * A known data set. Session one: q1 answered after 60 s (3 votes), q2 answered after 180 s
 * (1 vote), q3 anonymous (2 votes, one by an asker), q4 hidden (1 vote), q5 merged into q1
 * (1 vote, by someone who voted nothing else), q6 pending, q8 carried over from it to "answer
 * later". Session two: three answered after 10, 20 and 1000 s. Outside any session: q7
 * answered after 30 s. Session three: nothing.
 */
async function buildDataSet() {
  const cast = await buildAmaCast(app);
  const [a, b, c, d, v1, v2, v3, v4] = await Promise.all(
    ['ha', 'hb', 'hc', 'hd', 'v1', 'v2', 'v3', 'v4'].map((prefix) => signUp(app, prefix)),
  );
  if (!a || !b || !c || !d || !v1 || !v2 || !v3 || !v4) throw new Error('no people');
  const { groupId } = cast;
  const session = (startsAt: Date, status: 'scheduled' | 'live' | 'ended' = 'ended') =>
    buildSession(app, { groupId, hostId: cast.host.id, startsAt, status, title: `Session ${uniqueSuffix()}` });
  const s1 = await session(at(0));
  const s2 = await session(at(86_400));
  const s3 = await session(at(2 * 86_400), 'scheduled');
  const question = (values: Omit<Parameters<typeof buildQuestion>[1], 'groupId'>) =>
    buildQuestion(app, { groupId, createdAt: at(0), ...values });

  const q1 = await question({
    authorId: a.id,
    sessionId: s1,
    body: 'First',
    status: 'answered',
    answeredAt: at(60),
    likeCount: 3,
  });
  const q2 = await question({
    authorId: a.id,
    sessionId: s1,
    body: 'Second',
    status: 'answered',
    answeredAt: at(180),
    likeCount: 1,
  });
  const q3 = await question({ authorId: b.id, sessionId: s1, body: 'Who am I?', isAnonymous: true, likeCount: 2 });
  const q4 = await question({ authorId: c.id, sessionId: s1, body: 'Hidden text', isHidden: true, likeCount: 9 });
  const q5 = await question({
    authorId: b.id,
    sessionId: s1,
    body: 'Merged text',
    mergedIntoId: q1,
    mergedAt: at(30),
    likeCount: 8,
  });
  const q6 = await question({ authorId: d.id, sessionId: s1, body: 'Pending text', status: 'pending', likeCount: 7 });
  const q8 = await question({ authorId: d.id, carriedFromSessionId: s1, answerLaterAt: at(4000), body: 'Later' });
  await vote(groupId, q1, [v1, v2, v3]);
  await vote(groupId, q2, [v1]);
  await vote(groupId, q3, [v2, a]);
  await vote(groupId, q4, [v1]);
  await vote(groupId, q5, [v4]);

  const asked2 = at(86_400);
  const answeredAfter = (seconds: number) => new Date(asked2.getTime() + seconds * 1000);
  for (const seconds of [10, 20, 1000]) {
    await question({
      authorId: a.id,
      sessionId: s2,
      createdAt: asked2,
      status: 'answered',
      answeredAt: answeredAfter(seconds),
    });
  }
  await question({ authorId: v3.id, body: 'No session', status: 'answered', answeredAt: at(30) });

  await app.db.insert(sessionViewerSamples).values([
    { sessionId: s1, sampledAt: at(0), viewers: 3 },
    { sessionId: s1, sampledAt: at(60), viewers: 8 },
    { sessionId: s1, sampledAt: at(120), viewers: 8 },
    { sessionId: s1, sampledAt: at(180), viewers: 2 },
    { sessionId: s2, sampledAt: at(86_400), viewers: 5 },
  ]);
  return { cast, people: { a, b, c, d }, s1, s2, s3, q: { q1, q2, q3, q4, q5, q6, q8 } };
}

let data: Awaited<ReturnType<typeof buildDataSet>>;
let admin: TestPerson;
beforeAll(async () => {
  data = await buildDataSet();
  admin = await signUp(app, 'ad');
  expect(await grantAdmin(app.db, admin.email)).toMatch(/^(granted|already-admin)$/);
});

describe('who may read host analytics', () => {
  it('lets the host and an administrator read, refuses a subscriber (403) and a visitor (401)', async () => {
    const { cast, s1 } = data;
    for (const url of [
      `/api/sessions/${s1}/analytics`,
      `/api/sessions/${s1}/analytics.csv`,
      `/api/groups/${cast.groupId}/analytics`,
      `/api/groups/${cast.groupId}/analytics.csv`,
    ]) {
      expect((await call(app, cast.host, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(app, admin, 'GET', url)).statusCode, url).toBe(200);
      for (const person of [cast.subscriber, cast.member, cast.guest]) {
        const refused = await call(app, person, 'GET', url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ error: { code: 'forbidden', message: HOST_ANALYTICS_MESSAGES.hostOnly } });
      }
      const signedOut = await call(app, null, 'GET', url);
      expect(signedOut.statusCode, url).toBe(401);
      expect(signedOut.json().error.message).toBe(HOST_ANALYTICS_MESSAGES.signIn);
    }
  });

  it('stops at once when the administrator role is taken away', async () => {
    const former = await signUp(app, 'fa');
    await grantAdmin(app.db, former.email);
    expect((await call(app, former, 'GET', `/api/sessions/${data.s1}/analytics`)).statusCode).toBe(200);
    await app.db.execute(sql`update users set role = 'user' where id = ${former.id}`);
    expect((await call(app, former, 'GET', `/api/sessions/${data.s1}/analytics`)).statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids, 400 or 414 for absurd ones, 401 first when signed out', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const hostile = [
      'not-a-uuid',
      "1' or '1'='1",
      '%00',
      '..%2F..%2Fetc',
      encodeURIComponent('<script>'),
      '0'.repeat(200),
    ];
    for (const kind of ['sessions', 'groups']) {
      for (const suffix of ['analytics', 'analytics.csv']) {
        for (const id of [unknown, ...hostile]) {
          const response = await call(app, data.cast.host, 'GET', `/api/${kind}/${id}/${suffix}`);
          expect([400, 404], `${kind} ${id} ${suffix}: ${response.body}`).toContain(response.statusCode);
          expect(response.json().error.message).toMatch(/\w/);
          if (id === unknown || id === 'not-a-uuid') expect(response.statusCode).toBe(404);
          expect((await call(app, null, 'GET', `/api/${kind}/${id}/${suffix}`)).statusCode).toBeLessThan(500);
        }
        expect((await call(app, null, 'GET', `/api/${kind}/${unknown}/${suffix}`)).statusCode).toBe(401);
        const tooLong = await call(app, data.cast.host, 'GET', `/api/${kind}/${'a'.repeat(201)}/${suffix}`);
        // the input guard refuses an address this long before the route's schema
        expect([400, 414]).toContain(tooLong.statusCode);
      }
    }
  });
});

describe("a session's figures", () => {
  it('computes every figure exactly on the known data set', async () => {
    const { s1, q, cast } = data;
    const analytics = await sessionAnalytics(cast.host, s1);
    expect(analytics.session).toMatchObject({ id: s1, status: 'ended', group: { id: cast.groupId } });
    expect(analytics.figures).toEqual({
      // q1..q6 and q8 (carried over from it)
      asked: 7,
      answered: 2,
      shareAnswered: 2 / 7,
      // 60 and 180: an even count's median is the mean of the middle two
      medianSecondsToAnswer: 120,
      hidden: 1,
      // q1 3 + q2 1 + q3 2 + q4 1; the merged q5's vote was pooled into q1
      votes: 7,
      // a, b, c, d
      uniqueAskers: 4,
      // v1, v2, v3, a (an asker who voted) and v4 (who voted only for the merged one)
      uniqueVoters: 5,
      peak: { at: at(60).toISOString(), viewers: 8 },
      topQuestions: [
        { id: q.q1, body: 'First', likeCount: 3, status: 'answered', isAnswered: true, isAnonymous: false },
        { id: q.q3, body: 'Who am I?', likeCount: 2, status: 'open', isAnswered: false, isAnonymous: true },
        { id: q.q2, body: 'Second', likeCount: 1, status: 'answered', isAnswered: true, isAnonymous: false },
        { id: q.q8, body: 'Later', likeCount: 0, status: 'open', isAnswered: false, isAnonymous: false },
      ],
    });
    expect(analytics.viewers).toEqual([
      { at: at(0).toISOString(), viewers: 3 },
      { at: at(60).toISOString(), viewers: 8 },
      { at: at(120).toISOString(), viewers: 8 },
      { at: at(180).toISOString(), viewers: 2 },
    ]);
  });

  it('never shows a hidden, pending or merged question, nor any author', async () => {
    const response = await call(app, data.cast.host, 'GET', `/api/sessions/${data.s1}/analytics`);
    for (const secret of ['Hidden text', 'Pending text', 'Merged text', data.people.b.id, data.people.b.username]) {
      expect(response.body).not.toContain(secret);
    }
    const top = SessionAnalyticsResponseSchema.parse(response.json()).figures.topQuestions;
    expect(JSON.stringify(top)).not.toMatch(/author|username|"name"|profileImage/i);
  });

  it('takes an odd count median, and a session with nothing has null figures', async () => {
    const two = await sessionAnalytics(data.cast.host, data.s2);
    expect(two.figures).toMatchObject({
      asked: 3,
      answered: 3,
      shareAnswered: 1,
      medianSecondsToAnswer: 20,
      votes: 0,
      uniqueAskers: 1,
      uniqueVoters: 0,
      peak: { viewers: 5 },
    });
    const empty = await sessionAnalytics(admin, data.s3);
    expect(empty.figures).toEqual({
      asked: 0,
      answered: 0,
      shareAnswered: null,
      medianSecondsToAnswer: null,
      hidden: 0,
      votes: 0,
      uniqueAskers: 0,
      uniqueVoters: 0,
      peak: null,
      topQuestions: [],
    });
    expect(empty.viewers).toEqual([]);
  });
});

describe("a group's figures", () => {
  it('computes the figures over all its questions and lists its sessions newest first', async () => {
    const { cast, s1, s2, s3 } = data;
    const analytics = await groupAnalytics(cast.host, cast.groupId);
    expect(analytics.group.id).toBe(cast.groupId);
    expect(analytics.figures).toMatchObject({
      asked: 11,
      answered: 6,
      shareAnswered: 6 / 11,
      // 10, 20, 30, 60, 180, 1000
      medianSecondsToAnswer: 45,
      hidden: 1,
      votes: 7,
      // a, b, c, d and v3 (outside any session)
      uniqueAskers: 5,
      uniqueVoters: 5,
      peak: { at: at(60).toISOString(), viewers: 8 },
    });
    const bodies = analytics.figures.topQuestions.map((question) => question.body);
    expect(bodies.slice(0, 3)).toEqual(['First', 'Who am I?', 'Second']);
    // no votes, asked at the same time: the order between them is their ids'
    expect(bodies.slice(3).sort()).toEqual(['Later', 'No session']);
    expect(analytics.sessions).toEqual([
      expect.objectContaining({ id: s3, status: 'scheduled', asked: 0, answered: 0, peakViewers: null }),
      expect.objectContaining({ id: s2, status: 'ended', asked: 3, answered: 3, peakViewers: 5 }),
      expect.objectContaining({ id: s1, status: 'ended', asked: 7, answered: 2, peakViewers: 8 }),
    ]);
    for (const secret of ['Hidden text', 'Pending text', 'Merged text', data.people.b.id]) {
      expect(analytics.body).not.toContain(secret);
    }
  });

  it('lists at most 50 sessions', async () => {
    const cast = await buildAmaCast(app);
    for (let index = 0; index < 52; index += 1) {
      await buildSession(app, { groupId: cast.groupId, hostId: cast.host.id, startsAt: at(index * 60) });
    }
    const analytics = await groupAnalytics(cast.host, cast.groupId);
    expect(analytics.sessions).toHaveLength(50);
    expect(analytics.sessions[0]?.startsAt).toBe(at(51 * 60).toISOString());
    expect(analytics.figures.asked).toBe(0);
  });
});

describe('sampling viewers', () => {
  async function liveSession(cast: AmaCast, status: 'live' | 'scheduled' = 'live') {
    return buildSession(app, { groupId: cast.groupId, hostId: cast.host.id, status, startedAt: new Date() });
  }
  const presence = (topic: string, connectionId: string, userId: string | null, secondsAgo = 0) => ({
    topic,
    connectionId,
    userId,
    lastSeenAt: new Date(Date.now() - secondsAgo * 1000),
  });
  const samplesOf = (sessionId: string) =>
    app.db
      .select({ sampledAt: sessionViewerSamples.sampledAt, viewers: sessionViewerSamples.viewers })
      .from(sessionViewerSamples)
      .where(eq(sessionViewerSamples.sessionId, sessionId))
      .orderBy(sessionViewerSamples.sampledAt);

  it('counts fresh presence rows of the session page: each person once, each signed-out connection once', async () => {
    const cast = await buildAmaCast(app);
    const live = await liveSession(cast);
    const scheduled = await liveSession(cast, 'scheduled');
    const topic = sessionTopic(live);
    await app.db.insert(livePresence).values([
      presence(topic, `c1-${uniqueSuffix()}`, cast.subscriber.id),
      presence(topic, `c2-${uniqueSuffix()}`, cast.subscriber.id),
      presence(topic, `c3-${uniqueSuffix()}`, cast.member.id),
      presence(topic, `c4-${uniqueSuffix()}`, null),
      presence(topic, `c5-${uniqueSuffix()}`, null),
      // out of the presence window: gone
      presence(topic, `c6-${uniqueSuffix()}`, cast.guest.id, 120),
      // another page
      presence(sessionTopic(scheduled), `c7-${uniqueSuffix()}`, cast.guest.id),
    ]);

    const minute = new Date('2026-01-05T09:41:37Z');
    expect(await sampleViewers({ db: app.db, sessionId: live, at: minute })).toBe(1);
    // several processes sampling the same minute: one row stays
    const again = await Promise.all([1, 2, 3, 4].map(() => sampleViewers({ db: app.db, sessionId: live, at: minute })));
    expect(again).toEqual([0, 0, 0, 0]);
    // the job's run over every live session samples it too, not the scheduled one
    await sampleViewers({ db: app.db, at: new Date('2026-01-05T09:42:05Z') });
    expect(await samplesOf(live)).toEqual([
      { sampledAt: new Date('2026-01-05T09:41:00Z'), viewers: 4 },
      { sampledAt: new Date('2026-01-05T09:42:00Z'), viewers: 4 },
    ]);
    expect(await samplesOf(scheduled)).toEqual([]);
  });

  it('keeps the highest count of a minute: a viewer who arrives after its first sample counts, one who leaves does not lower it', async () => {
    const cast = await buildAmaCast(app);
    const live = await liveSession(cast);
    const minute = new Date('2026-01-05T10:15:12Z');
    // the job samples an empty page first
    expect(await sampleViewers({ db: app.db, sessionId: live, at: minute })).toBe(1);
    const first = presence(sessionTopic(live), `c1-${uniqueSuffix()}`, cast.subscriber.id);
    const second = presence(sessionTopic(live), `c2-${uniqueSuffix()}`, null);
    await app.db.insert(livePresence).values([first, second]);
    expect(await sampleViewers({ db: app.db, sessionId: live, at: minute })).toBe(1);
    expect(await samplesOf(live)).toEqual([{ sampledAt: new Date('2026-01-05T10:15:00Z'), viewers: 2 }]);
    // one leaves: a later sample of the same minute does not lower its peak
    await app.db.delete(livePresence).where(eq(livePresence.connectionId, second.connectionId));
    expect(await sampleViewers({ db: app.db, sessionId: live, at: minute })).toBe(0);
    expect(await samplesOf(live)).toEqual([{ sampledAt: new Date('2026-01-05T10:15:00Z'), viewers: 2 }]);
  });

  it('schedules the sampler every minute (UTC) on the job queue', async () => {
    const schedule = await app.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${SAMPLE_VIEWERS_QUEUE}`,
    );
    expect(schedule.rows).toEqual([{ cron: '* * * * *', timezone: 'UTC' }]);
  });

  it("samples a live session's current minute when its analytics are read", async () => {
    const cast = await buildAmaCast(app);
    const live = await liveSession(cast);
    await app.db.insert(livePresence).values([presence(sessionTopic(live), `c-${uniqueSuffix()}`, null)]);
    const analytics = await sessionAnalytics(cast.host, live);
    const [{ now } = { now: '' }] = (
      await app.db.execute<{ now: string }>(sql`select date_trunc('minute', now()) as now`)
    ).rows;
    const current = analytics.viewers.at(-1);
    expect(current?.at).toBe(new Date(now).toISOString());
    // even if the job sampled this minute before the presence row was written
    expect(current?.viewers).toBe(1);
    expect(analytics.figures.peak).not.toBeNull();

    // a refused read writes nothing
    const other = await liveSession(cast);
    expect((await call(app, cast.subscriber, 'GET', `/api/sessions/${other}/analytics`)).statusCode).toBe(403);
    const written = await app.db
      .select()
      .from(sessionViewerSamples)
      .where(
        and(
          eq(sessionViewerSamples.sessionId, other),
          sql`${sessionViewerSamples.sampledAt} < date_trunc('minute', now()) - interval '1 minute'`,
        ),
      );
    expect(written).toEqual([]);
  });
});

describe('CSV', () => {
  it('escapes quotes, commas, line breaks and formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
  });

  it("answers a session's figures, top questions and viewers as a CSV file", async () => {
    const cast = await buildAmaCast(app);
    const session = await buildSession(app, {
      groupId: cast.groupId,
      hostId: cast.host.id,
      status: 'ended',
      title: 'Q&A, "live"',
      startsAt: at(0),
    });
    await buildQuestion(app, {
      groupId: cast.groupId,
      authorId: cast.subscriber.id,
      sessionId: session,
      body: 'He said "hi", then\nleft',
      likeCount: 2,
      status: 'answered',
      createdAt: at(0),
      answeredAt: at(90),
    });
    await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id, sessionId: session, body: '=1+1' });
    await app.db.insert(sessionViewerSamples).values([
      { sessionId: session, sampledAt: at(0), viewers: 4 },
      { sessionId: session, sampledAt: at(60), viewers: 6 },
    ]);

    const response = await call(app, cast.host, 'GET', `/api/sessions/${session}/analytics.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="q-a-live-analytics.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(
      [
        '\uFEFFSession,"Q&A, ""live"""',
        `Starts at (UTC),${at(0).toISOString()}`,
        'Questions asked,2',
        'Answered,1',
        'Share answered,0.5',
        'Median time to answer (seconds),90',
        'Hidden,0',
        'Votes,0',
        'Unique askers,1',
        'Unique voters,0',
        'Peak viewers,6',
        `Peak at (UTC),${at(60).toISOString()}`,
        '',
        'Top question,Votes,Answered',
        '"He said ""hi"", then\nleft",2,yes',
        "'=1+1,0,no",
        '',
        'Minute (UTC),Viewers',
        `${at(0).toISOString()},4`,
        `${at(60).toISOString()},6`,
        '',
      ].join('\r\n'),
    );
  });

  it("answers a group's figures and one row per session", async () => {
    const { cast, s1, s2, s3 } = data;
    const response = await call(app, admin, 'GET', `/api/groups/${cast.groupId}/analytics.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="grp-[a-z0-9-]+-analytics\.csv"$/);
    const sections = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n\r\n');
    expect(sections).toHaveLength(3);
    expect(sections[0]).toContain(
      'Questions asked,11\r\nAnswered,6\r\nShare answered,0.5455\r\nMedian time to answer (seconds),45',
    );
    expect(sections[1]).not.toContain('Hidden text');
    const rows = sections[2]?.split('\r\n') ?? [];
    expect(rows[0]).toBe('Session,Starts at (UTC),Status,Questions asked,Answered,Peak viewers');
    const analytics = await groupAnalytics(admin, cast.groupId);
    const titleOf = (id: string) => analytics.sessions.find((row) => row.id === id)?.title ?? '';
    expect(rows.slice(1)).toEqual([
      `${titleOf(s3)},${at(2 * 86_400).toISOString()},scheduled,0,0,`,
      `${titleOf(s2)},${at(86_400).toISOString()},ended,3,3,5`,
      `${titleOf(s1)},${at(0).toISOString()},ended,7,2,8`,
    ]);
  });
});
