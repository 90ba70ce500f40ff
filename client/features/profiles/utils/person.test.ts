import { describe, expect, it } from 'vitest';

import { formatFollowers, formatFollowing, isPossibleHandle, profileTitle } from './person.ts';
import { displayName } from '#client/lib/format.ts';

describe('person display', () => {
  it('shows the name, or the handle when there is none', () => {
    expect(displayName({ name: ' Ada ', username: 'ada' })).toBe('Ada');
    expect(displayName({ name: '  ', username: 'ada' })).toBe('@ada');
  });

  it('titles the page as the server does', () => {
    expect(profileTitle({ name: 'Ada', username: 'ada' })).toBe('Ada (@ada)');
    expect(profileTitle({ name: '', username: 'ada' })).toBe('ada (@ada)');
  });

  it('counts followers with the right plural and grouping', () => {
    expect(formatFollowers(0)).toBe('0 followers');
    expect(formatFollowers(1)).toBe('1 follower');
    expect(formatFollowers(1204)).toBe('1,204 followers');
    expect(formatFollowing(1)).toBe('1 following');
  });

  it('takes only segments a username could be as handles', () => {
    expect(isPossibleHandle('Ada_Lovelace-1')).toBe(true);
    expect(isPossibleHandle('favicon.svg')).toBe(false);
    expect(isPossibleHandle('аda')).toBe(false);
    expect(isPossibleHandle('')).toBe(false);
    expect(isPossibleHandle('ab')).toBe(false);
  });
});
