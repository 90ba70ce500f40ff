// `npm run bench live-load [-- --viewers 5000 --idle-viewers 10000 --rounds 3 --duration 10 --connections 20]`
// Live under load: the live channel beside the reads of the group its viewers watch.
// It makes a fresh database (townhall_live_load_<random>) on BENCH_DATABASE_URL, TEST_DATABASE_URL or
// the local server, starts the real server on it as a child process (NODE_ENV=production, pool
// --pool, TRUST_PROXY=loopback), fills one ama group through the API (a live session, people who
// subscribe, ask, vote, post, comment and like, the host answering) and prints:
//   1. Idle memory: the server's RSS (VmRSS of /proc/<pid>/status) with 0 viewers and after each
//      --step more idle viewers up to --idle-viewers, opened at --pace handshakes a second; signed
//      in and signed out, on the group page or the session page, each watching the topics its page
//      watches, pinging as pages do; then the same viewers on a bare `ws` server (the floor).
//   2. Reads beside live viewers: autocannon (--connections) on the group's question queue (top and
//      new), its posts and its page by slug, signed out and signed in, and on /api/health (the
//      floor of a request). Each of --rounds rounds: idle, then --viewers viewers subscribed to the
//      group's topic, quiet, then with a real write every second (a question asked or a vote,
//      through the API) that broadcasts to all of them; the viewers close before the next round.
//      Every response time is kept, so the rounds are pooled; every viewer must receive every
//      broadcast (misses are printed and fail the run).
//   3. Fan-out: the live-fanout comparison with a bare `ws` broadcast at --fanout-clients sockets.
// The viewers live in worker threads of this process (--workers), at nice --viewer-nice (19: they
// stand for phones elsewhere, and take CPU only when the rest leaves it), and read and parse every frame;
// the database is dropped at the end unless --keep. --phases memory,reads,fanout runs a subset;
// --server-node-options="--cpu-prof --cpu-prof-dir=DIR" profiles the server (written when it stops).
// Why a bench of its own rather than more of live-fanout: it needs a filled group, signed-in
// viewers and a read load, and takes minutes; live-fanout stays the quick look at the broadcast.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { runMigrations } from '../../server/db/migrate.ts';
import { cleanups, count, millis, seconds, serverUrl, runBench } from './lib/bench-kit.ts';
import { BenchError, startBenchServer, type BenchServer } from './lib/bench-server.ts';
import {
  BenchApi,
  askersFor,
  bareTarget,
  createBenchDatabase,
  eachLimited,
  questionAndVoteWriter,
  redact,
  type Person,
} from './lib/live-bench.ts';
import {
  FANOUT_LEGEND,
  ViewerPool,
  cpuMs,
  measureFanout,
  now,
  openFilesLimit,
  percentile,
  rssBytes,
  sleep,
  startFloorServer,
  viewerAddress,
  type FanoutTarget,
  type ViewerSpec,
} from './lib/live-sockets.ts';

