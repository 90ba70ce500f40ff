// `npm run bench lighthouse`: Lighthouse's mobile profile (its defaults: simulated throttling,
// a Moto G-class phone) in Debian's Chromium against the real server with the built client and
// `npm run demo`'s community, on the pages people arrive at from a shared link: `/`, a group
// page and the live AMA session. Each page is measured several times (interleaved, so a noisy
// moment of this shared machine hits every page alike) and the medians are printed, beside a
// floor measured in the same run: `/` with its scripts blocked, i.e. the static shell alone.
//
// Options: --runs 3 (Lighthouse runs per page), --keep (keep the data directory and print it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { spawnServer, type SpawnedServer } from '../../server/test/spawn-server.ts';
import { SessionListResponseSchema } from '../../shared/schemas/sessions.ts';
import { BenchError, freePort } from './lib/bench-server.ts';
import { cleanup, cleanups, seconds } from './lib/bench-kit.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(root, 'dist', 'client');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20)
  throw new BenchError('--runs must be a whole number from 1 to 20');

/** The newest modification time under `entry` (the rule `npm start` builds by). */
function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the client when dist/client is missing or older than its sources, as `npm start` does. */
function buildIfStale(): void {
  const builtAt = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = ['client', 'shared', 'vite.config.ts', 'package.json'].map((name) => path.join(root, name));
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  console.log(builtAt === 0 ? 'Building the client…' : 'The client changed: building it again…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new BenchError('the client build failed');
}

/** The environment of the demo and the server: their own data directory, nothing from the developer's setup. */
function childEnv(dataDir: string): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of Object.keys(process.env)) {
    if (/^(DATABASE_|REDIS_|S3_|SMTP_|GOOGLE_|MAIL_FROM|TRUST_PROXY|SESSION_SECRET|PUBLIC_URL|PORT$)/.test(name)) {
      env[name] = undefined;
    }
  }
  return { ...env, DATA_DIR: dataDir, NODE_ENV: 'production' };
}

/** `npm run demo` into `dataDir`, as a child process. */
async function seedDemo(dataDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(childEnv(dataDir))) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, [path.join(root, 'scripts/demo/index.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new BenchError(`npm run demo failed (exit ${String(code)}):\n${output}`);
}

/** Headless Chromium with a fresh profile, and the DevTools port Lighthouse connects to. */
async function launchChromium(profileDir: string): Promise<{ port: number; child: ChildProcess }> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new BenchError(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profileDir}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError(`Chromium did not open its DevTools port:\n${output}`)),
      30_000,
    );
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new BenchError(`Chromium exited with ${String(code)}:\n${output}`));
    });
  });
  return { port, child };
}

/** The gzip size of a built file, as the server sends it to a browser that takes gzip. */
function gzipSizeOf(urlPath: string): number {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  if (!file.startsWith(distDir + path.sep)) return 0;
  const gz = fs.statSync(`${file}.gz`, { throwIfNoEntry: false });
  if (gz) return gz.size;
  return fs.existsSync(file) ? gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsGzip: number;
  jsFiles: number;
  benchmarkIndex: number;
};

/** What the brief's table asks of one Lighthouse report, and the audits that kept a category below 100. */
function figuresOf(result: Result, origin: string): { figures: Figures; faults: string[] } {
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN;
  const requests = (
    result.audits['network-requests']?.details as {
      items?: { url: string; resourceType?: string; statusCode?: number }[];
    }
  )?.items;
  const scripts = (requests ?? []).filter(
    (item) =>
      item.resourceType === 'Script' &&
      new URL(item.url).origin === origin &&
      (item.statusCode ?? 0) >= 200 &&
      (item.statusCode ?? 0) < 400,
  );
  const faults: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of result.categories[id]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) faults.push(`${id}: ${audit.title}`);
    }
  }
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsGzip: scripts.reduce((sum, item) => sum + gzipSizeOf(new URL(item.url).pathname), 0),
      jsFiles: new Set(scripts.map((item) => item.url)).size,
      benchmarkIndex: result.environment.benchmarkIndex,
    },
    faults,
  };
}

/**
 * One Lighthouse report of `url`. Lighthouse now and then fails to record a trace (NO_NAVSTART,
 * NO_FCP) on a busy machine: such a run is repeated, at most twice, and said so.
 */
async function audit(url: string, label: string, flags: Flags = {}): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    await ensureServer();
    const answer = await lighthouse(url, {
      port: chromiumPort,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...flags,
    });
    if (!answer) throw new BenchError(`Lighthouse gave no result for ${label}`);
    const problem = answer.lhr.runtimeError;
    if (!problem) return answer.lhr;
    if (attempt === 3) {
      throw new BenchError(
        `Lighthouse failed on ${label}: ${problem.message}\nThe server printed last:\n${serverOutput().slice(-3000)}`,
      );
    }
    console.log(`  Lighthouse failed (${problem.code}); measuring ${label} again`);
  }
}

let chromiumPort = 0;
let serverOutput = () => '';
let ensureServer = async () => {};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const startedAt = Date.now();
const loadBefore = os.loadavg();
let pages: { label: string; path: string; flags?: Flags }[] = [];
const measured = new Map<string, Figures[]>();
const faults = new Map<string, Set<string>>();

