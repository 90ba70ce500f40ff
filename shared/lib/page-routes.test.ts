import { describe, expect, it } from 'vitest';
import { isReservedWord } from '#shared/constants/reserved-words.ts';
import { matchPageRoute, PAGE_ROUTES } from './page-routes.ts';

describe('matchPageRoute', () => {
  it.each([
    ['/', '/'],
    ['/search', '/search'],
    ['/SEARCH', '/search'],
    ['/events/', '/events'],
    ['/settings/profile', '/settings/profile'],
    ['/group/ada-asks', '/group/:slug'],
    ['/group/ada-asks/question/abc', '/group/:slug/question/:questionId'],
    ['/event/abc', '/event/:id'],
    ['/event/abc/present', '/event/:id/present'],
    ['/blog/hello-world', '/blog/:slug'],
    ['/user/abc', '/user/:id'],
    ['/alice', '/:username'],
    ['/caf%C3%A9', '/:username'],
    ['/alice/followers', '/:username/followers'],
  ])('%s opens %s', (path, route) => {
    expect(matchPageRoute(path)).toBe(route);
  });

  it.each([
    '/some/unknown/page',
    '/alice/photos',
    '/group/a/b',
    '/event/abc/other',
    '/settings/x/y',
    '//',
    '/a//b',
    '/%E0%A4%A',
  ])('%s opens no page', (path) => {
    expect(matchPageRoute(path)).toBeNull();
  });

  // PAGE_ROUTES is checked against the client router itself (client/app/page-routes.test.ts), so
  // this reads the router's every top-level path.
  it('every first-level page name is a reserved word: no username or group slug hides behind a page', () => {
    const firstLevel = PAGE_ROUTES.map((route) => route.split('/')[1] ?? '').filter(
      (segment) => segment !== '' && !segment.startsWith(':'),
    );
    const takeable = firstLevel.filter((word) => !isReservedWord(word));
    expect(takeable).toEqual([]);
  });
});