const { values } = parseArgs({
  options: {
    /** Viewers watching while the reads are measured. */
    viewers: { type: 'string', default: '5000' },
    /** Idle viewers the memory phase ends with, opened --step at a time. */
    'idle-viewers': { type: 'string', default: '10000' },
    step: { type: 'string', default: '1000' },
    /** Handshakes a second, in all (pages opening at a realistic pace). */
    pace: { type: 'string', default: '250' },
    /** Seconds of each measured read load, after --warmup seconds. */
    duration: { type: 'string', default: '10' },
    /** Rounds of idle, quiet and loaded reads (the viewers close between rounds); figures pool them. */
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    /** Milliseconds between the writes that broadcast to the viewers. */
    'write-every': { type: 'string', default: '1000' },
    /** People signed up through the API; signed-in viewers are spread over them. */
    accounts: { type: 'string', default: '200' },
    questions: { type: 'string', default: '200' },
    votes: { type: 'string', default: '2000' },
    posts: { type: 'string', default: '40' },
    comments: { type: 'string', default: '200' },
    /** Sockets of the fan-out comparison, and its writes. */
    'fanout-clients': { type: 'string', default: '5000' },
    'fanout-writes': { type: 'string', default: '30' },
    workers: { type: 'string', default: '2' },
    /**
     * Scheduling priority of the viewers' threads (0–19): they stand for phones on other machines,
     * so by default they get the CPU only when the server, PostgreSQL and autocannon leave it.
     */
    'viewer-nice': { type: 'string', default: '19' },
    /** DATABASE_POOL_MAX of the server. */
    pool: { type: 'string', default: '10' },
    phases: { type: 'string', default: 'memory,reads,fanout' },
    /** Node options of the server only, to look inside it: "--cpu-prof --cpu-prof-dir=/tmp/prof". */
    'server-node-options': { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
  },
});

const int = (name: keyof typeof values, min: number): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be an integer of at least ${min}`);
  return value;
};
const PHASES = ['memory', 'reads', 'fanout'] as const;
const phases = new Set(values.phases.split(',').map((phase) => phase.trim()));
for (const phase of phases) {
  if (!(PHASES as readonly string[]).includes(phase))
    throw new BenchError(`--phases is a list of ${PHASES.join(', ')}`);
}
const options = {
  viewers: int('viewers', 1),
  idleViewers: int('idle-viewers', 1),
  step: int('step', 1),
  pace: int('pace', 1),
  duration: int('duration', 1),
  rounds: int('rounds', 1),
  warmup: int('warmup', 0),
  connections: int('connections', 1),
  writeEvery: int('write-every', 50),
  accounts: int('accounts', 20),
  questions: int('questions', 1),
  votes: int('votes', 0),
  posts: int('posts', 1),
  comments: int('comments', 0),
  fanoutClients: int('fanout-clients', 1),
  fanoutWrites: int('fanout-writes', 2),
  workers: int('workers', 1),
  viewerNice: int('viewer-nice', 0),
  pool: int('pool', 1),
};

const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

// ---------------------------------------------------------------------------------------------
// The community: one ama group, filled through the API

interface Community {
  host: Person;
  people: Person[];
  /** People who ask during the measured writes of the reads (their question budget is untouched). */
  askers: Person[];
  /** The same for the fan-out. */
  fanoutAskers: Person[];
  voter: Person;
  groupId: string;
  slug: string;
  sessionId: string;
  rows: Record<string, string>[];
}

async function fill(api: BenchApi): Promise<Community> {
  const rows: Record<string, string>[] = [];
  const timed = async <T>(step: string, what: () => Promise<T>, made: (value: T) => number): Promise<T> => {
    const start = performance.now();
    const value = await what();
    rows.push({ step, made: count(made(value)), time: seconds(performance.now() - start) });
    return value;
  };
  const host = await api.signUp('bench_load_host');
  const slug = `live-load-${Math.random().toString(36).slice(2, 10)}`;
  const created = await api.expect(201, host, 'POST', '/api/groups', {
    name: 'Live load bench',
    slug,
    description: 'An ama group made by the live-load benchmark.',
    ama: true,
  });
  const groupId = (created.group as { id?: string } | undefined)?.id;
  if (!groupId) throw new BenchError(`creating the ama group failed: ${JSON.stringify(created)}`);
  const scheduled = await api.expect(201, host, 'POST', `/api/groups/${groupId}/sessions`, {
    title: 'Live load bench session',
    startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    durationMinutes: 90,
  });
  const sessionId = (scheduled.session as { id?: string } | undefined)?.id;
  if (!sessionId) throw new BenchError(`scheduling the session failed: ${JSON.stringify(scheduled)}`);
  await api.expect(200, host, 'POST', `/api/sessions/${sessionId}/start`);

  // Askers of the measured writes, half of which are questions (a person may ask 30 an hour).
  const readAskers = phases.has('reads')
    ? askersFor(Math.ceil((options.rounds * (2 * options.duration + 10)) / (options.writeEvery / 1000) / 2))
    : 0;
  const fanoutAskers = phases.has('fanout') ? askersFor(Math.ceil((options.fanoutWrites + 2) / 2)) : 0;
  const names = [
    ...Array.from({ length: options.accounts }, (_, i) => `bench_load_${i + 1}`),
    ...Array.from({ length: readAskers + fanoutAskers }, (_, i) => `bench_load_asker_${i + 1}`),
    'bench_load_voter',
  ];
  const everyone = await timed(
    'people (POST /api/accounts/sign-up)',
    async () => {
      const people: Person[] = new Array(names.length);
      await eachLimited(names, 4, async (name, index) => {
        people[index] = await api.signUp(name);
      });
      return people;
    },
    (people) => people.length,
  );
  await timed(
    'subscriptions (PUT /api/groups/:id/subscription)',
    () =>
      eachLimited(everyone, 8, (person) =>
        api.expect(200, person, 'PUT', `/api/groups/${groupId}/subscription`).then(() => undefined),
      ),
    () => everyone.length,
  );
  const people = everyone.slice(0, options.accounts);
  const askers = everyone.slice(options.accounts, options.accounts + readAskers);
  const fanoutAskerList = everyone.slice(options.accounts + readAskers, -1);
  const voter = everyone.at(-1);
  if (!voter) throw new BenchError('no voter');

  // Questions, 2 per asking person (half of them asked for the live session), then votes on them.
  const questionIds: string[] = [];
  await timed(
    'questions (POST /api/groups/:id/questions)',
    () =>
      eachLimited(
        Array.from({ length: options.questions }, (_, i) => i),
        8,
        async (i) => {
          const person = people[Math.floor(i / 2) % people.length];
          const json = await api.expect(201, person ?? null, 'POST', `/api/groups/${groupId}/questions`, {
            body: `Question ${i + 1} of the load bench: what would you do differently with ${i % 7} more years?`,
            ...(i % 2 === 0 ? { sessionId } : {}),
          });
          const id = (json.question as { id?: string } | undefined)?.id;
          if (id) questionIds.push(id);
        },
      ),
    () => questionIds.length,
  );
  const votesPerPerson = Math.min(questionIds.length, Math.ceil(options.votes / people.length));
  let votes = 0;
  await timed(
    'votes (PUT /api/likes/question/:id)',
    () =>
      eachLimited(people, 8, async (person) => {
        // distinct questions per person, the older (lower) ones more popular
        const chosen = new Set<string>();
        for (let attempt = 0; chosen.size < votesPerPerson && attempt < votesPerPerson * 8; attempt++) {
          const id = questionIds[Math.floor(questionIds.length * Math.random() ** 2)];
          if (id) chosen.add(id);
        }
        for (const id of chosen) {
          if (votes >= options.votes) return;
          votes++;
          await api.expect(200, person, 'PUT', `/api/likes/question/${id}`);
        }
      }),
    () => votes,
  );
  const answered = questionIds.slice(0, Math.min(30, Math.floor(questionIds.length / 4)));
  await timed(
    'answers (PUT /api/questions/:id/answer)',
    () =>
      eachLimited(answered, 4, (id) =>
        api
          .expect(200, host, 'PUT', `/api/questions/${id}/answer`, {
            body: 'Thanks for asking. The short answer is yes, and here is the longer one for the curious.',
          })
          .then(() => undefined),
      ),
    () => answered.length,
  );
  const pinned = questionIds[answered.length];
  if (pinned) await api.expect(200, host, 'PATCH', `/api/questions/${pinned}/moderation`, { isPinned: true });

  // Posts (the host's and the people's), comments and likes on them.
  const postIds: string[] = [];
  await timed(
    'posts (POST /api/groups/:id/posts)',
    () =>
      eachLimited(
        Array.from({ length: options.posts }, (_, i) => i),
        4,
        async (i) => {
          const author = i % 2 === 0 ? host : (people[i % people.length] ?? host);
          const json = await api.expect(201, author, 'POST', `/api/groups/${groupId}/posts`, {
            body: `Post ${i + 1} of the load bench. ${'A few sentences about the session, what comes next and why. '.repeat(1 + (i % 4))}`,
          });
          const id = (json.post as { id?: string } | undefined)?.id;
          if (id) postIds.push(id);
        },
      ),
    () => postIds.length,
  );
  let comments = 0;
  await timed(
    'comments (POST /api/posts/:id/comments)',
    () =>
      eachLimited(
        Array.from({ length: options.comments }, (_, i) => i),
        8,
        async (i) => {
          const person = people[(i * 7) % people.length] ?? null;
          await api.expect(201, person, 'POST', `/api/posts/${postIds[i % postIds.length]}/comments`, {
            body: `Comment ${i + 1}: good point, and thank you for the session.`,
          });
          comments++;
        },
      ),
    () => comments,
  );
  let likes = 0;
  await timed(
    'post likes (PUT /api/likes/post/:id)',
    () =>
      eachLimited(people, 8, async (person, p) => {
        for (let k = 0; k < Math.min(postIds.length, 3); k++) {
          await api.expect(200, person, 'PUT', `/api/likes/post/${postIds[(p + k * 5) % postIds.length]}`);
          likes++;
        }
      }),
    () => likes,
  );
  return { host, people, askers, fanoutAskers: fanoutAskerList, voter, groupId, slug, sessionId, rows };
}

/**
 * Viewer number n (from `offset`): every other one signed in (as one of the people, several
 * pages each), every other pair on the session page (session and group topics) rather than the
 * group page (group topic); a signed-in page also watches its person's own topic (the bell).
 */
function viewersOf(community: Community, offset: number, total: number): ViewerSpec[] {
  return Array.from({ length: total }, (_, i) => {
    const n = offset + i;
    const person = n % 2 === 0 ? community.people[(n >> 1) % community.people.length] : undefined;
    const page =
      n % 4 < 2 ? [`session:${community.sessionId}`, `group:${community.groupId}`] : [`group:${community.groupId}`];
    return {
      address: viewerAddress(n),
      ...(person ? { cookie: person.cookie } : {}),
      topics: person ? [...page, `user:${person.id}`] : page,
    };
  });
}

const PAGE_PING_MS = 25_000;

// ---------------------------------------------------------------------------------------------
// 1. Idle memory

/** RSS of `pid` before and after each step of idle viewers (opened by `open`), 3 s after each step. */
async function ramp(
  pid: number | undefined,
  open: (offset: number, n: number) => Promise<void>,
): Promise<{ base: number; steps: { viewers: number; rss: number; openMs: number }[] }> {
  const settle = async () => {
    await sleep(3_000);
    return rssBytes(pid);
  };
  const base = await settle();
  const steps: { viewers: number; rss: number; openMs: number }[] = [];
  for (let opened = 0; opened < options.idleViewers;) {
    const n = Math.min(options.step, options.idleViewers - opened);
    const start = now();
    await open(opened, n);
    const openMs = now() - start;
    opened += n;
    steps.push({ viewers: opened, rss: await settle(), openMs });
  }
  return { base, steps };
}

async function measureMemory(
  server: BenchServer,
  pool: ViewerPool,
  community: Community,
  floor: { wsUrl: string; url: string; pid: number | undefined },
): Promise<void> {
  const pid = server.child.pid;
  const townhall = await ramp(pid, (offset, n) =>
    pool.open({
      url: `${server.url.replace('http:', 'ws:')}/api/live`,
      origin: server.url,
      viewers: viewersOf(community, 100_000 + offset, n),
      batch: 50,
      perSecond: options.pace,
      pingMs: PAGE_PING_MS,
    }),
  );
  const collected = await pool.collect();
  await pool.close();
  await sleep(3_000);
  const after = rssBytes(pid);
  await sleep(7_000);
  const later = rssBytes(pid);
  // The floor: the same viewers (same topics, same pace) on a bare ws server that only keeps them.
  const bare = await ramp(floor.pid, (offset, n) =>
    pool.open({
      url: floor.wsUrl,
      origin: floor.url,
      viewers: viewersOf(community, 100_000 + offset, n),
      batch: 50,
      perSecond: options.pace,
      pingMs: PAGE_PING_MS,
    }),
  );
  await pool.close();

  const rows: Record<string, string>[] = [
    {
      viewers: '0',
      'Townhall RSS MiB': mib(townhall.base),
      'added MiB': '',
      'MiB per 1,000 viewers': '',
      'open s': '',
      'bare ws RSS MiB': mib(bare.base),
      'bare added MiB': '',
      'bare MiB per 1,000': '',
    },
  ];
  townhall.steps.forEach((step, index) => {
    const floorStep = bare.steps[index];
    const previous = townhall.steps[index - 1]?.rss ?? townhall.base;
    const floorPrevious = bare.steps[index - 1]?.rss ?? bare.base;
    rows.push({
      viewers: count(step.viewers),
      'Townhall RSS MiB': mib(step.rss),
      'added MiB': mib(step.rss - previous),
      'MiB per 1,000 viewers': mib(((step.rss - townhall.base) / step.viewers) * 1000),
      'open s': (step.openMs / 1000).toFixed(1),
      'bare ws RSS MiB': floorStep ? mib(floorStep.rss) : '',
      'bare added MiB': floorStep ? mib(floorStep.rss - floorPrevious) : '',
      'bare MiB per 1,000': floorStep ? mib(((floorStep.rss - bare.base) / floorStep.viewers) * 1000) : '',
    });
  });
  console.log(
    `\n1. Idle memory: server RSS (VmRSS of /proc/<pid>/status, read 3 s after each step) as idle viewers connect, ` +
      `${options.step} at a time at ${options.pace} handshakes/s; half signed in (over ${community.people.length} people), ` +
      `half on the session page (session + group topics), the rest on the group page (group topic), signed-in pages ` +
      `also on their user topic; each pings every ${PAGE_PING_MS / 1000} s as pages do. The same viewers then connect ` +
      `to the bare ws server (a fresh process that only keeps them), the floor of what a socket costs. ` +
      `Target: Townhall ≤ 1,024 MiB at 10,000 viewers.`,
  );
  console.table(rows);
  // The first steps may fill room the heap already had (the fill left it large); the last half
  // of the steps shows what more viewers cost once that room is used.
  const slope = (steps: { viewers: number; rss: number }[]) => {
    const last = steps.at(-1);
    const middle = steps[Math.floor((steps.length - 1) / 2)];
    return last && middle && last.viewers > middle.viewers
      ? mib(((last.rss - middle.rss) / (last.viewers - middle.viewers)) * 1000)
      : 'n/a';
  };
  console.log(
    `MiB per 1,000 viewers over the last half of the steps: Townhall ${slope(townhall.steps)}, bare ws ${slope(bare.steps)}.`,
  );
  console.log(
    `Townhall's viewers saw ${count(collected.stats.frames)} frames (${count(collected.stats.pongs)} pongs); ` +
      `${collected.stats.closedEarly} sockets closed early ${JSON.stringify(collected.stats.closeCodes)}. ` +
      `After all closed: Townhall RSS ${mib(after)} MiB at 3 s, ${mib(later)} MiB at 10 s.`,
  );
}

