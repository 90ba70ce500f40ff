import { describe, expect, it } from 'vitest';

import { safeNextPath, withNextPath } from './safe-next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNextPath('/ui-library')).toBe('/ui-library');
    expect(safeNextPath('/groups/1?tab=questions#top')).toBe('/groups/1?tab=questions#top');
  });

  it('goes home without a next, or for anything that is not a single-slash path', () => {
    for (const next of [
      null,
      undefined,
      '',
      'ui-library',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });

  it('does not come back to the sign-in, sign-up or sign-out pages', () => {
    expect(safeNextPath('/login')).toBe('/');
    expect(safeNextPath('/signup/')).toBe('/');
    expect(safeNextPath('/logout?x=1')).toBe('/');
  });
});

describe('withNextPath', () => {
  it('adds next only when it is not home', () => {
    expect(withNextPath('/login', '/')).toBe('/login');
    expect(withNextPath('/signup', '/groups/1?tab=a')).toBe('/signup?next=%2Fgroups%2F1%3Ftab%3Da');
  });
});
