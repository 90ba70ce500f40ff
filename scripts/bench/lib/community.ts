// A large, realistic community made with set-based SQL (generate_series) in a migrated bench
// database: people, groups of Zipf-like popularity (a few very large), subscriptions, members,
// questions with votes and answers, posts, comments, likes, follows and AMA sessions. Every
// counter the schema keeps (like_count, comment_count, subscriber_count, member_count,
// subscribing, followers, following, last_activity_at) is made from the rows and checked.
import type pg from 'pg';
import { count, seconds } from './bench-kit.ts';
import { BenchError } from './bench-server.ts';

export interface CommunitySize {
  users: number;
  groups: number;
  subscriptions: number;
  questions: number;
  posts: number;
  /** Likes in all: about half on questions (votes), a third on posts, the rest on comments. */
  likes: number;
  /** Comments in all: two thirds under posts, the rest under questions. */
  comments: number;
  sessions: number;
  /** Follows in all (people following people). */
  follows: number;
  /** Exponent of the popularity: group of rank r gets a share proportional to r^-skew. */
  skew: number;
  /** Share of the groups that are ama (question-and-answer) groups; the 20 largest always are. */
  amaShare: number;
}

/** The benchmark community (100,000 people, 10,000 groups, 1,000,000 questions, …), times `scale`. */
export function communitySize(scale: number): CommunitySize {
  const at = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    users: at(100_000, 500),
    groups: at(10_000, 30),
    subscriptions: at(1_000_000, 1_000),
    questions: at(1_000_000, 1_000),
    posts: at(200_000, 500),
    // A little over the target's 2,000,000 likes and 600,000 comments, so that a random draw
    // never falls short of them.
    likes: at(2_040_000, 2_000),
    comments: at(612_000, 600),
    sessions: at(2_000, 20),
    follows: at(300_000, 500),
    skew: 0.85,
    amaShare: 0.2,
  };
}

export interface GenerationRow {
  step: string;
  rows: string;
  time: string;
}

/** Primes below `limit` that share no factor with `modulus`: strides that visit every user once. */
export function coprimeStrides(modulus: number, limit: number): number[] {
  const sieve = new Uint8Array(limit + 1);
  const primes: number[] = [];
  for (let n = 2; n <= limit; n++) {
    if (sieve[n]) continue;
    for (let multiple = n * n; multiple <= limit; multiple += n) sieve[multiple] = 1;
    if (modulus % n !== 0 && n < modulus) primes.push(n);
  }
  const large = primes.filter((p) => p > modulus / 10);
  const chosen = (large.length >= 50 ? large : primes).slice(-500);
  return chosen.length > 0 ? chosen : [1];
}

const FIRST_NAMES = (
  'john jane maria ahmed li sofia lucas emma noah olivia yuki omar fatima david sarah michael anna james ' +
  'laura daniel elena carlos chloe mateo aisha ivan nina pedro grace ali hannah leo mia adam zoe samuel'
).split(' ');
const LAST_NAMES = (
  'smith garcia chen muller rossi dubois kowalski silva kim novak johnson brown tanaka sato nguyen patel ' +
  'singh khan cohen levy martin bernard schmidt fischer weber romano ricci costa santos oliveira lopez'
).split(' ');
const WORDS = (
  'kubernetes deploy helm docker python rust javascript typescript react design pricing startup hiring ' +
  'remote coffee guitar garden travel photos climbing budget podcast writing music cooking bread sourdough ' +
  'marathon running cycling chess painting drawing camera lens film jazz piano vinyl fermentation beer wine ' +
  'investing taxes mortgage career interview salary negotiation leadership management product roadmap ' +
  'analytics database postgres indexing performance latency scaling caching testing security privacy ' +
  'the and for with about how what why when where who your my our this that best first new'
).split(' ');

/** `n` words from $1 (the word list), popular ones more often, with a rare made-up one among them. */
function words(n: number): string {
  const word = `($1::text[])[1 + floor(power(random(), 1.5) * ${WORDS.length})::int]`;
  const parts = Array.from({ length: n }, (_, i) => (i === 2 ? `substr(md5(random()::text), 1, 6)` : word));
  return parts.join(` || ' ' || `);
}

