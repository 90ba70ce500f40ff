import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { addressSubject, createRateLimiter, memoryStore } from './rate-limit.ts';

describe('addressSubject', () => {
  it('keeps IPv4 whole and counts IPv6 per /64', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('2001:db8:1234:5678:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1234:5678::/64');
    expect(addressSubject('2001:db8:1234:5678::1')).toBe('2001:db8:1234:5678::/64');
    expect(addressSubject('2001:0db8:0:0::9')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
  });
});

describe('createRateLimiter', () => {
  const rule = { name: 'test', limit: 2, windowSeconds: 60, what: 'Too many tries' };

  it('allows the limit, refuses beyond it with the time left, and starts again next window', async () => {
    let now = 120_000 + 15_000;
    const limiter = createRateLimiter(memoryStore(), () => now);
    await limiter.hit(rule, 'a');
    await limiter.hit(rule, 'a');
    const refusal = await limiter.hit(rule, 'a').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 429,
      message: 'Too many tries. Please try again in 45 seconds.',
      headers: { 'retry-after': '45' },
    });
    await limiter.hit(rule, 'b');
    now += 60_000;
    await expect(limiter.hit(rule, 'a')).resolves.toBeUndefined();
  });

  it('check refuses only once the limit is used up, without counting', async () => {
    const limiter = createRateLimiter(memoryStore(), () => 0);
    await limiter.check(rule, 'a');
    await limiter.check(rule, 'a');
    await limiter.hit(rule, 'a');
    await limiter.hit(rule, 'a');
    await expect(limiter.check(rule, 'a')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('reserve takes a unit at once, refuses without counting when none is left, and gives one back once', async () => {
    const limiter = createRateLimiter(memoryStore(), () => 0);
    // concurrent reservations: exactly the limit pass, whatever the interleaving
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => limiter.reserve(rule, 'a')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { statusCode: 429, message: 'Too many tries. Please try again in 60 seconds.' },
    });
    await expect(limiter.check(rule, 'a')).rejects.toMatchObject({ statusCode: 429 });
    const [first] = outcomes;
    if (first?.status !== 'fulfilled') throw new Error('the first reservation was refused');
    await first.value.release();
    await first.value.release();
    await expect(limiter.reserve(rule, 'a')).resolves.toBeDefined();
    await expect(limiter.reserve(rule, 'a')).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('memoryStore', () => {
  it('counts per key and window, never below zero, and forgets windows that ended', async () => {
    let now = 1_000_000;
    const store = memoryStore(() => now);
    const window = new Date(960_000);
    expect(await store.increment('k', window, 60)).toBe(1);
    expect(await store.increment('k', window, 60)).toBe(2);
    expect(await store.increment('other', window, 60)).toBe(1);
    expect(await store.increment('k', new Date(1_020_000), 60)).toBe(1);
    await store.decrement('k', window);
    await store.decrement('k', window);
    await store.decrement('k', window);
    expect(await store.read('k', window)).toBe(0);
    now = 2_000_000;
    await store.close();
    expect(await store.read('other', window)).toBe(0);
  });
});
