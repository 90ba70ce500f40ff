import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ImagePurpose } from '../../db/schema/images.ts';
import { AppError } from '../../lib/errors.ts';
import type { InspectedImage, Rendition } from './process-image.ts';

/** One upload sent to the child: its bytes and what it is for (the child plans the renditions). */
export interface ImageJob {
  id: number;
  purpose: ImagePurpose;
  data: Buffer;
}

/** The child's answer to one job. */
export type ImageJobAnswer =
  | { id: number; ok: true; inspected: InspectedImage; renditions: Rendition[]; maxRss: number }
  | { id: number; ok: false; refused: { statusCode: number; code: string; message: string } }
  | { id: number; ok: false; failed: string };

/**
 * How long the child stays alive without work. Starting one costs about a fifth of a second
 * (measured in `npm run bench images`), paid by the first upload after a pause; a person
 * uploading several pictures in a row keeps the same child.
 */
export const IMAGE_WORKER_IDLE_MS = 5_000;

/** The longest one upload may take in the child (a 50-megapixel PNG takes a few seconds). */
export const IMAGE_JOB_TIMEOUT_MS = 60_000;

/**
 * Uploads handed to the child at once, as many as it decodes at once (UPLOADS_DECODED_AT_ONCE):
 * the others wait here, holding only their compressed bytes, and their time-out starts when
 * they are handed over, so it measures the upload's own work and not the queue before it.
 */
export const IMAGE_JOBS_IN_CHILD = 2;

/** Seconds a person is asked to wait after the image process failed. */
export const IMAGE_WORKER_RETRY_AFTER_SECONDS = 5;

export const IMAGE_WORKER_UNAVAILABLE = 'Image processing is unavailable right now. Please try again in a moment.';

const unavailable = () =>
  new AppError(503, 'unavailable', IMAGE_WORKER_UNAVAILABLE, {
    headers: { 'retry-after': String(IMAGE_WORKER_RETRY_AFTER_SECONDS) },
  });

const CHILD_MODULE = fileURLToPath(new URL('./image-worker-child.ts', import.meta.url));

interface Pending {
  job: ImageJob;
  resolve: (value: { inspected: InspectedImage; renditions: Rendition[] }) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
}

interface Child {
  process: ChildProcess;
  inFlight: Map<number, Pending>;
  /** The child's own peak resident memory, as it last reported it (bytes). */
  maxRss: number;
}

export interface ImageWorkerEvents {
  /** A child started. */
  spawn: [pid: number];
  /** A job was handed to the child `pid`. */
  dispatch: [pid: number, jobId: number];
  /** A child ended: idle, killed or crashed; `maxRss` is its peak resident memory as it last reported it. */
  exit: [pid: number, details: { code: number | null; signal: NodeJS.Signals | null; maxRss: number }];
}

/**
 * Decodes and encodes uploads in one short-lived child process (image-worker-child.ts), started
 * on the first upload and ended after IMAGE_WORKER_IDLE_MS without work. glibc's allocator keeps
 * the memory libvips frees, so a server that decoded a burst of photos itself would stay at its
 * peak; a child that exits gives every byte back. A child that crashes, is killed or takes longer
 * than IMAGE_JOB_TIMEOUT_MS fails its uploads in hand with a 503 and the next upload starts a
 * new one; uploads refused for their content get the same 4xx as in-process processing.
 */
export class ImageWorker extends EventEmitter<ImageWorkerEvents> {
  readonly idleMs: number;
  readonly jobTimeoutMs: number;
  private child: Child | undefined;
  private readonly waiting: Pending[] = [];
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;
  private readonly log: Pick<FastifyBaseLogger, 'warn'> | undefined;

