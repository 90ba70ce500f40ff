// What the load benchmarks share: their error, and the real server started as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A bench stopped for a reason worth one line (no stack). */
export class BenchError extends Error {
  override name = 'BenchError';
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** The last 20,000 characters it printed. */
  output(): string;
}

/**
 * The real server (server/main.ts, production mode) on `databaseUrl`, with a throw-away data
 * directory. It logs warnings only, so per-request logging is not part of the figures;
 * TRUST_PROXY=loopback lets each bench client stand for its own address (X-Forwarded-For) under
 * the per-address limits. `onCleanup` receives the step that stops it and removes its directory.
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  pool: number;
  onCleanup: (step: () => Promise<void>) => void;
  /** SESSION_SECRET, when the bench runs the app in-process too and must accept its cookies; random by default. */
  sessionSecret?: string;
}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|REDIS_|S3_|SMTP_|GOOGLE_|MAIL_FROM|TRUST_PROXY|SESSION_SECRET)/.test(name)) delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: String(options.pool),
    SESSION_SECRET: options.sessionSecret ?? randomBytes(32).toString('hex'),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  options.onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new BenchError(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new BenchError(`the server was not ready within 60 s:\n${output}`);
}
