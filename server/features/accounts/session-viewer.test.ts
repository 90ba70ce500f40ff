import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';
import { createSessionBatcher, readCookie, sessionNeedsBetterAuth, verifySignedValue } from './session-viewer.ts';

const secret = 'test-secret-test-secret-test-secret-0123';
const sign = (token: string, key = secret) => `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

describe('readCookie', () => {
  it('finds the named cookie among others, first one winning, percent-decoded and unquoted', () => {
    expect(readCookie('a=1; townhall.session_token=abc%2Bd; b=2', 'townhall.session_token')).toBe('abc+d');
    expect(readCookie('townhall.session_token=first;townhall.session_token=second', 'townhall.session_token')).toBe(
      'first',
    );
    expect(readCookie('x=1;  townhall.session_token="quoted"  ', 'townhall.session_token')).toBe('quoted');
    expect(readCookie('townhall.session_token=bad%zz', 'townhall.session_token')).toBe('bad%zz');
  });

  it('does not mistake a longer or prefixed name for the cookie', () => {
    expect(readCookie('__Secure-townhall.session_token=x', 'townhall.session_token')).toBeNull();
    expect(readCookie('townhall.session_token_old=x', 'townhall.session_token')).toBeNull();
    expect(readCookie('', 'townhall.session_token')).toBeNull();
    expect(readCookie('junk', 'townhall.session_token')).toBeNull();
  });
});

describe('verifySignedValue', () => {
  it('returns the token of a value signed with the secret', () => {
    expect(verifySignedValue(sign('tok3n'), secret)).toBe('tok3n');
  });

  it('refuses another secret, a changed token, a missing or malformed signature', () => {
    expect(verifySignedValue(sign('tok3n', 'another-secret-another-secret-0000000'), secret)).toBeNull();
    expect(verifySignedValue(sign('tok3n').replace('tok3n', 'tok3m'), secret)).toBeNull();
    expect(verifySignedValue('tok3n', secret)).toBeNull();
    expect(verifySignedValue('.abc', secret)).toBeNull();
    const signed = sign('tok3n');
    // base64url letters decode to the same bytes in Node but are not what better-auth accepts
    const urlSafe = signed.replaceAll('+', '-').replaceAll('/', '_');
    if (urlSafe !== signed) expect(verifySignedValue(urlSafe, secret)).toBeNull();
    expect(verifySignedValue(`${signed.slice(0, -1)}A`, secret)).toBeNull();
  });
});

describe('sessionNeedsBetterAuth', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  const expiringIn = (seconds: number) => new Date(now + seconds * 1000);

  it('is false for a session extended less than a day ago', () => {
    expect(sessionNeedsBetterAuth(expiringIn(SESSION_EXPIRES_IN_SECONDS), now)).toBe(false);
    expect(sessionNeedsBetterAuth(expiringIn(SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS + 1), now)).toBe(
      false,
    );
  });

  it('is true once the daily extension is due, and for an expired session', () => {
    expect(sessionNeedsBetterAuth(expiringIn(SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS), now)).toBe(true);
    expect(sessionNeedsBetterAuth(expiringIn(60), now)).toBe(true);
    expect(sessionNeedsBetterAuth(expiringIn(0), now)).toBe(true);
    expect(sessionNeedsBetterAuth(expiringIn(-60), now)).toBe(true);
  });
});

describe('createSessionBatcher', () => {
  const row = (token: string) => ({ token, userId: `user-of-${token}`, expiresAt: new Date(), disabledAt: null });

  it('asks once for the lookups of one turn, and answers each its own row', async () => {
    const asked: string[][] = [];
    const find = createSessionBatcher(async (tokens) => {
      asked.push(tokens);
      return tokens.filter((token) => token !== 'gone').map(row);
    });
    const answers = await Promise.all([find('a'), find('b'), find('a'), find('gone')]);
    expect(asked).toEqual([['a', 'b', 'gone']]);
    expect(answers.map((answer) => answer?.userId)).toEqual(['user-of-a', 'user-of-b', 'user-of-a', undefined]);
  });

  it('asks again for lookups of a later turn', async () => {
    const asked: string[][] = [];
    const find = createSessionBatcher(async (tokens) => {
      asked.push(tokens);
      return tokens.map(row);
    });
    await find('a');
    await find('b');
    expect(asked).toEqual([['a'], ['b']]);
  });

  it('fails every lookup of a batch whose query fails', async () => {
    const find = createSessionBatcher(async () => {
      throw new Error('database away');
    });
    const results = await Promise.allSettled([find('a'), find('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
