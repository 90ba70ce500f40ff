import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../db/embedded.ts';
import { makeTempDir } from './test-database.ts';

/** Where Debian and Ubuntu put PostgreSQL 15's server programs (the CI machines have them). */
export const SYSTEM_POSTGRES_BIN = process.env.TEST_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether the system's PostgreSQL server programs are installed. */
export function hasSystemPostgres(): boolean {
  return ['initdb', 'postgres'].every((name) => fs.existsSync(path.join(SYSTEM_POSTGRES_BIN, name)));
}

/**
 * A PostgreSQL server of our own, from the system's binaries, on a temporary directory and a
 * free port: a test may kill and restart it, which it must never do to the machine's shared
 * server. Runs as `postgres` when we are root (PostgreSQL refuses root), like embedded.ts.
 */
export class PrivatePostgres {
  readonly port: number;
  readonly #dir: string;
  readonly #owner: { uid: number; gid: number } | undefined;
  #child: ChildProcess | undefined;
  #log = '';

  private constructor(port: number, dir: string, owner: { uid: number; gid: number } | undefined) {
    this.port = port;
    this.#dir = dir;
    this.#owner = owner;
  }

  /** Creates the cluster (trust authentication on 127.0.0.1 only) and starts the server. */
  static async create(): Promise<PrivatePostgres> {
    if (!hasSystemPostgres()) {
      throw new Error(
        `PostgreSQL's server programs are not in ${SYSTEM_POSTGRES_BIN} (install postgresql-15, or set TEST_POSTGRES_BIN).`,
      );
    }
    const root = makeTempDir('townhall-test-private-pg-');
    const dir = path.join(root, 'cluster');
    fs.mkdirSync(dir, { mode: 0o700 });
    let owner: { uid: number; gid: number } | undefined;
    if (process.getuid?.() === 0) {
      owner = {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      };
      fs.chownSync(dir, owner.uid, owner.gid);
    }
    execFileSync(
      path.join(SYSTEM_POSTGRES_BIN, 'initdb'),
      ['-D', dir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      { ...owner, stdio: 'pipe' },
    );
    const server = new PrivatePostgres(await freePort(), dir, owner);
    await server.start();
    return server;
  }

  /** URL of database `name` on this server. */
  url(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Everything the server printed, for failure messages. */
  get log(): string {
    return this.#log;
  }

  /**
   * Starts the server on its port and directory and waits until it accepts connections. Just
   * after a kill, backends of the old server may still hold its shared memory: then it tries again.
   */
  async start(): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await this.#startOnce();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }

  async #startOnce(): Promise<void> {
    const child = spawn(
      path.join(SYSTEM_POSTGRES_BIN, 'postgres'),
      [
        ...['-D', this.#dir, '-p', String(this.port)],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'],
      ],
      { ...this.#owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        this.#log += chunk.toString();
        if (chunk.toString().includes('database system is ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        if (this.#child === child) this.#child = undefined;
        reject(new Error(`PostgreSQL exited (${code ?? signal}) while starting:\n${this.#log.slice(-2000)}`));
      });
    });
  }

  /** Kills the postmaster with `signal` (SIGKILL: no shutdown at all; SIGINT: a fast shutdown) and waits until it is gone. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Stops the server and removes its files. */
  async destroy(): Promise<void> {
    await this.kill('SIGINT');
    fs.rmSync(path.dirname(this.#dir), { recursive: true, force: true });
  }
}