/** The medians of what has been measured so far, and what kept a category below 100. */
function printReport(): void {
  const done = [...measured.values()].flat();
  if (done.length === 0) return;
  const rows = pages.map((page) => {
    const all = measured.get(page.label) ?? [];
    const of = (key: keyof Figures) => median(all.map((figures) => figures[key]));
    return {
      page: page.label,
      perf: of('performance'),
      a11y: of('accessibility'),
      'best pr.': of('bestPractices'),
      seo: of('seo'),
      FCP: seconds(of('fcp')),
      LCP: seconds(of('lcp')),
      TBT: `${of('tbt').toFixed(0)} ms`,
      CLS: of('cls').toFixed(3),
      'JS KB gzip': (of('jsGzip') / 1000).toFixed(1),
      'JS files': of('jsFiles'),
      'perf (each run)': all.map((figures) => figures.performance).join(' '),
    };
  });
  console.log(
    `\nLighthouse ${answerVersion()} mobile (simulated throttling), Chromium ${chromiumVersion()}, median of each page's runs:`,
  );
  console.table(rows);
  const indexes = [...measured.values()].flat().map((figures) => figures.benchmarkIndex);
  console.log(
    `Lighthouse's CPU benchmark index: median ${median(indexes).toFixed(0)} (from ${Math.min(...indexes).toFixed(0)} to ${Math.max(...indexes).toFixed(0)}; lower means a busier machine).`,
  );
  console.log(
    `Load average before: ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (${String(os.cpus().length)} cores), ${seconds(Date.now() - startedAt)} in all.`,
  );
  for (const [label, found] of faults) {
    if (found.size > 0) console.log(`\nBelow 100 on ${label}:\n  ${[...found].join('\n  ')}`);
  }
}

// This machine is shared: a run stopped from outside still prints what it measured.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\nStopped by ${signal}; what was measured until then:`);
    printReport();
    void cleanup().finally(() => process.exit(1));
  });
}

let exitCode = 0;
try {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-lighthouse-'));
  cleanups.push(async () => {
    if (options.keep) console.log(`Kept the data directory: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  });
  console.log('Filling a data directory with npm run demo…');
  await seedDemo(dataDir);

  // One port for the whole run, so the server can be started again at the same address.
  const port = await freePort();
  const startServer = () =>
    spawnServer({ dataDir, env: { ...childEnv(dataDir), LOG_LEVEL: 'info', PORT: String(port) } });
  let server: SpawnedServer = await startServer();
  cleanups.push(async () => {
    await server.stop();
  });
  serverOutput = () => server.output();
  // This machine is shared: if something outside stops the server between two runs, it is
  // started again on the same data (and said so), rather than measuring Chromium's error page.
  ensureServer = async () => {
    const { exitCode, signalCode } = server.process;
    if (exitCode === null && signalCode === null) return;
    console.log(
      `  the server was stopped from outside (${signalCode ?? `exit ${String(exitCode)}`}); starting it again`,
    );
    server = await startServer();
  };
  const origin = new URL(server.url).origin;
  const live = SessionListResponseSchema.parse(await (await fetch(`${origin}/api/sessions?view=live`)).json())
    .sessions[0];
  if (!live) throw new BenchError('the demo has no live session');
  pages = [
    { label: '/', path: '/' },
    { label: `/group/${live.group.slug}`, path: `/group/${live.group.slug}` },
    { label: `/event/${live.id} (live)`, path: `/event/${live.id}` },
    { label: 'floor: / without scripts', path: '/', flags: { blockedUrlPatterns: ['*/assets/*.js'] } },
  ];

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-chromium-'));
  const chromium = await launchChromium(profileDir);
  chromiumPort = chromium.port;
  cleanups.push(async () => {
    if (chromium.child.exitCode === null) {
      const exited = new Promise((resolve) => chromium.child.once('exit', resolve));
      chromium.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  });

  for (let run = 1; run <= runs; run += 1) {
    for (const page of pages) {
      process.stdout.write(`run ${String(run)}/${String(runs)}: ${page.label}…\n`);
      const one = figuresOf(await audit(`${origin}${page.path}`, page.label, page.flags), origin);
      measured.set(page.label, [...(measured.get(page.label) ?? []), one.figures]);
      const { figures } = one;
      console.log(
        `  performance ${String(figures.performance)}, FCP ${seconds(figures.fcp)}, LCP ${seconds(figures.lcp)}, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, JS ${(figures.jsGzip / 1000).toFixed(1)} KB in ${String(figures.jsFiles)} files`,
      );
      const pageFaults = faults.get(page.label) ?? new Set<string>();
      for (const fault of one.faults) pageFaults.add(fault);
      faults.set(page.label, pageFaults);
    }
  }

  printReport();
} catch (error) {
  exitCode = 1;
  console.error(error instanceof BenchError ? error.message : error);
} finally {
  await cleanup();
}
process.exit(exitCode);

function answerVersion(): string {
  const file = path.join(root, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

function chromiumVersion(): string {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return (result.stdout.match(/[\d.]+/) ?? ['?'])[0];
}
