import { describe, expect, it } from 'vitest';
import { isPagePath, matchesEtag, pickEncoding } from './client.ts';

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

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    ['br;q=zero', null],
  ] as const)('Accept-Encoding "%s" gets %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  it('matches the same tag, among several, weak or strong, and *', () => {
    expect(matchesEtag('"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEtag('*', '"abc-br"')).toBe(true);
  });

  it('does not match another tag, another encoding’s, or none', () => {
    expect(matchesEtag('"abc-gzip"', '"abc-br"')).toBe(false);
    expect(matchesEtag('"abc"', '"abc-br"')).toBe(false);
    expect(matchesEtag(undefined, '"abc-br"')).toBe(false);
    expect(matchesEtag('', '"abc-br"')).toBe(false);
  });
});
