// `npm run bench sign-ins [-- --accounts 300 --rate 50 --seconds 10 --get-rate 100 --path /api/health]`
// Sign-ins do not stall the server. Signs up --accounts people through the API
// first, then measures a cheap GET sent at a steady --get-rate (open loop: one request every
// 1/rate seconds, whatever the answers do) for --seconds alone, and for --seconds again while
// e-mail + password sign-ins arrive at --rate a second (also open loop). Prints p50/p99 of the GET
// in both phases and the sign-ins' latency and answers (a 503 is the hasher's queue being full).
// Each sign-in comes from an address of its own (X-Forwarded-For; the bench server trusts
// loopback), so the per-address throttle (decision 014) is not what is measured. It makes a fresh
// database (townhall_signin_bench_<random>) like the other benches and drops it unless --keep.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { runMigrations } from '../../server/db/migrate.ts';
import { cleanups, count, millis, serverUrl, runBench } from './lib/bench-kit.ts';
import { BenchError, startBenchServer } from './lib/bench-server.ts';
import { createBenchDatabase, eachLimited, redact } from './lib/live-bench.ts';
import { percentile } from './lib/live-sockets.ts';

const PASSWORD = 'bench sign-in password 7f3a';

/** Address number n, never the same for two n below 16 million. */
const address = (prefix: number, n: number) => `198.${prefix}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

async function post(url: string, origin: string, from: string, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Calls `fire` every 1000/rate ms for `seconds`, without waiting for the calls; resolves when all ended. */
async function openLoop(rate: number, seconds: number, fire: (index: number) => Promise<void>): Promise<void> {
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const calls: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(fire(index));
  }
  await Promise.all(calls);
}

function summary(times: number[]): { p50: string; p99: string; max: string } {
  const sorted = Float64Array.from(times).sort();
  return {
    p50: millis(percentile(sorted, 50)),
    p99: millis(percentile(sorted, 99)),
    max: millis(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      accounts: { type: 'string', default: '300' },
      rate: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '10' },
      'get-rate': { type: 'string', default: '100' },
      path: { type: 'string', default: '/api/health' },
      keep: { type: 'boolean', default: false },
    },
  });
  const number = (name: 'accounts' | 'rate' | 'seconds' | 'get-rate', min: number) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min) throw new BenchError(`--${name} must be a number of at least ${min}`);
    return value;
  };
  const accounts = Math.floor(number('accounts', 1));
  const rate = number('rate', 1);
  const seconds = number('seconds', 1);
  const getRate = number('get-rate', 1);

  const cpus = os.cpus();
  const database = await createBenchDatabase('townhall_signin_bench', values.keep);
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  await runMigrations(database.url, pino({ level: 'silent' }));
  const server = await startBenchServer({
    databaseUrl: database.url,
    pool: 10,
    onCleanup: (step) => cleanups.push(step),
  });
  const origin = server.url;

  // People first, a few at a time (sign-up hashes too), each from an address of its own.
  const signUpStart = performance.now();
  const emails = Array.from({ length: accounts }, (_, i) => `signin_bench_${i + 1}@bench.example`);
  await eachLimited(emails, 4, async (email, i) => {
    for (let attempt = 0; ; attempt++) {
      const status = await post(`${server.url}/api/accounts/sign-up`, origin, address(18, i), {
        email,
        username: `signin_bench_${i + 1}`,
        password: PASSWORD,
      });
      if (status === 201) return;
      if (status !== 503 || attempt > 20) throw new BenchError(`signing up ${email} answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
  console.log(`Signed up ${count(accounts)} people in ${((performance.now() - signUpStart) / 1000).toFixed(1)} s`);

  const measureGets = async (during?: () => Promise<void>) => {
    const times: number[] = [];
    let failed = 0;
    const gets = openLoop(getRate, seconds, async () => {
      const start = performance.now();
      try {
        const response = await fetch(`${server.url}${values.path}`);
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - start);
    });
    await Promise.all([gets, during?.()]);
    return { times, failed };
  };

  // A short warm-up, then the GET alone, then the GET with sign-ins.
  await openLoop(50, 1, async () => {
    await (await fetch(`${server.url}${values.path}`)).arrayBuffer();
  });
  const idle = await measureGets();

  const signInTimes: number[] = [];
  const statuses = new Map<number, number>();
  let signIns = 0;
  const loaded = await measureGets(() =>
    openLoop(rate, seconds, async (index) => {
      const start = performance.now();
      let status: number;
      try {
        status = await post(`${server.url}/api/accounts/sign-in`, origin, address(19, index), {
          email: emails[index % accounts],
          password: PASSWORD,
        });
      } catch {
        status = -1;
      }
      signInTimes.push(performance.now() - start);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      signIns++;
    }),
  );

  console.log(
    `\nGET ${values.path} at ${getRate}/s for ${seconds} s, alone and with ${rate} e-mail + password sign-ins/s ` +
      `(open loop; each sign-in from an address of its own). Times in ms, from the request to the whole answer.`,
  );
  console.table([
    { phase: 'GET alone', requests: idle.times.length, failed: idle.failed, ...summary(idle.times) },
    {
      phase: `GET with ${rate} sign-ins/s`,
      requests: loaded.times.length,
      failed: loaded.failed,
      ...summary(loaded.times),
    },
    { phase: 'sign-ins', requests: signIns, failed: signIns - (statuses.get(200) ?? 0), ...summary(signInTimes) },
  ]);
  console.log(
    `Sign-in answers: ${[...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status === -1 ? 'no answer' : status} × ${count(n)}`)
      .join(', ')} (503: more passwords waiting than the hasher takes; 429: throttled)`,
  );
}

await runBench(main);
