import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const inAnHour = () => new Date(clock.now + 3_600_000);
const clock = { now: 1_000_000 };
const cache = (options: { ttlMs?: number; maxEntries?: number } = {}) =>
  new SessionCache({ ...options, now: () => clock.now });

describe('SessionCache', () => {
  it('answers a session read within the time limit, and not after', () => {
    const sessions = cache({ ttlMs: 10_000 });
    sessions.remember('t1', { viewer: { id: 'u1' }, expiresAt: inAnHour() }, sessions.generation);
    expect(sessions.find('t1')?.viewer).toEqual({ id: 'u1' });
    expect(sessions.find('t2')).toBeUndefined();
    clock.now += 9_999;
    expect(sessions.find('t1')?.viewer).toEqual({ id: 'u1' });
    clock.now += 1;
    expect(sessions.find('t1')).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('does not answer a session that expired meanwhile', () => {
    const sessions = cache({ ttlMs: 10_000 });
    sessions.remember('t1', { viewer: { id: 'u1' }, expiresAt: new Date(clock.now + 5_000) }, sessions.generation);
    clock.now += 5_000;
    expect(sessions.find('t1')).toBeUndefined();
  });

  it('forgets every session of a person, and only theirs', () => {
    const sessions = cache();
    const generation = sessions.generation;
    sessions.remember('a1', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, generation);
    sessions.remember('a2', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, generation);
    sessions.remember('b1', { viewer: { id: 'bob' }, expiresAt: inAnHour() }, generation);
    sessions.forgetUser('ann');
    expect(sessions.find('a1')).toBeUndefined();
    expect(sessions.find('a2')).toBeUndefined();
    expect(sessions.find('b1')?.viewer).toEqual({ id: 'bob' });
  });

  it('does not store a read that began before sessions were forgotten (it may hold an ended session)', () => {
    const sessions = cache();
    const begun = sessions.generation;
    sessions.forgetUser('ann');
    sessions.remember('a1', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, begun);
    expect(sessions.find('a1')).toBeUndefined();
    sessions.remember('a1', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, sessions.generation);
    expect(sessions.find('a1')?.viewer).toEqual({ id: 'ann' });
  });

  it('remembers nothing while suspended (the live bus is away), and starts afresh after', () => {
    const sessions = cache();
    sessions.remember('a1', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, sessions.generation);
    sessions.suspend();
    expect(sessions.find('a1')).toBeUndefined();
    sessions.remember('a2', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, sessions.generation);
    expect(sessions.find('a2')).toBeUndefined();
    sessions.resume();
    expect(sessions.size).toBe(0);
    sessions.remember('a2', { viewer: { id: 'ann' }, expiresAt: inAnHour() }, sessions.generation);
    expect(sessions.find('a2')?.viewer).toEqual({ id: 'ann' });
  });

  it('keeps at most its number of sessions, dropping the oldest', () => {
    const sessions = cache({ maxEntries: 2 });
    for (const token of ['t1', 't2', 't3']) {
      sessions.remember(token, { viewer: { id: token }, expiresAt: inAnHour() }, sessions.generation);
    }
    expect(sessions.size).toBe(2);
    expect(sessions.find('t1')).toBeUndefined();
    expect(sessions.find('t3')?.viewer).toEqual({ id: 't3' });
  });
});
