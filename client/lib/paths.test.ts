import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '#client/app/router.tsx';
import { paths } from './paths.ts';

/** 'settings.notifications' for paths.settings.notifications: the name of every function in `paths`. */
type PathName<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends (...args: never[]) => string
    ? `${Prefix}${Key}`
    : PathName<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

function namesOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'function' ? [`${prefix}${key}`] : namesOf(value as object, `${prefix}${key}.`),
  );
}

/** The full pattern of the route a page path opens ('/group/:slug/post/:postId'), with its parameters. */
function routeOf(path: string) {
  const matches = matchRoutes(routes, path);
  if (!matches) return null;
  const pattern = matches
    .map((match) => match.route.path ?? '')
    .filter((part) => part !== '' && part !== '/')
    .join('/');
  return { route: `/${pattern}`, params: matches[matches.length - 1]!.params };
}

/**
 * Every function of `paths` with a sample call, the route its path must open (in router.tsx's own
 * syntax) and the parameters the page reads from it. A route renamed or moved fails here.
 */
const CASES: Record<PathName<typeof paths>, { path: string; route: string; params?: Record<string, string> }> = {
  home: { path: paths.home(), route: '/' },
  homeFeed: { path: paths.homeFeed(), route: '/home' },
  signUp: { path: paths.signUp(), route: '/signup' },
  login: { path: paths.login(), route: '/login' },
  logout: { path: paths.logout(), route: '/logout' },
  forgotPassword: { path: paths.forgotPassword(), route: '/forgot-password' },
  resetPassword: { path: paths.resetPassword(), route: '/reset-password' },
  'settings.index': { path: paths.settings.index(), route: '/settings' },
  'settings.profile': { path: paths.settings.profile(), route: '/settings/profile' },
  'settings.account': { path: paths.settings.account(), route: '/settings/account' },
  'settings.notifications': { path: paths.settings.notifications(), route: '/settings/notifications' },
  'admin.index': { path: paths.admin.index(), route: '/admin' },
  'admin.users': { path: paths.admin.users(), route: '/admin/users' },
  'admin.content': { path: paths.admin.content(), route: '/admin/content' },
  'admin.messages': { path: paths.admin.messages(), route: '/admin/messages' },
  'admin.pageViews': { path: paths.admin.pageViews(), route: '/admin/page-views' },
  'admin.auditLog': { path: paths.admin.auditLog(), route: '/admin/audit-log' },
  'admin.mail': { path: paths.admin.mail(), route: '/admin/mail' },
  uiLibrary: { path: paths.uiLibrary(), route: '/ui-library' },
  ownProfile: { path: paths.ownProfile(), route: '/profile' },
  groups: { path: paths.groups('popular'), route: '/groups' },
  createGroup: { path: paths.createGroup(), route: '/create' },
  group: { path: paths.group('rust-lang'), route: '/group/:slug', params: { slug: 'rust-lang' } },
  groupTab: { path: paths.groupTab('rust-lang', 'events'), route: '/group/:slug', params: { slug: 'rust-lang' } },
  editGroup: { path: paths.editGroup('rust-lang'), route: '/group/:slug/edit', params: { slug: 'rust-lang' } },
  groupLedger: { path: paths.groupLedger('rust-lang'), route: '/group/:slug/ledger', params: { slug: 'rust-lang' } },
  groupAnalytics: {
    path: paths.groupAnalytics('rust-lang'),
    route: '/group/:slug/analytics',
    params: { slug: 'rust-lang' },
  },
  question: {
    path: paths.question('rust-lang', 'q-1'),
    route: '/group/:slug/question/:questionId',
    params: { slug: 'rust-lang', questionId: 'q-1' },
  },
  post: {
    path: paths.post('rust-lang', 'p-1'),
    route: '/group/:slug/post/:postId',
    params: { slug: 'rust-lang', postId: 'p-1' },
  },
  events: { path: paths.events(), route: '/events' },
  session: { path: paths.session('s-1'), route: '/event/:id', params: { id: 's-1' } },
  presentSession: { path: paths.presentSession('s-1'), route: '/event/:id/present', params: { id: 's-1' } },
  sessionLedger: { path: paths.sessionLedger('s-1'), route: '/event/:id/ledger', params: { id: 's-1' } },
  sessionAnalytics: { path: paths.sessionAnalytics('s-1'), route: '/event/:id/analytics', params: { id: 's-1' } },
  search: { path: paths.search('rust'), route: '/search' },
  creators: { path: paths.creators(), route: '/creator' },
  dashboard: { path: paths.dashboard(), route: '/dashboard' },
  about: { path: paths.about(), route: '/about' },
  blog: { path: paths.blog(), route: '/blog' },
  blogPost: { path: paths.blogPost('hello-world'), route: '/blog/:slug', params: { slug: 'hello-world' } },
  contact: { path: paths.contact(), route: '/contact' },
  support: { path: paths.support(), route: '/support' },
  privacyPolicy: { path: paths.privacyPolicy(), route: '/privacy-policy' },
  termsOfService: { path: paths.termsOfService(), route: '/terms-of-service' },
  backgroundGradient: { path: paths.backgroundGradient(), route: '/background-gradient' },
  user: { path: paths.user('u-1'), route: '/user/:id', params: { id: 'u-1' } },
  profile: { path: paths.profile('grace'), route: '/:username', params: { username: 'grace' } },
  followers: { path: paths.followers('grace'), route: '/:username/followers', params: { username: 'grace' } },
  following: { path: paths.following('grace'), route: '/:username/following', params: { username: 'grace' } },
};

