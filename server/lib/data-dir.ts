import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another Townhall process already owns the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Creates the data directory; as root, others may traverse it (the embedded server runs as `postgres`). */
export function ensureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o711);
}

/** Whether process `pid` runs (one of another user's counts: signalling it is merely not permitted). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the data directory for this process with a pid file. A second process on the same
 * directory is refused; a pid file left by a process that died is taken over.
 * Returns the function that releases the claim.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'townhall.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Townhall process (pid ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or give this process its own DATA_DIR. ' +
            'To run several processes, point them all at one PostgreSQL server with DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not claim the data directory ${dataDir}.`);
}

interface Secrets {
  postgresPassword: string;
  sessionSecret: string;
}

/** Secrets generated on first start and kept (mode 600) in the data directory. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let current: Partial<Secrets> = {};
  if (fs.existsSync(file)) current = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    postgresPassword: current.postgresPassword ?? randomBytes(24).toString('base64url'),
    sessionSecret: current.sessionSecret ?? randomBytes(32).toString('base64url'),
  };
  if (secrets.postgresPassword !== current.postgresPassword || secrets.sessionSecret !== current.sessionSecret) {
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  return secrets;
}
