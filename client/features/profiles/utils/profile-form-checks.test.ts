import { describe, expect, it } from 'vitest';

import { profileChanges, profileFieldErrors } from './profile-form-checks.ts';

const saved = { name: 'Ada Lovelace', username: 'ada', quote: '' };
const usernameError = (username: string, current = 'ada') =>
  profileFieldErrors({ ...saved, username }, { ...saved, username: current }).username;

describe('profile form checks', () => {
  it("uses sign-up's username rules and texts", () => {
    expect(usernameError('ab')).toBe('Username must be at least 3 characters');
    expect(usernameError('a.')).toBe(
      'Username must be at least 3 characters. Username can only contain letters, numbers, underscores, and hyphens',
    );
    expect(usernameError('ada lovelace')).toBe('Username can only contain letters, numbers, underscores, and hyphens');
    expect(usernameError('settings')).toBe('This username is not available');
    expect(usernameError('u'.repeat(31))).toBe('Username must be at most 30 characters');
    expect(usernameError('ada_l')).toBeUndefined();
  });

  it('accepts the current username in any case, even a reserved one', () => {
    expect(usernameError('ADA')).toBeUndefined();
    expect(usernameError('profile', 'profile')).toBeUndefined();
  });

  it('checks the name and quote limits, after trimming, only when changed', () => {
    expect(profileFieldErrors({ ...saved, name: '  ' }, saved)).toEqual({ name: 'Name cannot be empty' });
    expect(profileFieldErrors({ ...saved, name: 'n'.repeat(51) }, saved)).toEqual({
      name: 'Name must be at most 50 characters',
    });
    expect(profileFieldErrors({ ...saved, quote: `${'q'.repeat(280)}  ` }, saved)).toEqual({});
    expect(profileFieldErrors({ ...saved, quote: 'q'.repeat(281) }, saved)).toEqual({
      quote: 'Quote must be at most 280 characters',
    });
    // A profile saved without a name (an old account) can keep it.
    expect(profileFieldErrors({ ...saved, name: '' }, { ...saved, name: '' })).toEqual({});
  });

  it('sends only what changed; a change of case alone is no change', () => {
    expect(profileChanges({ ...saved, username: 'ADA ' }, saved)).toEqual({});
    expect(profileChanges({ name: 'Ada', username: ' Ada_L ', quote: 'Hi' }, saved)).toEqual({
      name: 'Ada',
      username: 'Ada_L',
      quote: 'Hi',
    });
  });
});