describe('paths', () => {
  it('has a case below for every function', () => {
    expect(Object.keys(CASES).sort()).toEqual(namesOf(paths).sort());
  });

  it.each(Object.entries(CASES))('%s opens its route of the router', (_name, { path, route, params = {} }) => {
    expect(routeOf(path)).toEqual({ route, params });
  });

  it('writes the paths the pages link to today', () => {
    expect(paths.group('rust-lang')).toBe('/group/rust-lang');
    expect(paths.groupTab('rust-lang', 'subscribers')).toBe('/group/rust-lang?tab=subscribers');
    expect(paths.editGroup('rust-lang')).toBe('/group/rust-lang/edit');
    expect(paths.question('Rust-Lang', 'f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(
      '/group/Rust-Lang/question/f47ac10b-58cc-4372-a567-0e02b2c3d479',
    );
    expect(paths.post('rust-lang', 'p-1')).toBe('/group/rust-lang/post/p-1');
    expect(paths.session('s-1')).toBe('/event/s-1');
    expect(paths.profile('Grace_Hopper-1')).toBe('/Grace_Hopper-1');
    expect(paths.followers('grace')).toBe('/grace/followers');
    expect(paths.groups()).toBe('/groups');
    expect(paths.groups('popular')).toBe('/groups?sort=popular');
    expect(paths.search()).toBe('/search');
    expect(paths.search('rust & go')).toBe('/search?q=rust+%26+go');
    expect(paths.search('')).toBe('/search?q=');
  });

  it('leaves every character of a slug, username or id as it is, and encodes any other', () => {
    // Slugs are [A-Za-z0-9-], usernames [A-Za-z0-9_-] and ids UUIDs (shared/lib/*-rules.ts).
    const everyAllowed = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    expect(paths.profile(everyAllowed)).toBe(`/${everyAllowed}`);
    expect(paths.group(everyAllowed)).toBe(`/group/${everyAllowed}`);
    expect(paths.group('a b/c?d')).toBe('/group/a%20b%2Fc%3Fd');
    expect(routeOf(paths.post('a/b', 'c?d'))).toEqual({
      route: '/group/:slug/post/:postId',
      params: { slug: 'a/b', postId: 'c?d' },
    });
  });
});
