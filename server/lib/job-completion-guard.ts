/**
 * pg-boss 10 marks a job done or failed without waiting for it: its worker calls
 * `manager.complete(...)` / `manager.fail(...)` and drops the promise. When the database is away
 * at that moment (a restart, a failover, the embedded server being restarted after a crash), the
 * rejected promise has no handler and Node ends the whole Townhall process.
 *
 * This wraps both methods once, so that a failure of theirs also reaches the queue's `error`
 * event (which each queue logs) and never goes unhandled. Callers that await them still get the
 * rejection. The job itself stays active and is retried by pg-boss when it expires, as after any
 * crash of a worker: jobs are at-least-once already.
 */
import { createRequire } from 'node:module';

type CompletionMethod = (this: NodeJS.EventEmitter, ...args: unknown[]) => Promise<unknown>;
type ManagerPrototype = Record<'complete' | 'fail', CompletionMethod> & { [GUARDED]?: true };

const GUARDED = Symbol.for('townhall.pgBossCompletionGuarded');

/** Installs the guard on pg-boss's job manager (idempotent: every queue may call it). */
export function guardJobCompletion(): void {
  const require = createRequire(import.meta.url);
  const Manager = require('pg-boss/src/manager.js') as { prototype: ManagerPrototype };
  const prototype = Manager.prototype;
  if (prototype[GUARDED]) return;
  for (const method of ['complete', 'fail'] as const) {
    const original = prototype[method];
    const guarded = function (this: NodeJS.EventEmitter, ...args: unknown[]) {
      const result = original.apply(this, args);
      result.catch((error: unknown) => {
        this.emit('error', error instanceof Error ? error : new Error(String(error)));
      });
      return result;
    };
    // PgBoss exposes its manager's methods under their function names (boss.fail, boss.complete)
    Object.defineProperty(guarded, 'name', { value: method });
    prototype[method] = guarded;
  }
  prototype[GUARDED] = true;
}
