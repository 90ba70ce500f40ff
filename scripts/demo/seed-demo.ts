import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SessionResponseSchema as AccountSessionResponseSchema } from '#shared/schemas/accounts.ts';
import { GroupResponseSchema, type GroupSummary } from '#shared/schemas/groups.ts';
import { CommentResponseSchema } from '#shared/schemas/comments.ts';
import { PostResponseSchema } from '#shared/schemas/posts.ts';
import { QuestionResponseSchema } from '#shared/schemas/questions.ts';
import { ImageUploadResponseSchema } from '#shared/schemas/profiles.ts';
import { SessionResponseSchema, type AmaSession } from '#shared/schemas/sessions.ts';
import type { Queryable } from '../../server/db/client.ts';
import {
  amaSessions,
  answers,
  comments,
  posts,
  questions,
  rateLimits,
  sessionViewerSamples,
  users,
} from '../../server/db/schema/index.ts';
import { multipart } from '../../server/features/images/sample-images.ts';
import {
  DEMO_ADMIN,
  DEMO_CREATORS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  LIVE_QA_SHOWCASE,
  type DemoCreatorSpec,
  type DemoPersonSpec,
  type DemoQuestionSpec,
} from './demo-content.ts';
import { avatarPng, groupJpeg, sceneJpeg, seededRandom, seedOf, type SceneName } from './demo-images.ts';

/** What `npm run demo` says when the database is not empty. */
export const DEMO_REFUSAL =
  'The data directory already has accounts; npm run demo only fills an empty one. Use a fresh DATA_DIR, ' +
  'e.g. DATA_DIR=./demo-data npm run demo && DATA_DIR=./demo-data npm start';

/** The database already has accounts: the demo changes nothing. */
export class DemoRefusedError extends Error {
  override name = 'DemoRefusedError';
}

/** Whether any account exists (the demo only fills an empty database). */
export async function hasAccounts(db: Queryable): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** A demo account, signed in. */
interface Account {
  id: string;
  username: string;
  name: string;
  email: string;
  cookie: string;
  /** Its own network address: sign-up limits count per address, as for real people. */
  address: string;
}

export interface DemoSummary {
  admin: { email: string; username: string; role: string };
  /** A few accounts worth signing in as, with what they show. */
  suggestedAccounts: { username: string; email: string; why: string }[];
  password: string;
  counts: {
    accounts: number;
    creators: number;
    groups: number;
    amaGroups: number;
    follows: number;
    subscriptions: number;
    members: number;
    images: number;
    posts: number;
    comments: number;
    likes: number;
    questions: number;
    answers: number;
    sessions: number;
  };
  /** Ids of the three AMA sessions: live now, tomorrow, three days ago. */
  liveSessionId: string;
  upcomingSessionId: string;
  pastSessionId: string;
  /** The live Q&A's examples: an anonymous question, a merged one, a hidden one, and the session carried to. */
  showcase: { anonymousQuestionId: string; mergedQuestionId: string; hiddenQuestionId: string; nextSessionId: string };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A deterministic shuffle (Fisher–Yates with a seeded generator). */
function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seedOf(seed));
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

/**
 * Fills an empty Townhall with the demo community through the real HTTP API of `app`
 * (`app.inject`: every rule, limit, notification and e-mail of the product applies). Refuses
 * with DemoRefusedError, changing nothing, when any account exists. Only what the API cannot
 * say — that something happened in the past — is adjusted afterwards in SQL.
 */
