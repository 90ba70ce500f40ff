import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended parameters: 19 MiB of memory, 2 passes, 1 lane. The native
 * library works on libuv's thread pool, off the event loop.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that is not argon2's (never throws on bad input). */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