/**
 * A count drawn from an exponential distribution of mean `mean` (SQL), at most `max`. Rounded
 * at random (up with the probability of the fraction), so small means keep their mean: plain
 * rounding made a mean of 0.2 comments a question into 0.08.
 */
const exponential = (mean: string, max: string) => `least(${max}, floor(-ln(1 - random()) * ${mean} + random()))::int`;

/**
 * Fills the (migrated, empty) database of `client`. The rows are consistent by construction:
 * when the role is a superuser, triggers and foreign-key checks are off while loading
 * (session_replication_role = replica), and the search lexicon is filled afterwards as
 * migration 0013 fills it; the counters are checked against the rows at the end.
 */
export async function generateCommunity(client: pg.Client, size: CommunitySize): Promise<GenerationRow[]> {
  const rows: GenerationRow[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const start = performance.now();
    const result = await client.query(sql, params);
    rows.push({ step: name, rows: count(result.rowCount ?? 0), time: seconds(performance.now() - start) });
  };
  const superuser = await client.query<{ rolsuper: boolean }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  const fast = superuser.rows[0]?.rolsuper === true;
  if (fast) await client.query('set session_replication_role = replica');
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  const total = performance.now();
  const U = size.users;

  await step(
    'users',
    `insert into users (id, name, email, email_verified, username, quote, created_at, updated_at, last_token_update)
     select 'u' || i,
            initcap(($1::text[])[1 + floor(power(random(), 2) * $3::int)::int]) || ' ' ||
            initcap(($2::text[])[1 + floor(power(random(), 2) * $4::int)::int]),
            'u' || i || '@bench.example', true,
            ($1::text[])[1 + (i % $3::int)] || '_' || i,
            case when i % 3 = 0 then 'Questions welcome, answers promised.' else '' end,
            t, t, t
       from generate_series(1, $5::int) as i,
            lateral (select now() - interval '800 days' + random() * interval '60 days' as t) as c`,
    [FIRST_NAMES, LAST_NAMES, FIRST_NAMES.length, LAST_NAMES.length, U],
  );

  // Each group's popularity rank is its number: group 1 is the largest. Its share of the
  // subscriptions, questions and posts is rank^-skew over the sum (quotas that add up exactly).
  const strides = coprimeStrides(U, Math.max(U, 3));
  await step(
    'groups (helper)',
    `create temp table bench_groups as
     with weighted as (
       select g as idx, gen_random_uuid() as id, power(g, -$2::float8) as weight
         from generate_series(1, $1::int) as g
     ), cumulative as (
       select *, sum(weight) over (order by idx) as cum, sum(weight) over () as total from weighted
     )
     select idx, id,
            1 + ((idx::bigint * 7919) % $3::int)::int as owner_idx,
            idx <= 20 or random() < $4::float8 as ama,
            least($3::int - 1, round($5::float8 * cum / total) - round($5::float8 * (cum - weight) / total))::int
              as subscriber_quota,
            (round($6::float8 * cum / total) - round($6::float8 * (cum - weight) / total))::int as question_quota,
            (round($7::float8 * cum / total) - round($7::float8 * (cum - weight) / total))::int as post_quota,
            floor(random() * $3::int)::int as walk_start,
            ($8::int[])[1 + floor(random() * array_length($8::int[], 1))::int] as walk_stride,
            now() - interval '700 days' + random() * interval '600 days' as created_at
       from cumulative`,
    [size.groups, size.skew, U, size.amaShare, size.subscriptions, size.questions, size.posts, strides],
  );
  await client.query('alter table bench_groups add primary key (idx)');
  await client.query('analyze bench_groups');
  await step(
    'groups',
    `insert into groups (id, slug, name, description, owner_id, ama, created_at, updated_at)
     select id, 'bench-group-' || idx,
            initcap(($1::text[])[1 + (idx * 7) % $2::int]) || ' ' || initcap(($1::text[])[1 + (idx * 13) % $2::int])
              || ' ' || (array['club', 'circle', 'guild', 'lab', 'corner', 'crew'])[1 + idx % 6],
            'A group made by the benchmark: ' || repeat('talk about things, ', 1 + idx % 8),
            'u' || owner_idx, ama, created_at, created_at
       from bench_groups order by created_at`,
    [WORDS, WORDS.length],
  );
  await step(
    'group members',
    `insert into group_members (group_id, user_id, created_at)
     select g.id, 'u' || m.idx, g.created_at + random() * (now() - g.created_at)
       from bench_groups g
       cross join lateral generate_series(1, 3) as k
       cross join lateral (select 1 + ((g.owner_idx - 1 + k * 104729) % $1::int) as idx) as m
      where m.idx <> g.owner_idx`,
    [U],
  );
  // Group g's subscribers: users walk_start, walk_start + stride, … (mod users); the stride shares
  // no factor with the user count, so the walk never meets a user twice. The owner is left out.
  await step(
    'subscriptions',
    `insert into group_subscriptions (group_id, user_id, created_at, updated_at, last_viewed_at)
     select group_id, user_id, created_at, created_at,
            case when random() < 0.6 then created_at + random() * (now() - created_at) end
       from (
         select g.id as group_id, 'u' || u.idx as user_id, g.created_at + random() * (now() - g.created_at) as created_at
           from bench_groups g
           cross join lateral generate_series(0, g.subscriber_quota - 1) as j
           cross join lateral (select 1 + ((g.walk_start::bigint + j::bigint * g.walk_stride) % $1::int)::int as idx) as u
          where u.idx <> g.owner_idx
       ) as picked
      order by created_at`,
    [U],
  );

  // Questions: 5% waiting for approval, a quarter answered, 1% hidden; votes and comments counted
  // here and made from these counts below, so the counters match the rows by construction.
  // (pending questions have neither: the others carry their share)
  const votesPerQuestion = (size.likes * 0.5) / (size.questions * 0.95);
  const commentsPerQuestion = size.comments / 3 / (size.questions * 0.95);
  await step(
    'questions',
    `insert into questions (group_id, author_id, author_username, author_name, author_image, body, status, is_hidden,
                            answered_at, like_count, comment_count, created_at, updated_at)
     select group_id, author_id, author_username, author_name, author_image, body, status, status <> 'pending' and random() < 0.01,
            case when status = 'answered' then created_at + random() * (now() - created_at) end,
            case when status = 'pending' then 0 else ${exponential('$3::float8', '$2::int - 1')} end,
            case when status = 'pending' then 0 else ${exponential('$4::float8', '1000')} end,
            created_at, created_at
       from (
         select g.id as group_id, 'u' || (1 + floor(random() * $2::int))::int as author_id,
                initcap(${words(7)}) || '?' as body,
                case when r < 0.05 then 'pending' when r < 0.30 then 'answered' else 'open' end as status,
                g.created_at + power(random(), 0.5) * (now() - g.created_at) as created_at
           from bench_groups g
           cross join lateral generate_series(1, g.question_quota) as j
           cross join lateral (select random() + 0 * j as r) as roll
       ) as q
       join (select id, username as author_username, name as author_name, profile_image_url as author_image from users)
            as u on u.id = q.author_id
      order by created_at`,
    [WORDS, U, votesPerQuestion, commentsPerQuestion],
  );
  await step(
    'answers',
    `insert into answers (question_id, group_id, author_id, body, question_hidden, created_at, updated_at)
     select q.id, q.group_id, g.owner_id, 'The answer: ' || q.body, q.is_hidden, q.answered_at, q.answered_at
       from questions q join groups g on g.id = q.group_id
      where q.status = 'answered'`,
  );
  const likesPerPost = size.likes / 3 / size.posts;
  const commentsPerPost = (size.comments * 2) / 3 / size.posts;
  await step(
    'posts',
    `insert into posts (group_id, author_id, body, like_count, comment_count, created_at, updated_at)
     select g.id, 'u' || g.owner_idx, initcap(${words(16)}) || '.',
            ${exponential('$3::float8', '$2::int - 1')}, ${exponential('$4::float8', '2000')}, t, t
       from bench_groups g
       cross join lateral generate_series(1, g.post_quota) as j
       cross join lateral (select g.created_at + power(random(), 0.5) * (now() - g.created_at) + (0 * j) * interval '1 second' as t) as c
      order by t`,
    [WORDS, U, likesPerPost, commentsPerPost],
  );
  const likesPerComment = size.likes / 6 / size.comments;
  await step(
    'comments',
    `insert into comments (group_id, parent_type, parent_id, author_id, body, like_count, created_at, updated_at)
     select group_id, parent_type, parent_id, 'u' || (1 + floor(random() * $2::int))::int, initcap(${words(9)}) || '.',
            ${exponential('$3::float8', '$2::int - 1')}, t, t
       from (
         select p.group_id, 'post' as parent_type, p.id as parent_id, p.created_at + random() * (now() - p.created_at) as t
           from posts p cross join lateral generate_series(1, p.comment_count) as j
         union all
         select q.group_id, 'question', q.id, q.created_at + random() * (now() - q.created_at)
           from questions q cross join lateral generate_series(1, q.comment_count) as j
       ) as c
      order by t`,
    [WORDS, U, likesPerComment],
  );
  // Likes of an item with n likes: n distinct people, a walk through the users with a stride
  // prime to their count (from a start of the item's own).
  for (const [type, table] of [
    ['question', 'questions'],
    ['post', 'posts'],
    ['comment', 'comments'],
  ] as const) {
    await step(
      `likes of ${table}`,
      `insert into likes (target_type, target_id, user_id, group_id, created_at)
       select '${type}', t.id::text,
              'u' || (1 + ((abs(hashtext(t.id::text))::bigint + j::bigint * $2::int) % $1::int)),
              t.group_id, t.created_at + random() * (now() - t.created_at)
         from ${table} t cross join lateral generate_series(0, t.like_count - 1) as j`,
      [U, strides.at(-1) ?? 1],
    );
  }
  await step(
    'follows',
    `insert into follows (follower_id, followed_id, created_at)
     select 'u' || f, 'u' || d, now() - random() * interval '700 days'
       from (select 1 + floor(random() * $1::int)::int as f, 1 + floor(power(random(), 3) * $1::int)::int as d
               from generate_series(1, $2::int)) as pairs
      where f <> d
     on conflict do nothing`,
    [U, size.follows],
  );
  // Sessions in the largest ama groups: most of them ended, a third coming, a few live now.
  await step(
    'ama sessions',
    `insert into ama_sessions (group_id, host_id, title, description, starts_at, duration_minutes, status,
                               started_at, ended_at, created_at, updated_at)
     select g.id, 'u' || g.owner_idx, 'Ask me anything, part ' || i, 'An hour of questions and answers.',
            starts_at, 60, status,
            case when status <> 'scheduled' then starts_at end,
            case when status = 'ended' then starts_at + interval '60 minutes' end,
            starts_at - interval '7 days', starts_at - interval '7 days'
       from generate_series(1, $1::int) as i
       join lateral (select * from bench_groups where ama order by idx offset (i % greatest(1, least(200, $2::int))) limit 1)
            as g on true
       cross join lateral (
         select case when i % 20 = 0 then 'live' when i % 3 = 0 then 'scheduled' else 'ended' end as status
       ) as s
       cross join lateral (
         select case s.status when 'live' then now() - interval '10 minutes'
                              when 'scheduled' then now() + (i % 60 || ' days')::interval + interval '1 hour'
                              else now() - (1 + i % 300 || ' days')::interval end as starts_at
       ) as t`,
    [size.sessions, Math.ceil(size.groups * size.amaShare)],
  );
  if (fast) await client.query('set session_replication_role = origin');
  // Triggers were off, so the search lexicon is filled as migration 0013 fills it.
  await step(
    'search terms',
    `insert into search_terms (term)
     select word from ts_stat('select search_vector from posts union all select search_vector from questions')
      where char_length(word) between 3 and 40
     on conflict do nothing`,
  );
  // Likes went in with triggers off, so posts' newest likers are filled as migration 0022 fills them.
  await step(
    'posts newest likers',
    `update posts set recent_likers = posts_recent_likers(id)
      where exists (select 1 from likes where target_type = 'post' and target_id = posts.id::text)`,
  );
  rows.push(...(await setCounters(client)));
  rows.push({ step: 'total', rows: '', time: seconds(performance.now() - total) });
  return rows;
}