export async function seedDemo(options: { app: FastifyInstance; log?: (line: string) => void }): Promise<DemoSummary> {
  const { app } = options;
  const log = options.log ?? (() => undefined);
  if (await hasAccounts(app.db)) throw new DemoRefusedError(DEMO_REFUSAL);
  const origin = app.config.publicUrl;
  const tally = { likes: 0, comments: 0, follows: 0, subscriptions: 0, members: 0, images: 0 };

  /** One API call as `who`, from their own address; anything but `expected` stops the demo with the answer. */
  const call = async (who: Account | null, method: Method, url: string, payload?: unknown, expected = 200) => {
    const request: InjectOptions = {
      method,
      url,
      remoteAddress: who?.address ?? '198.51.100.250',
      headers: {
        origin,
        ...(who ? { cookie: who.cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    };
    const response = await app.inject(request);
    if (response.statusCode !== expected) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.statusCode === 204 ? null : (response.json() as unknown);
  };

  const signUp = async (spec: DemoPersonSpec, index: number): Promise<Account> => {
    const email = spec.email ?? `${spec.username.replace(/_/g, '.')}@${DEMO_EMAIL_DOMAIN}`;
    // TEST-NET-2 addresses (RFC 5737): one per person, never a real client's.
    const address = `198.51.100.${index + 1}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: address,
      headers: { origin },
      payload: { email, username: spec.username, password: DEMO_PASSWORD },
    });
    if (response.statusCode !== 201) throw new Error(`Sign-up of ${spec.username} failed: ${response.body}`);
    const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
    const user = AccountSessionResponseSchema.parse(response.json()).user;
    if (!user || !cookie) throw new Error(`Sign-up of ${spec.username} gave no session`);
    return {
      id: user.id,
      username: spec.username,
      name: spec.name,
      email,
      cookie: `${cookie.name}=${cookie.value}`,
      address,
    };
  };

  const upload = async (who: Account, purpose: 'avatar' | 'group' | 'post', data: Buffer, fileName: string) => {
    const form = multipart([
      { name: 'file', filename: fileName, contentType: fileName.endsWith('.png') ? 'image/png' : 'image/jpeg', data },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/api/images?purpose=${purpose}`,
      remoteAddress: who.address,
      headers: { origin, cookie: who.cookie, 'content-type': form.contentType },
      payload: form.payload,
    });
    if (response.statusCode !== 201) throw new Error(`Upload of ${fileName} failed: ${response.body}`);
    tally.images += 1;
    return ImageUploadResponseSchema.parse(response.json());
  };

  // 1. Accounts. The first one becomes the administrator (a database trigger decides).
  log('Creating accounts…');
  const admin = await signUp(DEMO_ADMIN, 0);
  const adminSession = AccountSessionResponseSchema.parse(await call(admin, 'GET', '/api/accounts/session'));
  const adminRole = adminSession.user?.role ?? 'user';
  const specs: DemoPersonSpec[] = [...DEMO_CREATORS, ...DEMO_PEOPLE];
  // two at a time: password hashing is deliberately slow, and the machine may have two cores
  const others = await mapLimit(specs, 2, (spec, index) => signUp(spec, index + 1));
  const everyone = [admin, ...others];
  const byUsername = new Map(everyone.map((account) => [account.username, account]));
  const person = (username: string): Account => {
    const found = byUsername.get(username);
    if (!found) throw new Error(`The demo content names an unknown person: ${username}`);
    return found;
  };
  const creators = DEMO_CREATORS.map((spec) => ({ spec, account: person(spec.username) }));
  const people = DEMO_PEOPLE.map((spec) => person(spec.username));
  log(`  ${everyone.length} accounts (password for all: ${DEMO_PASSWORD})`);

  // 2. Profiles: names, quotes, avatars.
  log('Drawing avatars and filling in profiles…');
  const allSpecs = [DEMO_ADMIN, ...specs];
  await mapLimit(allSpecs, 2, async (spec) => {
    const account = person(spec.username);
    const changes: Record<string, string> = { name: spec.name };
    if (spec.quote) changes.quote = spec.quote;
    if (spec.hasAvatar !== false) {
      const image = await upload(account, 'avatar', await avatarPng(spec.name), `${spec.username}.png`);
      changes.profileImageURL = image.url;
    }
    await call(account, 'PATCH', `/api/users/${account.id}/profile`, changes);
  });

  // 3. Groups, each with its picture.
  log('Creating groups…');
  const groupsBySlug = new Map<string, GroupSummary>();
  await mapLimit(creators, 2, async ({ spec, account }) => {
    const { group } = spec;
    const image = await upload(account, 'group', await groupJpeg(group.scene, seedOf(group.slug)), `${group.slug}.jpg`);
    const created = GroupResponseSchema.parse(
      await call(
        account,
        'POST',
        '/api/groups',
        {
          name: group.name,
          slug: group.slug,
          description: group.description,
          groupImage: image.url,
          ama: group.ama,
          questionsNeedApproval: group.questionsNeedApproval ?? false,
        },
        201,
      ),
    ).group;
    groupsBySlug.set(group.slug, created);
  });
  const groupOf = (spec: DemoCreatorSpec): GroupSummary => {
    const found = groupsBySlug.get(spec.group.slug);
    if (!found) throw new Error(`group ${spec.group.slug} was not created`);
    return found;
  };
  log(`  ${groupsBySlug.size} groups, ${DEMO_CREATORS.filter((spec) => spec.group.ama).length} of them with live Q&A`);

  // 4. Follows: the more popular a creator, the more followers; creators follow a few peers.
  log('Following creators…');
  const follows: [Account, Account][] = [];
  for (const { spec, account } of creators) {
    for (const follower of shuffled(people, `follow:${spec.username}`).slice(0, spec.popularity)) {
      follows.push([follower, account]);
    }
    for (const peer of shuffled(creators, `peers:${spec.username}`).slice(0, 3)) {
      if (peer.account.id !== account.id) follows.push([peer.account, account]);
    }
  }
  await mapLimit(follows, 4, async ([follower, followed]) => {
    await call(follower, 'PUT', `/api/users/${followed.id}/follow`);
    tally.follows += 1;
  });

  // 5. Members, then subscribers (hosts and members have full access and do not subscribe).
  log('Subscribing people to groups…');
  const audiences = new Map<string, Account[]>();
  for (const { spec, account } of creators) {
    const group = groupOf(spec);
    const members = spec.group.members.map(person);
    for (const member of members) {
      await call(account, 'POST', `/api/groups/${group.id}/members`, { username: member.username }, 201);
      tally.members += 1;
    }
    // everyone who writes in the group must be in it; then a share of everyone else
    const writers = new Set<string>();
    for (const post of spec.group.posts) {
      if (post.author) writers.add(post.author);
      for (const comment of post.comments ?? []) {
        writers.add(comment.author);
        for (const reply of comment.replies ?? []) writers.add(reply.author);
      }
    }
    for (const question of [...(spec.group.questions ?? []), ...(spec.group.session?.questions ?? [])]) {
      writers.add(question.author);
    }
    const wanted = Math.round(spec.popularity * 0.85);
    const subscribers = new Map<string, Account>();
    for (const username of writers) subscribers.set(username, person(username));
    for (const candidate of shuffled(people, `subscribe:${spec.group.slug}`)) {
      if (subscribers.size >= Math.max(wanted, writers.size)) break;
      subscribers.set(candidate.username, candidate);
    }
    for (const excluded of [account, ...members]) subscribers.delete(excluded.username);
    await mapLimit([...subscribers.values()], 4, async (subscriber) => {
      await call(subscriber, 'PUT', `/api/groups/${group.id}/subscription`);
      tally.subscriptions += 1;
    });
    audiences.set(spec.group.slug, [...members, ...subscribers.values()]);
  }
  const audienceOf = (spec: DemoCreatorSpec) => audiences.get(spec.group.slug) ?? [];

  // Some of each audience like the group itself.
  for (const { spec } of creators) {
    const group = groupOf(spec);
    const audience = audienceOf(spec);
    await mapLimit(
      shuffled(audience, `group-like:${spec.group.slug}`).slice(0, Math.ceil(audience.length / 2)),
      4,
      async (fan) => {
        await call(fan, 'PUT', `/api/groups/${group.id}/like`);
        tally.likes += 1;
      },
    );
  }

  /** `votes` people of the audience (not `author`) like an item. */
  const like = async (
    spec: DemoCreatorSpec,
    type: 'post' | 'comment' | 'question' | 'answer',
    id: string,
    votes: number,
    author: string,
  ) => {
    const fans = shuffled(audienceOf(spec), `${type}:${id}`)
      .filter((fan) => fan.username !== author)
      .slice(0, votes);
    await mapLimit(fans, 4, async (fan) => {
      await call(fan, 'PUT', `/api/likes/${type}/${id}`);
      tally.likes += 1;
    });
  };

  // 6. Posts with pictures, comments, replies and likes.
  log('Writing posts and drawing their pictures…');
  const postAges: { id: string; hoursAgo: number }[] = [];
  const postJobs = creators.flatMap(({ spec }) => spec.group.posts.map((post, index) => ({ spec, post, index })));
  const uploadedPostImages = await mapLimit(postJobs, 2, async ({ spec, post, index }) => {
    const author = person(post.author ?? spec.username);
    const urls: string[] = [];
    for (const [imageIndex, scene] of (post.images ?? []).entries()) {
      const seed = seedOf(`${spec.group.slug}:${index}:${imageIndex}`);
      const image = await upload(
        author,
        'post',
        await sceneJpeg(scene as SceneName, seed),
        `${scene}-${imageIndex + 1}.jpg`,
      );
      urls.push(image.url);
    }
    return urls;
  });
  // posts go in oldest first, so that feeds list them newest first even before the times are adjusted
  const orderedPosts = postJobs
    .map((job, index) => ({ ...job, images: uploadedPostImages[index] ?? [] }))
    .sort((a, b) => b.post.hoursAgo - a.post.hoursAgo);
  for (const { spec, post, images } of orderedPosts) {
    const group = groupOf(spec);
    const authorName = post.author ?? spec.username;
    const created = PostResponseSchema.parse(
      await call(person(authorName), 'POST', `/api/groups/${group.id}/posts`, { body: post.body, images }, 201),
    ).post;
    postAges.push({ id: created.id, hoursAgo: post.hoursAgo });
    for (const comment of post.comments ?? []) {
      const top = CommentResponseSchema.parse(
        await call(person(comment.author), 'POST', `/api/posts/${created.id}/comments`, { body: comment.body }, 201),
      ).comment;
      tally.comments += 1;
      for (const reply of comment.replies ?? []) {
        await call(
          person(reply.author),
          'POST',
          `/api/posts/${created.id}/comments`,
          { body: reply.body, replyToId: top.id },
          201,
        );
        tally.comments += 1;
      }
      await like(spec, 'comment', top.id, 1 + (seedOf(top.id) % 4), comment.author);
    }
    const audience = audienceOf(spec).length;
    await like(spec, 'post', created.id, Math.round(audience * (0.3 + (seedOf(created.id) % 50) / 100)), authorName);
  }

  // 7. Question queues and AMA sessions.
  log('Asking questions and holding AMA sessions…');
  let questionCount = 0;
  let answerCount = 0;
  const ask = async (spec: DemoCreatorSpec, question: DemoQuestionSpec, sessionId?: string) => {
    const group = groupOf(spec);
    const host = person(spec.username);
    const asked = QuestionResponseSchema.parse(
      await call(
        person(question.author),
        'POST',
        `/api/groups/${group.id}/questions`,
        {
          body: question.body,
          ...(sessionId ? { sessionId } : {}),
          ...(question.anonymous ? { anonymous: true } : {}),
        },
        201,
      ),
    ).question;
    questionCount += 1;
    if (asked.status === 'pending' && !question.isPending) {
      await call(host, 'PATCH', `/api/questions/${asked.id}/moderation`, { isApproved: true });
    }
    if (question.votes > 0) await like(spec, 'question', asked.id, question.votes, question.author);
    if (question.answer) {
      await call(host, 'PUT', `/api/questions/${asked.id}/answer`, { body: question.answer });
      answerCount += 1;
    }
    if (question.isPinned) await call(host, 'PATCH', `/api/questions/${asked.id}/moderation`, { isPinned: true });
    return asked.id;
  };

  const sessionIds = { live: '', upcoming: '', past: '' };
  const pastQuestionIds: string[] = [];
  const liveQuestionIds: string[] = [];
  for (const { spec, account } of creators) {
    const group = groupOf(spec);
    for (const question of spec.group.questions ?? []) await ask(spec, question);
    const session = spec.group.session;
    if (!session) continue;
    const startsAt =
      session.when === 'upcoming'
        ? // tomorrow, on the hour
          new Date(Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR)
        : new Date();
    const scheduled = SessionResponseSchema.parse(
      await call(
        account,
        'POST',
        `/api/groups/${group.id}/sessions`,
        {
          title: session.title,
          description: session.description,
          startsAt: startsAt.toISOString(),
          durationMinutes: session.durationMinutes,
        },
        201,
      ),
    ).session;
    if (session.when !== 'upcoming') await call(account, 'POST', `/api/sessions/${scheduled.id}/start`);
    const ids: string[] = [];
    for (const question of session.questions) ids.push(await ask(spec, question, scheduled.id));
    if (session.when === 'past') {
      await call(account, 'POST', `/api/sessions/${scheduled.id}/end`);
      pastQuestionIds.push(...ids);
    }
    if (session.when === 'live') liveQuestionIds.push(...ids);
    sessionIds[session.when] = scheduled.id;
  }

  // 7b. The live Q&A's own features, one example each (LIVE_QA_SHOWCASE).
  log('Merging, hiding, carrying over and asking anonymously…');
  const showcase = { anonymousQuestionId: '', mergedQuestionId: '', hiddenQuestionId: '', nextSessionId: '' };
  const liveCreator = creators.find(({ spec }) => spec.group.session?.when === 'live');
  if (liveCreator && sessionIds.live) {
    const { spec, account } = liveCreator;
    await call(account, 'PATCH', `/api/groups/${groupOf(spec).id}`, { anonymousQuestions: true });
    showcase.anonymousQuestionId = await ask(spec, LIVE_QA_SHOWCASE.anonymous, sessionIds.live);
    showcase.mergedQuestionId = await ask(spec, LIVE_QA_SHOWCASE.duplicate, sessionIds.live);
    await call(account, 'POST', `/api/questions/${showcase.mergedQuestionId}/merge`, {
      intoQuestionId: liveQuestionIds[0],
    });
    showcase.hiddenQuestionId = await ask(spec, LIVE_QA_SHOWCASE.offTopic, sessionIds.live);
    await call(account, 'PATCH', `/api/questions/${showcase.hiddenQuestionId}/moderation`, {
      isHidden: true,
      reason: 'off_topic',
    });
    liveQuestionIds.push(showcase.anonymousQuestionId, showcase.mergedQuestionId, showcase.hiddenQuestionId);
  }
  const pastCreator = creators.find(({ spec }) => spec.group.session?.when === 'past');
  if (pastCreator && sessionIds.past) {
    const next = SessionResponseSchema.parse(
      await call(
        pastCreator.account,
        'POST',
        `/api/groups/${groupOf(pastCreator.spec).id}/sessions`,
        {
          ...LIVE_QA_SHOWCASE.nextSession,
          // a week from now, on the hour
          startsAt: new Date(Math.ceil((Date.now() + 7 * 24 * HOUR) / HOUR) * HOUR).toISOString(),
        },
        201,
      ),
    ).session;
    showcase.nextSessionId = next.id;
    await call(pastCreator.account, 'POST', `/api/sessions/${sessionIds.past}/carry`, {});
  }

  // 8. Time. The API stamps everything "now" and rightly refuses to schedule in the past, so
  // this is the one place that writes to the database directly: posts spread over the last
  // days (comments after them), the live session started a little while ago, and the past
  // session held three days ago, its questions and answers with it.
  log('Spreading the story over the last days…');
  const now = Date.now();
  await app.db.transaction(async (tx) => {
    for (const { id, hoursAgo } of postAges) {
      const postedAt = new Date(now - hoursAgo * HOUR);
      await tx.update(posts).set({ createdAt: postedAt, updatedAt: postedAt }).where(eq(posts.id, id));
      const postComments = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.parentId, id))
        .orderBy(comments.createdAt, comments.id);
      // comments follow within the next hours, never later than now
      const gap = Math.min(40 * MINUTE, (hoursAgo * HOUR) / (postComments.length + 1));
      for (const [index, comment] of postComments.entries()) {
        const at = new Date(postedAt.getTime() + (index + 1) * gap);
        await tx.update(comments).set({ createdAt: at, updatedAt: at }).where(eq(comments.id, comment.id));
      }
    }
    const shiftSession = async (sessionId: string, startedAt: Date, questionIds: string[], isEnded: boolean) => {
      const [row] = await tx.select().from(amaSessions).where(eq(amaSessions.id, sessionId));
      if (!row) return;
      const endedAt = new Date(startedAt.getTime() + row.durationMinutes * MINUTE);
      await tx
        .update(amaSessions)
        .set({
          startsAt: startedAt,
          startedAt,
          reminderSentAt: startedAt,
          createdAt: new Date(startedAt.getTime() - 5 * 24 * HOUR),
          updatedAt: isEnded ? endedAt : startedAt,
          ...(isEnded ? { endedAt } : {}),
        })
        .where(eq(amaSessions.id, sessionId));
      // asked in the hours before the session; answered one after another, never later than now
      let answeredSoFar = 0;
      for (const [index, questionId] of questionIds.entries()) {
        const askedAt = new Date(startedAt.getTime() - (questionIds.length - index) * 17 * MINUTE);
        await tx.update(questions).set({ createdAt: askedAt, updatedAt: askedAt }).where(eq(questions.id, questionId));
        const answeredAt = new Date(Math.min(now - MINUTE, startedAt.getTime() + (answeredSoFar + 1) * 5 * MINUTE));
        const [answered] = await tx
          .update(answers)
          .set({ createdAt: answeredAt, updatedAt: answeredAt })
          .where(eq(answers.questionId, questionId))
          .returning({ id: answers.id });
        if (answered) {
          answeredSoFar += 1;
          await tx.update(questions).set({ answeredAt, updatedAt: answeredAt }).where(eq(questions.id, questionId));
        }
      }
    };
    if (sessionIds.live) await shiftSession(sessionIds.live, new Date(now - 20 * MINUTE), liveQuestionIds, false);
    if (sessionIds.past) await shiftSession(sessionIds.past, new Date(now - 3 * 24 * HOUR), pastQuestionIds, true);
    // Who watched, a sample a minute (host analytics): the live session's audience growing since
    // it started, the past session's rising to a peak mid-hour and thinning out.
    const samples = (sessionId: string, startedAt: number, minutes: number, viewersAt: (minute: number) => number) =>
      Array.from({ length: minutes }, (_, minute) => ({
        sessionId,
        sampledAt: new Date(Math.floor(startedAt / MINUTE) * MINUTE + minute * MINUTE),
        viewers: viewersAt(minute),
      }));
    if (sessionIds.live) {
      await tx
        .insert(sessionViewerSamples)
        .values(
          samples(sessionIds.live, now - 20 * MINUTE, 20, (minute) => 12 + Math.round(minute * 2.5 + (minute % 3))),
        )
        .onConflictDoNothing();
    }
    if (sessionIds.past) {
      await tx
        .insert(sessionViewerSamples)
        .values(
          samples(sessionIds.past, now - 3 * 24 * HOUR, 60, (minute) =>
            Math.max(3, Math.round(48 - Math.abs(minute - 25) * 1.4 + (minute % 4))),
          ),
        )
        .onConflictDoNothing();
    }
    // The demo's own rate-limit counters would otherwise count against the people it signed in
    // as (and the addresses it used) for the next hour.
    await tx.delete(rateLimits);
  });

  const [sessionCount] = await app.db.select({ n: count() }).from(amaSessions);
  const live: AmaSession | null = sessionIds.live
    ? SessionResponseSchema.parse(await call(null, 'GET', `/api/sessions/${sessionIds.live}`)).session
    : null;
  if (live && live.status !== 'live') throw new Error('the live session is not live');
  const [postCount] = await app.db.select({ n: count() }).from(posts);
  const [storedQuestions] = await app.db.select({ n: count() }).from(questions);
  const [storedAnswers] = await app.db.select({ n: count() }).from(answers);
  if ((storedQuestions?.n ?? 0) !== questionCount || (storedAnswers?.n ?? 0) !== answerCount) {
    throw new Error('the stored questions or answers differ from those asked');
  }
  const [adminRow] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, admin.id));

  return {
    admin: { email: admin.email, username: admin.username, role: adminRow?.role ?? adminRole },
    suggestedAccounts: [
      {
        username: 'leo_pixels',
        email: person('leo_pixels').email,
        why: 'hosts the live AMA: answer, pin, merge and hide questions; see its analytics',
      },
      {
        username: 'samkeys',
        email: person('samkeys').email,
        why: 'a past AMA with its transcript and analytics, its open questions carried to the next one',
      },
      { username: 'ingrid_climate', email: person('ingrid_climate').email, why: 'questions waiting for approval' },
      { username: 'nina_k', email: person('nina_k').email, why: 'a subscriber and member: /home, votes, comments' },
    ],
    password: DEMO_PASSWORD,
    counts: {
      accounts: everyone.length,
      creators: creators.length,
      groups: groupsBySlug.size,
      amaGroups: DEMO_CREATORS.filter((spec) => spec.group.ama).length,
      follows: tally.follows,
      subscriptions: tally.subscriptions,
      members: tally.members,
      images: tally.images,
      posts: postCount?.n ?? 0,
      comments: tally.comments,
      likes: tally.likes,
      questions: questionCount,
      answers: answerCount,
      sessions: sessionCount?.n ?? 0,
    },
    liveSessionId: sessionIds.live,
    upcomingSessionId: sessionIds.upcoming,
    pastSessionId: sessionIds.past,
    showcase,
  };
}
