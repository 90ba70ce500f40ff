import { AsyncLocalStorage } from 'node:async_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../lib/errors.ts';
import { hashPassword as hashHere, verifyPassword as verifyHere } from './password-hash.ts';

/** Seconds a person is asked to wait when the hasher's queue is full. */
export const HASHING_RETRY_AFTER_SECONDS = 5;

/** The answer when more passwords wait to be checked than the server can take now. */
export const hashingBusy = () =>
  new AppError(503, 'busy', 'Many people are signing in right now. Please try again in a few seconds.', {
    headers: { 'retry-after': String(HASHING_RETRY_AFTER_SECONDS) },
  });

const CHILD = fileURLToPath(new URL('./password-hasher-child.ts', import.meta.url));

/**
 * The nice value of the hashing process: a lower priority than the server's, so the event loop
 * wins the CPU, but not the lowest, so that hashing still moves on a machine busy with others.
 */
export const HASHER_NICE = 10;

type Reply = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; message: string };

interface Job {
  op: 'hash' | 'verify';
  password: string;
  hash?: string;
  resolve: (value: string | boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Hashes and verifies passwords (argon2id, `password-hash.ts`: the format and parameters every
 * stored hash has) in a child process of a lower CPU priority, at most `concurrency` at once.
 * argon2 costs tens of milliseconds of CPU per password: on libuv's thread pool in the server's
 * own process, a burst of sign-ins took the cores from the event loop and every request waited.
 * At most `maxWaiting` wait for their turn; past that, a sign-in is answered 503 at once with a
 * sentence (`hashingBusy`) rather than holding everyone up. If the child cannot run, the work is
 * done in this process, as before.
 */
export class PasswordHasher {
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly nice: number;
  #child: ChildProcess | undefined;
  #nextId = 1;
  readonly #running = new Map<number, Job>();
  readonly #waiting: Job[] = [];
  #childFailed = false;

  constructor(options: { concurrency?: number; maxWaiting?: number; nice?: number } = {}) {
    this.nice = options.nice ?? HASHER_NICE;
    this.concurrency = Math.max(1, options.concurrency ?? os.availableParallelism());
    this.maxWaiting = Math.max(0, options.maxWaiting ?? 64);
  }

  /** Jobs running and waiting (for tests and benchmarks). */
  get pending(): number {
    return this.#running.size + this.#waiting.length;
  }

  hash(password: string): Promise<string> {
    return this.#submit({ op: 'hash', password }) as Promise<string>;
  }

  /** False for a wrong password and for a hash that is not argon2's (never throws on bad input). */
  verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    return this.#submit({ op: 'verify', password, hash }) as Promise<boolean>;
  }

  /** The child's process id, while it runs. */
  get childPid(): number | undefined {
    return this.#child?.pid;
  }

  /** Stops the child (it is also stopped when this process exits). */
  close(): void {
    const child = this.#child;
    this.#child = undefined;
    if (child && child.exitCode === null) child.kill();
  }

  #submit(job: Omit<Job, 'resolve' | 'reject'>): Promise<string | boolean> {
    if (this.#running.size >= this.concurrency && this.#waiting.length >= this.maxWaiting) {
      return Promise.reject(hashingBusy());
    }
    return new Promise((resolve, reject) => {
      this.#waiting.push({ ...job, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#running.size < this.concurrency && this.#waiting.length > 0) {
      const job = this.#waiting.shift() as Job;
      const child = this.#childProcess();
      if (!child) {
        void this.#runHere(job);
        continue;
      }
      const id = this.#nextId++;
      this.#running.set(id, job);
      child.send({ id, op: job.op, password: job.password, hash: job.hash });
    }
    this.#setReferenced();
  }

  async #runHere(job: Job): Promise<void> {
    const id = -this.#nextId++;
    this.#running.set(id, job);
    try {
      job.resolve(
        job.op === 'hash'
          ? await hashHere(job.password)
          : await verifyHere({ hash: job.hash ?? '', password: job.password }),
      );
    } catch (error) {
      job.reject(error);
    } finally {
      this.#running.delete(id);
      this.#pump();
    }
  }

  #childProcess(): ChildProcess | undefined {
    if (this.#childFailed) return undefined;
    if (this.#child) return this.#child;
    let child: ChildProcess;
    try {
      child = fork(CHILD, [], {
        // none of the parent's flags (profilers, test loaders): a plain Node running one file
        execArgv: [],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'json',
      });
    } catch {
      this.#childFailed = true;
      return undefined;
    }
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, this.nice);
    } catch {
      // not allowed here: it still keeps argon2 off the event loop's thread pool
    }
    child.on('message', (reply: Reply) => {
      const job = this.#running.get(reply.id);
      if (!job) return;
      this.#running.delete(reply.id);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new Error(`password hashing failed: ${reply.message}`));
      this.#pump();
    });
    const lost = () => {
      if (this.#child !== child) return;
      this.#child = undefined;
      // the jobs it had are done here instead; the next ones start a new child
      const jobs = [...this.#running.entries()].filter(([id]) => id > 0);
      for (const [id, job] of jobs) {
        this.#running.delete(id);
        void this.#runHere(job);
      }
    };
    child.on('error', () => {
      // a child that could not start (no such file, no process left): stay in this process
      if (child.pid === undefined) this.#childFailed = true;
      lost();
    });
    child.on('exit', lost);
    this.#child = child;
    return child;
  }

  /** An idle child keeps no process alive; a busy one does until its answers are in. */
  #setReferenced(): void {
    const child = this.#child;
    if (!child) return;
    const busy = [...this.#running.keys()].some((id) => id > 0);
    if (busy) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  }
}

/** The process's one hasher. */
export const passwordHasher = new PasswordHasher();

/** A password hashed ahead of a call that will ask for its hash (see `withPrecomputedHash`). */
const precomputed = new AsyncLocalStorage<{ password: string; hash: string; used: boolean }>();

/**
 * Runs `fn` with the hash of `password` made beforehand: the next `hashPassword(password)`
 * inside it answers with that hash at once. better-auth's sign-up hashes inside the
 * transaction that creates the account, which then held a pooled connection for the whole
 * hashing; hashed before, the transaction holds it only for its inserts.
 */
export async function withPrecomputedHash<T>(password: string, fn: () => Promise<T>): Promise<T> {
  const hash = await passwordHasher.hash(password);
  return precomputed.run({ password, hash, used: false }, fn);
}

/** better-auth's `emailAndPassword.password.hash`. */
export function hashPassword(password: string): Promise<string> {
  const ready = precomputed.getStore();
  if (ready && !ready.used && ready.password === password) {
    ready.used = true;
    return Promise.resolve(ready.hash);
  }
  return passwordHasher.hash(password);
}

/** better-auth's `emailAndPassword.password.verify`. */
export function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  return passwordHasher.verify(input);
}