/**
 * The counters of people and groups from their rows (likes and comments were made from their
 * counters), VACUUM ANALYZE, and a check that every counter agrees with the rows.
 */
export async function setCounters(client: pg.Client): Promise<GenerationRow[]> {
  const rows: GenerationRow[] = [];
  const timed = async (step: string, sql: string) => {
    const start = performance.now();
    const result = await client.query(sql);
    rows.push({
      step,
      rows: result.rowCount === null ? '' : count(result.rowCount),
      time: seconds(performance.now() - start),
    });
  };
  await timed(
    'users counters',
    `update users u set subscribing = c.subscribing, followers = c.followers, following = c.following
       from (select u2.id,
                    (select count(*) from group_subscriptions s where s.user_id = u2.id)::int as subscribing,
                    (select count(*) from follows f where f.followed_id = u2.id)::int as followers,
                    (select count(*) from follows f where f.follower_id = u2.id)::int as following
               from users u2) as c
      where c.id = u.id
        and (u.subscribing, u.followers, u.following) is distinct from (c.subscribing, c.followers, c.following)`,
  );
  await timed(
    'groups counters',
    `update groups g set subscriber_count = c.subscribers, member_count = c.members,
                         last_activity_at = c.last_activity
       from (select g2.id,
                    (select count(*) from group_subscriptions s where s.group_id = g2.id)::int as subscribers,
                    (select count(*) from group_members m where m.group_id = g2.id)::int as members,
                    greatest((select max(created_at) from posts p where p.group_id = g2.id),
                             (select max(created_at) from questions q where q.group_id = g2.id)) as last_activity
               from groups g2) as c
      where c.id = g.id
        and (g.subscriber_count, g.member_count, g.last_activity_at)
            is distinct from (c.subscribers, c.members, c.last_activity)`,
  );
  await timed('vacuum analyze', 'vacuum (analyze)');
  const check = await client.query<Record<string, number>>(
    `select
       (select count(*)::int from users u where subscribing <> (select count(*) from group_subscriptions s where s.user_id = u.id)
                                            or followers <> (select count(*) from follows f where f.followed_id = u.id)
                                            or following <> (select count(*) from follows f where f.follower_id = u.id)) as users,
       (select count(*)::int from groups g where subscriber_count <> (select count(*) from group_subscriptions s where s.group_id = g.id)
                                             or member_count <> (select count(*) from group_members m where m.group_id = g.id)) as groups,
       (select count(*)::int from questions q
         where like_count <> (select count(*) from likes l where l.target_type = 'question' and l.target_id = q.id::text)
            or comment_count <> (select count(*) from comments c where c.parent_type = 'question' and c.parent_id = q.id)) as questions,
       (select count(*)::int from posts p
         where like_count <> (select count(*) from likes l where l.target_type = 'post' and l.target_id = p.id::text)
            or comment_count <> (select count(*) from comments c where c.parent_type = 'post' and c.parent_id = p.id)) as posts`,
  );
  const wrong = check.rows[0];
  if (!wrong || Object.values(wrong).some((n) => n !== 0)) {
    throw new BenchError(`counters disagree with the rows: ${JSON.stringify(wrong)}`);
  }
  return rows;
}

/** The community's shape, for the printout. */
export async function describeCommunity(client: pg.Client): Promise<Record<string, string>> {
  const result = await client.query<Record<string, string | number>>(
    `select (select count(*) from users) as people, (select count(*) from groups) as groups,
            (select count(*) from group_subscriptions) as subscriptions,
            (select max(subscriber_count) from groups) as "largest group (subscribers)",
            (select count(*) from questions) as questions,
            (select max(n) from (select count(*) as n from questions group by group_id) as c) as "largest queue",
            (select count(*) from answers) as answers, (select count(*) from posts) as posts,
            (select count(*) from comments) as comments, (select count(*) from likes) as likes,
            (select count(*) from follows) as follows, (select count(*) from ama_sessions) as "ama sessions",
            pg_size_pretty(pg_database_size(current_database())) as "database size"`,
  );
  const shape = result.rows[0];
  if (!shape) throw new BenchError('could not describe the data');
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [
      key,
      /^\d+$/.test(String(value)) ? count(Number(value)) : String(value),
    ]),
  );
}
