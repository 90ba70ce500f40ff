import { describe, expect, it } from 'vitest';
import { isPagePath } from './client.ts';

describe('isPagePath', () => {
  it.each(['/', '/ui-library', '/group/ada-asks', '/alice', '/settings/profile', '/events/'])(
    '%s is a page',
    (path) => {
      expect(isPagePath('GET', path)).toBe(true);
      expect(isPagePath('HEAD', path)).toBe(true);
    },
  );

  it.each(['/api', '/api/nothing', '/assets/index-old.js', '/favicon.ico', '/robots.txt', '/samples/x.webp'])(
    '%s is not',
    (path) => {
      expect(isPagePath('GET', path)).toBe(false);
    },
  );

  it('only GET and HEAD reach pages', () => {
    expect(isPagePath('POST', '/ui-library')).toBe(false);
  });
});