// ---------------------------------------------------------------------------------------------
// 2. Reads beside live viewers

interface Load {
  name: string;
  requests: { path: string; signedIn: boolean }[];
}

/** What one load under one condition gave: every response time, and its failures. */
interface Sample {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  codes: Record<string, number>;
  cpuMs: number;
}

async function runLoad(server: BenchServer, load: Load, readers: Person[], duration: number): Promise<Sample> {
  let clientIndex = 0;
  const latencies: number[] = [];
  const cpuBefore = cpuMs(server.child.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections: options.connections,
        duration,
        requests: load.requests.map((request) => ({ method: 'GET' as const, path: request.path })),
        // Each connection is one visitor (an address of its own; signed in as one of the readers for
        // the signed-in reads), starting at another request so the mix is spread from the first second.
        setupClient: (client) => {
          const index = clientIndex++;
          const reader = readers[index % readers.length];
          const address = `198.19.${(index >> 8) & 255}.${index & 255}`;
          const offset = index % load.requests.length;
          client.setRequests(
            [...load.requests.slice(offset), ...load.requests.slice(0, offset)].map((request) => ({
              method: 'GET' as const,
              path: request.path,
              headers: {
                'x-forwarded-for': address,
                ...(request.signedIn && reader ? { cookie: reader.cookie } : {}),
              },
            })),
          );
        },
      },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    // every response time, in fractional milliseconds, so the rounds can be pooled
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  const codes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) codes[code] = stats.count ?? 0;
  return {
    latencies,
    seconds: duration,
    non2xx: result.non2xx,
    errors: result.errors,
    codes,
    cpuMs: cpuMs(server.child.pid) - cpuBefore,
  };
}

