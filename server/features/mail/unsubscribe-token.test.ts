import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const secret = 'test-secret-test-secret-test-secret-0123';
const target = { userId: 'user_123', category: 'newAnswers' };

describe('unsubscribe tokens', () => {
  it('round-trips the user and category', () => {
    const token = createUnsubscribeToken({ ...target, secret });
    expect(token).toMatch(/^u1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(token, secret)).toEqual(target);
  });

  it('is the same token every time (no expiry, nothing random)', () => {
    expect(createUnsubscribeToken({ ...target, secret })).toBe(createUnsubscribeToken({ ...target, secret }));
  });

  it('refuses a token signed with another secret', () => {
    const token = createUnsubscribeToken({ ...target, secret: 'another-secret-another-secret-another-1' });
    expect(verifyUnsubscribeToken(token, secret)).toBeNull();
  });

  it('refuses a payload swapped for another user, keeping the signature', () => {
    const [version, , signature] = createUnsubscribeToken({ ...target, secret }).split('.');
    const forged = Buffer.from(JSON.stringify({ userId: 'victim', category: 'all' })).toString('base64url');
    expect(verifyUnsubscribeToken(`${version}.${forged}.${signature}`, secret)).toBeNull();
  });

  it('refuses a changed signature, version or shape', () => {
    const token = createUnsubscribeToken({ ...target, secret });
    const [version, payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(verifyUnsubscribeToken(`${version}.${payload}.${flipped}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${version}.${payload}.${signature.slice(0, 20)}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${version}.${payload}.${signature}!`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`u2.${payload}.${signature}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${version}.${payload}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}.extra`, secret)).toBeNull();
    expect(verifyUnsubscribeToken('', secret)).toBeNull();
    expect(verifyUnsubscribeToken('x'.repeat(5000), secret)).toBeNull();
  });

  it('refuses a genuinely signed payload that is not a target', () => {
    // a token made with the right secret but holding junk still yields nothing usable
    const junk = Buffer.from('not json').toString('base64url');
    const [version, , signature] = createUnsubscribeToken({ ...target, secret }).split('.');
    expect(verifyUnsubscribeToken(`${version}.${junk}.${signature}`, secret)).toBeNull();
  });

  it('will not sign a malformed category or user id', () => {
    expect(() => createUnsubscribeToken({ userId: 'u1', category: 'new answers', secret })).toThrow();
    expect(() => createUnsubscribeToken({ userId: '', category: 'all', secret })).toThrow();
  });
});
