import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './test-database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpawnedServer {
  url: string;
  process: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts a real Townhall process (`entry`, relative to the project) with its own data
 * directory and waits until it says it is ready.
 */
export async function spawnServer(options: {
  /** Data directory to use; a fresh temporary one by default. */
  dataDir?: string;
  entry?: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Called with everything printed so far, on each chunk, also before the process is ready. */
  onOutput?: (output: string) => void;
  /**
   * Starts it as the leader of a process group of its own, like a program run from a terminal,
   * so that a test can signal the whole group (`process.kill(-pid, …)`) as the terminal's Ctrl-C does.
   */
  ownProcessGroup?: boolean;
}): Promise<SpawnedServer> {
  const dataDir = options.dataDir ?? makeTempDir('townhall-test-app-');
  const ownsDataDir = options.dataDir === undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // an `undefined` in options.env means "not set", also when the developer's shell sets it
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(process.execPath, [path.join(root, options.entry ?? 'server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  // a test that fails or times out before it stops its server must not leave it running
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    let isReady = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      options.onOutput?.(output);
      // once ready, the rest is only kept: splitting the whole output at every chunk of a long
      // run's log (the browser tests' server logs every request) cost minutes of CPU
      if (isReady) return;
      for (const line of output.split('\n')) {
        if (!line.includes('Townhall is ready')) continue;
        try {
          const entry = JSON.parse(line) as { url?: string };
          if (entry.url) {
            isReady = true;
            clearTimeout(timer);
            resolve(entry.url);
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  let url: string;
  try {
    url = await ready;
  } catch (error) {
    child.kill('SIGKILL');
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