/** Samples of the same load and condition taken together. */
function pooled(samples: Sample[]): Sample {
  return {
    latencies: samples.flatMap((sample) => sample.latencies),
    seconds: samples.reduce((sum, sample) => sum + sample.seconds, 0),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    codes: {},
    cpuMs: samples.reduce((sum, sample) => sum + sample.cpuMs, 0),
  };
}

function figuresOf(sample: Sample): { rate: number; p50: number; p99: number; max: number } {
  const sorted = Float64Array.from(sample.latencies).sort();
  return {
    rate: sample.latencies.length / sample.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function measureReads(server: BenchServer, pool: ViewerPool, community: Community): Promise<void> {
  const { groupId, slug } = community;
  const api = new BenchApi(server.url);
  const readers = community.people.slice(0, options.connections);
  const paths = [
    `/api/groups/${groupId}/questions?sort=top`,
    `/api/groups/${groupId}/questions?sort=new`,
    `/api/groups/${groupId}/posts`,
    `/api/groups/by-slug/${slug}`,
  ];
  const reads: Load = {
    name: 'group reads',
    requests: paths.flatMap((path) => [
      { path, signedIn: false },
      { path, signedIn: true },
    ]),
  };
  const health: Load = { name: '/api/health', requests: [{ path: '/api/health', signedIn: false }] };
  // Every read answers 200 before any load, signed out and signed in.
  for (const request of reads.requests) {
    const answer = await api.call(request.signedIn ? (readers[0] ?? null) : null, 'GET', request.path);
    if (answer.status !== 200) throw new BenchError(`GET ${request.path} answered ${answer.status}`);
  }
  for (const load of [health, reads]) if (options.warmup > 0) await runLoad(server, load, readers, options.warmup);

  const idle = 'idle (no viewers)';
  const quiet = `${count(options.viewers)} viewers, no writes`;
  const loaded = `${count(options.viewers)} viewers + a write every ${options.writeEvery / 1000} s`;
  const samples = new Map<string, Sample[]>();
  const rows: Record<string, string>[] = [];
  const problems: string[] = [];
  const measure = async (round: number, condition: string, load: Load) => {
    const sample = await runLoad(server, load, readers, options.duration);
    const key = `${condition}|${load.name}`;
    samples.set(key, [...(samples.get(key) ?? []), sample]);
    if (sample.non2xx + sample.errors > 0) {
      const codes = Object.entries(sample.codes)
        .map(([code, n]) => `${code}×${n}`)
        .join(', ');
      problems.push(
        `round ${round}, ${condition}, ${load.name}: ${sample.non2xx} non-2xx, ${sample.errors} errors; ${codes}`,
      );
    }
    const figures = figuresOf(sample);
    rows.push({
      round: String(round),
      condition,
      load: load.name,
      'req/s': figures.rate.toFixed(0),
      'p50 ms': millis(figures.p50),
      'p99 ms': millis(figures.p99),
      'max ms': millis(figures.max),
      'non-2xx': String(sample.non2xx),
      errors: String(sample.errors),
      'server CPU %': ((100 * sample.cpuMs) / (sample.seconds * 1000)).toFixed(0),
    });
  };

  const write = questionAndVoteWriter({ api, groupId, askers: community.askers, voter: community.voter });
  let writeIndex = 0;
  let writes = 0;
  let missing = 0;
  let closedEarly = 0;
  let frames = 0;
  const closeCodes: Record<string, number> = {};
  const allFromResponse: number[] = [];
  const lastFromResponse: number[] = [];
  const writeMs: number[] = [];
  const connectSeconds: string[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    await measure(round, idle, health);
    await measure(round, idle, reads);

    const connectStart = now();
    await pool.open({
      url: `${server.url.replace('http:', 'ws:')}/api/live`,
      origin: server.url,
      viewers: viewersOf(community, 0, options.viewers),
      batch: 50,
      perSecond: options.pace,
      pingMs: PAGE_PING_MS,
    });
    connectSeconds.push(((now() - connectStart) / 1000).toFixed(1));
    await sleep(2_000);
    await measure(round, quiet, reads);

    // A real write every --write-every ms, each broadcast to every viewer, while the loads run.
    const made: { key: string; sentAt: number; answeredAt: number }[] = [];
    let isWriting = true;
    let writeError: unknown;
    const writer = (async () => {
      while (isWriting) {
        const due = now() + options.writeEvery;
        made.push(await write(writeIndex++));
        await sleep(Math.max(0, due - now()));
      }
    })().catch((error: unknown) => {
      writeError = error;
    });
    await sleep(options.writeEvery);
    await measure(round, loaded, health);
    await measure(round, loaded, reads);
    isWriting = false;
    await writer;
    if (writeError) throw writeError;

    const keys = made.map((w) => w.key);
    await pool.waitForAll(keys, 15_000);
    const received = await pool.received(keys);
    const collected = await pool.collect();
    await pool.close();
    writes += made.length;
    missing += received.reduce((sum, got) => sum + Math.max(0, options.viewers - got), 0);
    closedEarly += collected.stats.closedEarly;
    frames += collected.stats.frames;
    for (const [code, n] of Object.entries(collected.stats.closeCodes)) closeCodes[code] = (closeCodes[code] ?? 0) + n;
    for (const w of made) {
      writeMs.push(w.answeredAt - w.sentAt);
      let last = Number.NEGATIVE_INFINITY;
      for (const arrivals of collected.arrivals) {
        for (const at of arrivals[w.key] ?? []) {
          if (Number.isNaN(at)) continue;
          allFromResponse.push(at - w.answeredAt);
          if (at > last) last = at;
        }
      }
      if (Number.isFinite(last)) lastFromResponse.push(last - w.answeredAt);
    }
    await sleep(2_000);
  }

  console.log(
    `\n2. Reads beside live viewers: autocannon, ${options.connections} connections (each a visitor of its own), ` +
      `${options.duration} s per row, ${options.rounds} rounds (idle, then ${count(options.viewers)} viewers opened at ` +
      `${options.pace} handshakes/s in ${connectSeconds.join(', ')} s, quiet, then loaded; they close before the next round). ` +
      `"group reads" rotates ` +
      `${paths.map((path) => `GET ${path.replace(groupId, ':id').replace(slug, ':slug')}`).join(', ')}, ` +
      `each signed out and signed in; "/api/health" is the floor of a request. Viewers as in 1 ` +
      `(every one on group:<id>); the writes alternate a question and a vote on it, each broadcast to every viewer. ` +
      `Latencies are every response time (fractional ms); server CPU in % of one core, from /proc/<pid>/stat.`,
  );
  console.table(rows);
  const total: Record<string, string>[] = [];
  const pooledFigures = new Map<string, ReturnType<typeof figuresOf>>();
  for (const [key, list] of samples) {
    const [condition = '', load = ''] = key.split('|');
    const sample = pooled(list);
    const figures = figuresOf(sample);
    pooledFigures.set(key, figures);
    total.push({
      condition,
      load,
      'req/s': figures.rate.toFixed(0),
      'p50 ms': millis(figures.p50),
      'p99 ms': millis(figures.p99),
      'max ms': millis(figures.max),
      requests: count(sample.latencies.length),
      'server CPU %': ((100 * sample.cpuMs) / (sample.seconds * 1000)).toFixed(0),
    });
  }
  console.log(`All ${options.rounds} rounds together`);
  console.table(total);
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';
  const of = (condition: string, load: string) => pooledFigures.get(`${condition}|${load}`);
  console.log('Ratios to idle, all rounds together (target: group reads p99 loaded/idle ≤ 2)');
  console.table(
    [reads.name, health.name].map((load) => ({
      load,
      'p99 loaded/idle': ratio(of(loaded, load)?.p99, of(idle, load)?.p99),
      'p50 loaded/idle': ratio(of(loaded, load)?.p50, of(idle, load)?.p50),
      'req/s loaded/idle': ratio(of(loaded, load)?.rate, of(idle, load)?.rate),
      'p99 viewers, no writes/idle': ratio(of(quiet, load)?.p99, of(idle, load)?.p99),
    })),
  );
  const sortedAll = Float64Array.from(allFromResponse).sort();
  const sortedLast = Float64Array.from(lastFromResponse).sort();
  const sortedWrite = Float64Array.from(writeMs).sort();
  console.log(
    `Broadcasts during the loaded rows: ${writes} writes (round trip p50 ${millis(percentile(sortedWrite, 50))} ms, ` +
      `p99 ${millis(percentile(sortedWrite, 99))} ms), each to ${count(options.viewers)} viewers: ` +
      `${count(missing)} of ${count(writes * options.viewers)} deliveries missed; from the write's response to a viewer ` +
      `p50 ${millis(percentile(sortedAll, 50))} ms, p99 ${millis(percentile(sortedAll, 99))} ms, to the last viewer of a ` +
      `write p50 ${millis(percentile(sortedLast, 50))} ms, p99 ${millis(percentile(sortedLast, 99))} ms. Viewers saw ` +
      `${count(frames)} frames; ${closedEarly} sockets closed early ${JSON.stringify(closeCodes)}.`,
  );
  if (problems.length > 0 || missing > 0 || closedEarly > 0) {
    const what = [
      ...problems,
      missing > 0 ? `${missing} deliveries missed` : '',
      closedEarly > 0 ? 'sockets closed early' : '',
    ];
    console.log(`\nWARNING: ${what.filter(Boolean).join('; ')}`);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpus = os.cpus();
  const database = await createBenchDatabase('townhall_live_load', values.keep);
  const fileLimit = openFilesLimit();
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ` +
      `open files limit ${fileLimit}, load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  );
  const most = Math.max(phases.has('memory') ? options.idleViewers : 0, options.viewers, options.fanoutClients);
  if (fileLimit < most + 1000) {
    throw new BenchError(`the open files limit (${fileLimit}) is below ${most + 1000}; raise it with ulimit -n.`);
  }
  await runMigrations(database.url, pino({ level: 'silent' }));
  // The server child takes this process's environment: its NODE_OPTIONS only while it starts.
  const nodeOptions = process.env.NODE_OPTIONS;
  if (values['server-node-options']) {
    process.env.NODE_OPTIONS = `${nodeOptions ?? ''} ${values['server-node-options']}`.trim();
  }
  const server = await startBenchServer({
    databaseUrl: database.url,
    pool: options.pool,
    onCleanup: (step) => cleanups.push(step),
  }).finally(() => {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
  });
  const api = new BenchApi(server.url);
  const startedRss = rssBytes(server.child.pid);
  const community = await fill(api);
  console.log(
    `\nThe community, through the API (server pid ${server.child.pid}, pool ${options.pool}, NODE_ENV=production, ` +
      `LOG_LEVEL=warn): one ama group with a live session. Server RSS ${mib(startedRss)} MiB when ready, ` +
      `${mib(rssBytes(server.child.pid))} MiB after the fill.`,
  );
  console.table(community.rows);

  if (options.viewerNice > 19) throw new BenchError('--viewer-nice is 0 to 19');
  const pool = new ViewerPool(options.workers, { nice: options.viewerNice });
  console.log(
    `\nViewers: ${options.workers} worker threads of this process at nice ${options.viewerNice} ` +
      `(they stand for phones elsewhere; --viewer-nice 0 gives them the server's priority).`,
  );
  cleanups.push(() => pool.terminate());
  const floor = await startFloorServer((step) => cleanups.push(step));
  if (phases.has('memory')) await measureMemory(server, pool, community, floor);
  if (phases.has('reads')) await measureReads(server, pool, community);
  if (phases.has('fanout')) {
    const topic = `group:${community.groupId}`;
    const townhall: FanoutTarget = {
      system: 'Townhall',
      wsUrl: `${server.url.replace('http:', 'ws:')}/api/live`,
      origin: server.url,
      topic,
      pid: server.child.pid,
      write: questionAndVoteWriter({
        api,
        groupId: community.groupId,
        askers: community.fanoutAskers,
        voter: community.voter,
      }),
    };
    const { results, ratios } = await measureFanout({
      pool,
      targets: [townhall, bare(floor, topic, community.groupId)],
      sizes: [options.fanoutClients],
      writes: options.fanoutWrites,
      warmup: 2,
      gap: 200,
      timeout: 10_000,
      batch: 100,
      address: (n) => viewerAddress(200_000 + n),
    });
    console.log(
      `\n3. Fan-out: ${count(options.fanoutClients)} sockets (signed out) on ${topic}, questions and votes one at a ` +
        `time, Townhall beside a bare ws server (target: last p99 and spread p99 Townhall/bare ≤ 1.2).\n${FANOUT_LEGEND}`,
    );
    console.table(results);
    console.table(ratios);
  }
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

function bare(floor: { url: string; wsUrl: string; pid: number | undefined }, topic: string, groupId: string) {
  return bareTarget({ ...floor, topic, groupId });
}

await runBench(main);
