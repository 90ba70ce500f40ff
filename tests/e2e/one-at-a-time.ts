/**
 * The browser tests (the `e2e` project) run one file at a time: they share one server, and several
 * wait for something to happen within seconds (a live event, focus after an action, a restart).
 * Their project runs in two workers so that the accessibility walk (its own project, on its own
 * server) runs beside them (decision 048): this setup file makes each e2e file hold a lock from
 * before its first hook to after its last, so no two of them ever overlap. The lock is a directory
 * (mkdir is atomic) named by this run's server port, holding its owner's pid: a lock whose owner
 * died is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, inject } from 'vitest';

const lock = path.join(os.tmpdir(), `townhall-e2e-${new URL(inject('baseUrl')).port}.lock`);
const owner = path.join(lock, 'pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the lock's owner died (a crashed worker leaves it behind): its pid is gone, or it never
 * wrote one (it died between making the directory and writing) a while ago.
 */
function isAbandoned(): boolean {
  try {
    const pid = Number(fs.readFileSync(owner, 'utf8'));
    return Number.isInteger(pid) && pid > 0 && !isAlive(pid);
  } catch {
    try {
      return Date.now() - fs.statSync(lock).mtimeMs > 30_000;
    } catch {
      return false; // released meanwhile: the next try takes it
    }
  }
}

async function acquire(): Promise<void> {
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(owner, String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (isAbandoned()) fs.rmSync(lock, { recursive: true, force: true });
    await sleep(100);
  }
}

// registered before the file's own hooks (setup files run first), so it is taken before them and,
// after hooks running in reverse order, given back after them
beforeAll(acquire, 15 * 60_000);
afterAll(() => {
  fs.rmSync(lock, { recursive: true, force: true });
});
