import fs from 'node:fs';
import path from 'node:path';
import { count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseImageUrl } from '#shared/lib/image-urls.ts';
import { QuestionListResponseSchema, QuestionResponseSchema } from '#shared/schemas/questions.ts';
import { GroupLedgerResponseSchema, SessionLedgerResponseSchema } from '#shared/schemas/ledger.ts';
import { SessionAnalyticsResponseSchema } from '#shared/schemas/host-analytics.ts';
import { SessionListResponseSchema, TranscriptSchema } from '#shared/schemas/sessions.ts';
import {
  amaSessions,
  answers,
  comments,
  follows,
  groupSubscriptions,
  groups,
  images,
  posts,
  questions,
  users,
} from '../../server/db/schema/index.ts';
import { buildTestApp } from '../../server/test/app.ts';
import { createSiblingDatabase, makeTempDir } from '../../server/test/test-database.ts';
import {
  DEMO_CREATORS,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  LIVE_QA_SHOWCASE,
  LIVE_QA_SHOWCASE_QUESTIONS,
} from './demo-content.ts';
import { DEMO_REFUSAL, DemoRefusedError, seedDemo, type DemoSummary } from './seed-demo.ts';

const ORIGIN = 'http://townhall.test';

/** Row counts of every table the demo fills. */
async function tableCounts(app: FastifyInstance) {
  const tables = {
    users,
    groups,
    groupSubscriptions,
    follows,
    images,
    posts,
    comments,
    questions,
    answers,
    amaSessions,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await app.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('npm run demo: the seeding', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let app: FastifyInstance;
  let summary: DemoSummary;
  const lines: string[] = [];

  beforeAll(async () => {
    // an empty database of its own: the demo refuses any database that has accounts
    database = await createSiblingDatabase(inject('databaseUrl'));
    dataDir = makeTempDir('townhall-demo-');
    app = await buildTestApp({ databaseUrl: database.url, config: { dataDir } });
    summary = await seedDemo({ app, log: (line) => lines.push(line) });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the designed community, with the first account as administrator', async () => {
    const counts = await tableCounts(app);
    const designedPosts = DEMO_CREATORS.reduce((sum, creator) => sum + creator.group.posts.length, 0);
    const designedQuestions =
      DEMO_CREATORS.reduce(
        (sum, creator) => sum + (creator.group.questions?.length ?? 0) + (creator.group.session?.questions.length ?? 0),
        0,
      ) + LIVE_QA_SHOWCASE_QUESTIONS;
    const designedAnswers = DEMO_CREATORS.flatMap((creator) => [
      ...(creator.group.questions ?? []),
      ...(creator.group.session?.questions ?? []),
    ]).filter((question) => question.answer).length;

    expect(counts.users).toBe(1 + DEMO_CREATORS.length + DEMO_PEOPLE.length);
    expect(counts.groups).toBe(DEMO_CREATORS.length);
    expect(counts.posts).toBe(designedPosts);
    expect(counts.questions).toBe(designedQuestions);
    expect(counts.answers).toBe(designedAnswers);
    // the three of the story, and the one the past session's open questions were carried to
    expect(counts.amaSessions).toBe(4);
    expect(counts.comments).toBeGreaterThan(20);
    expect(counts.follows).toBeGreaterThan(100);
    expect(counts.groupSubscriptions).toBeGreaterThan(80);
    expect(summary.counts).toMatchObject({
      accounts: counts.users,
      groups: counts.groups,
      posts: counts.posts,
      questions: counts.questions,
      answers: counts.answers,
      sessions: 4,
    });
    const [amaGroups] = await app.db.select({ n: count() }).from(groups).where(eq(groups.ama, true));
    expect(amaGroups?.n).toBeGreaterThanOrEqual(3);

    const [admin] = await app.db.select().from(users).where(eq(users.email, 'admin@demo.townhall.test'));
    expect(admin?.role).toBe('admin');
    expect(summary.admin).toEqual({ email: 'admin@demo.townhall.test', username: admin?.username, role: 'admin' });
    const [admins] = await app.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    expect(admins?.n).toBe(1);
    expect(lines.length).toBeGreaterThan(3);
  });

  it('signs everyone in with the printed password', async () => {
    for (const account of [summary.admin, ...summary.suggestedAccounts]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: account.email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('holds a live session with voted questions, answers and a pinned one, an upcoming and a past one', async () => {
    const live = SessionListResponseSchema.parse((await app.inject({ url: '/api/sessions?view=live' })).json());
    expect(live.sessions.map((session) => session.id)).toEqual([summary.liveSessionId]);
    const liveSession = live.sessions[0];
    expect(liveSession?.questionCount).toBeGreaterThanOrEqual(5);
    expect(Date.parse(liveSession?.startedAt ?? '')).toBeLessThan(Date.now() - 10 * 60_000);

    const queue = QuestionListResponseSchema.parse(
      (
        await app.inject({
          url: `/api/groups/${liveSession?.groupId}/questions?sessionId=${summary.liveSessionId}&sort=top`,
        })
      ).json(),
    );
    expect(queue.pinned?.sessionId).toBe(summary.liveSessionId);
    const votes = queue.questions.map((question) => question.likeCount);
    expect(new Set(votes).size).toBeGreaterThan(2);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const answered = QuestionListResponseSchema.parse(
      (
        await app.inject({
          url: `/api/groups/${liveSession?.groupId}/questions?sessionId=${summary.liveSessionId}&view=answered`,
        })
      ).json(),
    );
    expect(answered.questions.length).toBeGreaterThanOrEqual(1);
    expect(answered.questions[0]?.answer?.body).toBeTruthy();

    const upcoming = SessionListResponseSchema.parse((await app.inject({ url: '/api/sessions?view=upcoming' })).json());
    const next = upcoming.sessions.find((session) => session.id === summary.upcomingSessionId);
    expect(Date.parse(next?.startsAt ?? '')).toBeGreaterThan(Date.now() + 20 * 60 * 60_000);

    const past = SessionListResponseSchema.parse((await app.inject({ url: '/api/sessions?view=past' })).json());
    const held = past.sessions.find((session) => session.id === summary.pastSessionId);
    expect(held?.status).toBe('ended');
    expect(Date.parse(held?.endedAt ?? '')).toBeLessThan(Date.now() - 24 * 60 * 60_000);

    // the transcript is the host's: sign in as them
    const [host] = await app.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, held?.host.id ?? ''));
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      headers: { origin: ORIGIN },
      payload: { email: host?.email, password: DEMO_PASSWORD },
    });
    const cookie = signIn.cookies.find((item) => item.name === 'townhall.session_token');
    const transcript = await app.inject({
      url: `/api/sessions/${summary.pastSessionId}/transcript?format=json`,
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(transcript.statusCode, transcript.body).toBe(200);
    const parsed = TranscriptSchema.parse(transcript.json());
    expect(parsed.questions.filter((question) => question.answer !== null).length).toBeGreaterThanOrEqual(3);
  });

  it('shows each live Q&A feature: an anonymous question, a merge, a hide with its reason, a carry-over, analytics', async () => {
    const signInAs = async (username: string) => {
      const [row] = await app.db.select({ email: users.email }).from(users).where(eq(users.username, username));
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounts/sign-in',
        headers: { origin: ORIGIN },
        payload: { email: row?.email, password: DEMO_PASSWORD },
      });
      const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
      return `${cookie?.name}=${cookie?.value}`;
    };
    const question = async (id: string) =>
      QuestionResponseSchema.parse((await app.inject({ url: `/api/questions/${id}` })).json()).question;

    // asked anonymously: nobody, signed out or not, sees who asked
    const anonymous = await question(summary.showcase.anonymousQuestionId);
    expect(anonymous).toMatchObject({ isAnonymous: true, author: { id: '', username: '', name: 'Anonymous' } });
    expect(anonymous.body).toBe(LIVE_QA_SHOWCASE.anonymous.body);

    // the duplicate, merged into the question it repeats
    const merged = await question(summary.showcase.mergedQuestionId);
    expect(merged.mergedInto?.body).toBeTruthy();
    const into = await question(merged.mergedInto?.id ?? '');
    expect(into.likeCount).toBeGreaterThanOrEqual(LIVE_QA_SHOWCASE.duplicate.votes);

    // the live session's ledger: the hide with its reason and the merge, never the hidden text
    const liveLedgerResponse = await app.inject({ url: `/api/sessions/${summary.liveSessionId}/ledger` });
    const liveLedger = SessionLedgerResponseSchema.parse(liveLedgerResponse.json());
    expect(liveLedger.entries.map((entry) => [entry.action, entry.reason])).toEqual(
      expect.arrayContaining([
        ['hidden', 'off_topic'],
        ['merged', null],
      ]),
    );
    expect(liveLedger.totals).toMatchObject({ hidden: 1, merged: 1 });
    expect(liveLedgerResponse.body).not.toContain(LIVE_QA_SHOWCASE.offTopic.body);

    // the past session's open questions, carried to the next session
    const pastLedger = SessionLedgerResponseSchema.parse(
      (await app.inject({ url: `/api/sessions/${summary.pastSessionId}/ledger` })).json(),
    );
    expect(pastLedger.totals.carriedOver).toBeGreaterThanOrEqual(1);
    const [past] = await app.db.select().from(amaSessions).where(eq(amaSessions.id, summary.pastSessionId));
    const carried = QuestionListResponseSchema.parse(
      (
        await app.inject({
          url: `/api/groups/${past?.groupId}/questions?sessionId=${summary.showcase.nextSessionId}`,
        })
      ).json(),
    );
    expect(carried.questions.length).toBeGreaterThanOrEqual(1);
    expect(carried.questions[0]?.carriedFrom).toEqual({ sessionId: summary.pastSessionId, title: past?.title });
    const groupLedger = GroupLedgerResponseSchema.parse(
      (await app.inject({ url: `/api/groups/${past?.groupId}/ledger` })).json(),
    );
    expect(groupLedger.entries.some((entry) => entry.action === 'carried')).toBe(true);

    // analytics: the host sees who watched
    const cookie = await signInAs('samkeys');
    const analytics = await app.inject({
      url: `/api/sessions/${summary.pastSessionId}/analytics`,
      headers: { cookie },
    });
    expect(analytics.statusCode, analytics.body).toBe(200);
    const figures = SessionAnalyticsResponseSchema.parse(analytics.json());
    expect(figures.viewers.length).toBe(60);
    expect(figures.figures.peak?.viewers).toBeGreaterThan(40);
    expect(figures.figures.asked).toBeGreaterThanOrEqual(5);
  });

  it('stores the pictures and uses them for avatars, groups and posts', async () => {
    const [stored] = await app.db.select({ n: count() }).from(images);
    expect(stored?.n).toBe(summary.counts.images);
    const [withAvatar] = await app.db.select({ n: count() }).from(users).where(ne(users.profileImageUrl, ''));
    expect(withAvatar?.n).toBeGreaterThan(25);

    const pictured = await app.db.select({ images: posts.images }).from(posts);
    const postImages = pictured.flatMap((row) => row.images);
    expect(postImages.length).toBeGreaterThanOrEqual(10);
    expect(pictured.some((row) => row.images.length > 1)).toBe(true);

    const [group] = await app.db.select({ groupImage: groups.groupImage }).from(groups).limit(1);
    for (const url of [group?.groupImage ?? '', postImages[0]?.url ?? '']) {
      expect(parseImageUrl(url)).not.toBeNull();
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    }
    expect(fs.readdirSync(path.join(dataDir, 'media', 'images')).length).toBe(summary.counts.images);
  });

  it('refuses a second run without changing anything', async () => {
    const before = await tableCounts(app);
    const error = await seedDemo({ app }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DemoRefusedError);
    expect((error as Error).message).toBe(DEMO_REFUSAL);
    expect(await tableCounts(app)).toEqual(before);
  });
});