  constructor(options: { idleMs?: number; jobTimeoutMs?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {}) {
    super();
    this.idleMs = options.idleMs ?? IMAGE_WORKER_IDLE_MS;
    this.jobTimeoutMs = options.jobTimeoutMs ?? IMAGE_JOB_TIMEOUT_MS;
    this.log = options.log;
  }

  /** The running child's process id, if one is running. */
  get pid(): number | undefined {
    return this.child?.process.pid;
  }

  /** Inspects the upload (type, header, pixel limit) and makes its renditions in the child. */
  process(data: Buffer, purpose: ImagePurpose): Promise<{ inspected: InspectedImage; renditions: Rendition[] }> {
    if (this.closed) return Promise.reject(unavailable());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, purpose, data }, resolve, reject });
      this.pump();
    });
  }

  /** Ends the child (the server is stopping); uploads still waiting get a 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(unavailable());
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await exited;
    }
  }

  /** Hands waiting jobs to the child, up to IMAGE_JOBS_IN_CHILD at a time. */
  private pump(): void {
    clearTimeout(this.idleTimer);
    while (this.waiting.length > 0 && (this.child?.inFlight.size ?? 0) < IMAGE_JOBS_IN_CHILD) {
      const child = this.child ?? this.start();
      if (!child) return;
      const pending = this.waiting.shift();
      if (!pending) return;
      child.inFlight.set(pending.job.id, pending);
      pending.timer = setTimeout(() => {
        this.log?.warn({ pid: child.process.pid, timeoutMs: this.jobTimeoutMs }, 'image process timed out: killed');
        child.process.kill('SIGKILL');
      }, this.jobTimeoutMs);
      child.process.send(pending.job, (error) => {
        // The child died before the job reached it: its exit handler fails the job.
        if (error) child.process.kill('SIGKILL');
      });
      this.emit('dispatch', child.process.pid ?? 0, pending.job.id);
    }
    const child = this.child;
    if (!child) return;
    if (child.inFlight.size > 0) {
      // Uploads in hand keep this process alive until they are answered, an idle child does not.
      child.process.channel?.ref();
    } else {
      child.process.channel?.unref();
      if (this.waiting.length === 0) {
        this.idleTimer = setTimeout(() => this.retire(child), this.idleMs);
        this.idleTimer.unref();
      }
    }
  }

  private start(): Child | undefined {
    let proc: ChildProcess;
    try {
      proc = fork(CHILD_MODULE, [], {
        // The same Node, with none of this process's flags (a test runner's loaders, --inspect …):
        // the child is plain type-stripped TypeScript like the server itself.
        execPath: process.execPath,
        execArgv: [],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    } catch (error) {
      this.log?.warn({ err: error }, 'could not start the image process');
      for (const pending of this.waiting.splice(0)) pending.reject(unavailable());
      return undefined;
    }
    const child: Child = { process: proc, inFlight: new Map(), maxRss: 0 };
    this.child = child;
    // The child itself never keeps this process alive; its channel does while it has work (pump).
    proc.unref();
    proc.on('message', (answer: ImageJobAnswer) => this.answer(child, answer));
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      if (this.child === child) this.child = undefined;
      const failed = [...child.inFlight.values()];
      child.inFlight.clear();
      if (failed.length > 0) {
        this.log?.warn({ pid: proc.pid, code, signal, uploads: failed.length }, 'image process ended during uploads');
      }
      for (const pending of failed) {
        clearTimeout(pending.timer);
        pending.reject(unavailable());
      }
      this.emit('exit', proc.pid ?? 0, { code, signal, maxRss: child.maxRss });
      // Uploads still waiting go to a new child.
      if (!this.closed) this.pump();
    };
    proc.on('exit', end);
    proc.on('error', (error) => {
      this.log?.warn({ err: error, pid: proc.pid }, 'image process error');
      // A child that never started has no exit to wait for.
      if (proc.pid === undefined) end(null, null);
      else proc.kill('SIGKILL');
    });
    if (proc.pid) this.emit('spawn', proc.pid);
    return child;
  }

  private answer(child: Child, answer: ImageJobAnswer): void {
    const pending = child.inFlight.get(answer.id);
    if (!pending) return;
    child.inFlight.delete(answer.id);
    clearTimeout(pending.timer);
    if (answer.ok) {
      child.maxRss = Math.max(child.maxRss, answer.maxRss);
      pending.resolve({ inspected: answer.inspected, renditions: answer.renditions });
    } else if ('refused' in answer) {
      const { statusCode, code, message } = answer.refused;
      pending.reject(new AppError(statusCode, code, message));
    } else {
      this.log?.warn({ pid: child.process.pid, error: answer.failed }, 'image process failed an upload');
      pending.reject(unavailable());
    }
    this.pump();
  }

  /** Ends an idle child: closing its channel makes it exit, and the system gets its memory back. */
  private retire(child: Child): void {
    if (this.child !== child || child.inFlight.size > 0) return;
    this.child = undefined;
    if (child.process.connected) child.process.disconnect();
  }
}
