// The password hasher's child process (see password-hashing.ts): argon2 at low priority, so
// that hashing a burst of sign-ins never takes the CPU from the server's event loop.
import { hashPassword, verifyPassword } from './password-hash.ts';

interface Job {
  id: number;
  op: 'hash' | 'verify';
  password: string;
  hash?: string;
}

process.on('message', (job: Job) => {
  const work =
    job.op === 'hash' ? hashPassword(job.password) : verifyPassword({ hash: job.hash ?? '', password: job.password });
  work.then(
    (value) => process.send?.({ id: job.id, ok: true, value }),
    (error: unknown) => process.send?.({ id: job.id, ok: false, message: String(error) }),
  );
});
// the parent went away: nothing left to hash for
process.on('disconnect', () => process.exit(0));
