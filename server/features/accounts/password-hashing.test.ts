import argon2 from 'argon2';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { ARGON2_OPTIONS } from './password-hash.ts';
import { PasswordHasher, hashPassword, passwordHasher, withPrecomputedHash } from './password-hashing.ts';

// argon2 at the lowest priority is slow on a busy machine
vi.setConfig({ testTimeout: 60_000 });

const hasher = new PasswordHasher({ concurrency: 1, maxWaiting: 1 });
afterAll(() => {
  hasher.close();
  passwordHasher.close();
});

describe('the password hasher (a low-priority child process)', () => {
  it('makes argon2id hashes at the parameters every stored hash has', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await hasher.verify({ hash, password: 'correct horse batterY' })).toBe(false);
  });

  it('verifies hashes made in the server process before it existed, and those verify its hashes', async () => {
    const before = await argon2.hash('an older password', ARGON2_OPTIONS);
    expect(await hasher.verify({ hash: before, password: 'an older password' })).toBe(true);
    expect(await hasher.verify({ hash: before, password: 'another password' })).toBe(false);
    const now = await hasher.hash('a newer password');
    expect(await argon2.verify(now, 'a newer password')).toBe(true);
  });

  it('answers false for a hash that is not argon2’s, as before', async () => {
    expect(await hasher.verify({ hash: 'not a hash', password: 'whatever it is' })).toBe(false);
    expect(await hasher.verify({ hash: '', password: 'whatever it is' })).toBe(false);
  });

  it('answers 503 with a sentence at once when its queue is full', async () => {
    const running = hasher.hash('first password');
    const waiting = hasher.hash('second password');
    const refused = hasher.hash('third password');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 503,
      message: 'Many people are signing in right now. Please try again in a few seconds.',
      headers: { 'retry-after': '5' },
    });
    await expect(running).resolves.toMatch(/^\$argon2id\$/);
    await expect(waiting).resolves.toMatch(/^\$argon2id\$/);
    expect(hasher.pending).toBe(0);
  });

  it('carries on in a new child when its child dies', async () => {
    await hasher.hash('warm up');
    const pid = hasher.childPid;
    expect(pid).toBeTypeOf('number');
    process.kill(pid as number, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hash = await hasher.hash('after the crash');
    expect(await hasher.verify({ hash, password: 'after the crash' })).toBe(true);
  });
});

describe('a password hashed ahead of time', () => {
  it('is answered once, for that password only, inside its call', async () => {
    const results = await withPrecomputedHash('precomputed password', async () => {
      const first = await hashPassword('precomputed password');
      const other = await hashPassword('another password');
      const second = await hashPassword('precomputed password');
      return { first, other, second };
    });
    expect(await argon2.verify(results.first, 'precomputed password')).toBe(true);
    expect(await argon2.verify(results.other, 'another password')).toBe(true);
    // the second call hashes again: a fresh salt
    expect(results.second).not.toBe(results.first);
    expect(await argon2.verify(results.second, 'precomputed password')).toBe(true);
  });
});
