/**
 * Every page of the app as a path, one function each: links, redirects and `navigate()` build their
 * page paths here, so a route renamed in client/app/router.tsx changes in one place
 * (`paths.test.ts` matches each function's path against the router's table). It lives in
 * client/lib rather than client/app because features may not import client/app (eslint.config.js).
 *
 * Parameters are percent-encoded. Slugs, usernames and ids are made of letters, digits, '-' and
 * '_', which encoding leaves as they are, so every path is the same text as the plain one.
 */

/** A group page's tabs, as its `?tab=` names them; Posts is the page without one. */
export type GroupTab = 'posts' | 'questions' | 'events' | 'members' | 'subscribers';

/** The sections of /groups besides the newest groups, as its `?sort=` names them. */
export type GroupsSort = 'popular' | 'live';

const segment = encodeURIComponent;

const group = (slug: string) => `/group/${segment(slug)}`;
const profile = (username: string) => `/${segment(username)}`;

export const paths = {
  /** `/`: what Townhall is, for visitors (the signed-in go on to their feed). */
  home: () => '/',
  /** `/home`: the signed-in person's feed and subscriptions. */
  homeFeed: () => '/home',
  signUp: () => '/signup',
  login: () => '/login',
  logout: () => '/logout',
  forgotPassword: () => '/forgot-password',
  /** The page of an e-mailed reset link (which adds `?token=`). */
  resetPassword: () => '/reset-password',
  settings: {
    /** `/settings`, which opens the profile settings. */
    index: () => '/settings',
    profile: () => '/settings/profile',
    account: () => '/settings/account',
    notifications: () => '/settings/notifications',
  },
  admin: {
    /** `/admin`, which opens the users. */
    index: () => '/admin',
    users: () => '/admin/users',
    content: () => '/admin/content',
    messages: () => '/admin/messages',
    pageViews: () => '/admin/page-views',
    auditLog: () => '/admin/audit-log',
    mail: () => '/admin/mail',
  },
  uiLibrary: () => '/ui-library',
  /** `/profile`: the signed-in person's own profile, whatever their handle. */
  ownProfile: () => '/profile',
  /** `/groups`, or one of its other sections. */
  groups: (sort?: GroupsSort) => (sort ? `/groups?sort=${sort}` : '/groups'),
  createGroup: () => '/create',
  group,
  /** A tab of a group's page other than its posts. */
  groupTab: (slug: string, tab: Exclude<GroupTab, 'posts'>) => `${group(slug)}?tab=${tab}`,
  editGroup: (slug: string) => `${group(slug)}/edit`,
  /** A group's public moderation ledger: what its hosts hid, merged and carried over, and why. */
  groupLedger: (slug: string) => `${group(slug)}/ledger`,
  /** A group's host analytics (its host and administrators). */
  groupAnalytics: (slug: string) => `${group(slug)}/analytics`,
  question: (slug: string, questionId: string) => `${group(slug)}/question/${segment(questionId)}`,
  post: (slug: string, postId: string) => `${group(slug)}/post/${segment(postId)}`,
  events: () => '/events',
  /** An AMA session's page. */
  session: (sessionId: string) => `/event/${segment(sessionId)}`,
  /** An AMA session's presenter view: its pinned question full screen, for streaming software. */
  presentSession: (sessionId: string) => `/event/${segment(sessionId)}/present`,
  /** An AMA session's public moderation ledger. */
  sessionLedger: (sessionId: string) => `/event/${segment(sessionId)}/ledger`,
  /** An AMA session's host analytics (its host and administrators). */
  sessionAnalytics: (sessionId: string) => `/event/${segment(sessionId)}/analytics`,
  /** `/search`, or what it found for a text. */
  search: (query?: string) =>
    query === undefined ? '/search' : `/search?${new URLSearchParams({ q: query }).toString()}`,
  creators: () => '/creator',
  dashboard: () => '/dashboard',
  about: () => '/about',
  blog: () => '/blog',
  blogPost: (slug: string) => `/blog/${segment(slug)}`,
  contact: () => '/contact',
  support: () => '/support',
  privacyPolicy: () => '/privacy-policy',
  termsOfService: () => '/terms-of-service',
  backgroundGradient: () => '/background-gradient',
  /** `/user/:id`, which moves on to that person's profile. */
  user: (userId: string) => `/user/${segment(userId)}`,
  profile,
  followers: (username: string) => `${profile(username)}/followers`,
  following: (username: string) => `${profile(username)}/following`,
} as const;
