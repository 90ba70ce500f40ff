/**
 * What the accessibility browser test (accessibility.e2e.test.ts) walks: every route of the
 * router (shared/lib/page-routes.ts), as a concrete address with real data, for each kind of person
 * who sees it differently, and the check each page gets: axe-core, every rule and every impact, in
 * the light and the dark theme, at 1280 px and at 390 px.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { PAGE_ROUTES, type PageRoute } from '../../shared/lib/page-routes.ts';
import { accessibilityViolations } from './axe.ts';
import {
  apiCall,
  askQuestion,
  baseUrl,
  createGroup,
  scheduleSession,
  signInByApi,
  subscribe,
  type useBrowser,
  type Group,
  type Person,
  type Visitor,
} from './kit.ts';

/** Who looks at a page: signed out, a member, a group's host, an administrator. */
export type Role = 'visitor' | 'member' | 'host' | 'admin';

/** The data the pages show: made through the API before the walk. */
export type Scene = {
  amaGroup: Group;
  postGroup: Group;
  sessionId: string;
  questionId: string;
  postId: string;
  host: Person & { id: string };
  member: Person & { id: string };
};

type PageVisit = {
  /** The addresses of the route with the scene's data (a group's tabs are one route, several pages). */
  urls: (scene: Scene) => string[];
  /** Who sees the page differently enough to be checked: everyone who may open it. */
  roles: readonly Role[];
  /** The page shows loading placeholders on purpose (the UI library shows its skeletons). */
  hasPlaceholders?: true;
};

const everyone = ['visitor', 'member'] as const;
const hostToo = ['visitor', 'member', 'host'] as const;
const adminToo = ['visitor', 'member', 'admin'] as const;
const one = (url: string) => () => [url];

/**
 * Every route of PAGE_ROUTES and how it is opened. A route added to the router and to
 * PAGE_ROUTES without a line here fails the type check and the walk (`visitsOf`). Routes that
 * only redirect (/logout, /app, /index, /auth, /static, /event, /group, /user, /user/:id,
 * /settings, /admin) are checked on the page they land on.
 */
export const PAGE_VISITS: Record<PageRoute, PageVisit> = {
  '/': { urls: one('/'), roles: everyone },
  '/signup': { urls: one('/signup'), roles: everyone },
  '/login': { urls: one('/login'), roles: everyone },
  '/logout': { urls: one('/logout'), roles: everyone },
  '/forgot-password': { urls: one('/forgot-password'), roles: everyone },
  '/reset-password': { urls: one('/reset-password?token=not-a-real-token'), roles: everyone },
  '/settings': { urls: one('/settings'), roles: everyone },
  '/settings/profile': { urls: one('/settings/profile'), roles: everyone },
  '/settings/account': { urls: one('/settings/account'), roles: everyone },
  '/settings/notifications': { urls: one('/settings/notifications'), roles: everyone },
  '/admin': { urls: one('/admin'), roles: adminToo },
  '/admin/users': { urls: one('/admin/users'), roles: adminToo },
  '/admin/content': { urls: one('/admin/content'), roles: adminToo },
  '/admin/messages': { urls: one('/admin/messages'), roles: adminToo },
  '/admin/page-views': { urls: one('/admin/page-views'), roles: adminToo },
  '/admin/audit-log': { urls: one('/admin/audit-log'), roles: adminToo },
  '/admin/mail': { urls: one('/admin/mail'), roles: adminToo },
  '/ui-library': { urls: one('/ui-library'), roles: everyone, hasPlaceholders: true },
  '/profile': { urls: one('/profile'), roles: everyone },
  '/home': { urls: one('/home'), roles: everyone },
  '/groups': { urls: one('/groups'), roles: everyone },
  '/create': { urls: one('/create'), roles: everyone },
  '/group/:slug': {
    urls: ({ amaGroup, postGroup }) => [
      `/group/${amaGroup.slug}`,
      `/group/${amaGroup.slug}?tab=questions`,
      `/group/${amaGroup.slug}?tab=events`,
      `/group/${amaGroup.slug}?tab=members`,
      `/group/${amaGroup.slug}?tab=subscribers`,
      `/group/${postGroup.slug}`,
    ],
    roles: hostToo,
  },
  '/events': { urls: one('/events'), roles: everyone },
  '/event/:id': { urls: ({ sessionId }) => [`/event/${sessionId}`], roles: hostToo },
  '/event/:id/present': { urls: ({ sessionId }) => [`/event/${sessionId}/present`], roles: hostToo },
  '/event/:id/ledger': { urls: ({ sessionId }) => [`/event/${sessionId}/ledger`], roles: everyone },
  '/event/:id/analytics': { urls: ({ sessionId }) => [`/event/${sessionId}/analytics`], roles: hostToo },
  '/group/:slug/ledger': { urls: ({ amaGroup }) => [`/group/${amaGroup.slug}/ledger`], roles: everyone },
  '/group/:slug/analytics': { urls: ({ amaGroup }) => [`/group/${amaGroup.slug}/analytics`], roles: hostToo },
  '/group/:slug/edit': { urls: ({ amaGroup }) => [`/group/${amaGroup.slug}/edit`], roles: hostToo },
  '/search': { urls: one('/search?q=climate'), roles: everyone },
  '/creator': { urls: one('/creator'), roles: everyone },
  '/dashboard': { urls: one('/dashboard'), roles: hostToo },
  '/about': { urls: one('/about'), roles: everyone },
  '/blog': { urls: one('/blog'), roles: everyone },
  '/blog/:slug': { urls: one('/blog/introducing-townhall'), roles: everyone },
  '/contact': { urls: one('/contact'), roles: everyone },
  '/support': { urls: one('/support'), roles: everyone },
  '/privacy-policy': { urls: one('/privacy-policy'), roles: everyone },
  '/terms-of-service': { urls: one('/terms-of-service'), roles: everyone },
  '/background-gradient': { urls: one('/background-gradient'), roles: everyone },
  '/group/:slug/question/:questionId': {
    urls: ({ amaGroup, questionId }) => [`/group/${amaGroup.slug}/question/${questionId}`],
    roles: hostToo,
  },
  '/group/:slug/post/:postId': {
    urls: ({ postGroup, postId }) => [`/group/${postGroup.slug}/post/${postId}`],
    roles: hostToo,
  },
  '/app': { urls: one('/app'), roles: everyone },
  '/index': { urls: one('/index'), roles: everyone },
  '/auth': { urls: one('/auth'), roles: everyone },
  '/static': { urls: one('/static'), roles: everyone },
  '/event': { urls: one('/event'), roles: everyone },
  '/group': { urls: one('/group'), roles: everyone },
  '/user': { urls: one('/user'), roles: everyone },
  '/user/:id': { urls: ({ host }) => [`/user/${host.id}`], roles: everyone },
  '/:username': { urls: ({ host }) => [`/${host.username}`], roles: everyone },
  '/:username/followers': { urls: ({ host }) => [`/${host.username}/followers`], roles: everyone },
  '/:username/following': { urls: ({ member }) => [`/${member.username}/following`], roles: everyone },
};

/**
 * The addresses `role` opens, route by route, from PAGE_ROUTES itself (not from the table's keys):
 * a route the table lacks throws here. /logout comes last, as it ends the person's session.
 */
export function visitsOf(role: Role, scene: Scene): { route: PageRoute; url: string }[] {
  const visits: { route: PageRoute; url: string }[] = [];
  for (const route of PAGE_ROUTES) {
    const visit = (PAGE_VISITS as Partial<Record<string, PageVisit>>)[route];
    if (!visit) throw new Error(`The accessibility walk does not know how to open ${route}: add it to PAGE_VISITS.`);
    if (!visit.roles.includes(role)) continue;
    for (const url of visit.urls(scene)) visits.push({ route, url });
  }
  return [
    ...visits.filter((visit) => visit.route !== '/logout'),
    ...visits.filter((visit) => visit.route === '/logout'),
  ];
}

type Browser = ReturnType<typeof useBrowser>;

/**
 * A host with a live Q&A group (a live session with questions: one answered, one pinned, one with
 * a comment) and a group of posts (a post with a comment); a member who subscribes to both, follows
 * the host and has new activity waiting in them (the sidebar's dot and count).
 */
export async function buildScene(browser: Browser): Promise<Scene> {
  const hostSide = await browser.signedIn('e2e_a11y_host');
  const host = hostSide.context.request;
  const amaGroup = await createGroup(host, {
    name: 'Climate, Plainly',
    ama: true,
    description: 'Ask about the weather.',
  });
  const postGroup = await createGroup(host, { name: 'Bread at Home', description: 'Loaves and patience.' });
  const sessionId = await scheduleSession(host, amaGroup.id, {
    title: 'Heatwaves, explained',
    description: 'Bring your questions about hot summers.',
    startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    durationMinutes: 60,
  });
  await scheduleSession(host, amaGroup.id, {
    title: 'Rain, next week',
    startsAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
    durationMinutes: 45,
  });
  await apiCall(host, 'POST', `/api/sessions/${sessionId}/start`, undefined, 200);
  const { post } = await apiCall<{ post: { id: string } }>(
    host,
    'POST',
    `/api/groups/${postGroup.id}/posts`,
    { body: 'A first loaf: flour, water, salt and time.' },
    201,
  );

  const memberSide = await browser.signedIn('e2e_a11y_member');
  const member = memberSide.context.request;
  await subscribe(member, amaGroup.id);
  await subscribe(member, postGroup.id);
  await apiCall(member, 'PUT', `/api/users/${hostSide.id}/follow`, undefined, 200);
  const questionId = await askQuestion(member, amaGroup.id, 'Why do heatwaves last longer now?', sessionId);
  await apiCall(member, 'POST', `/api/questions/${questionId}/comments`, { body: 'I wonder too.' }, 201);
  await apiCall(member, 'POST', `/api/posts/${post.id}/comments`, { body: 'Mine came out flat.' }, 201);
  // seen once, so what comes next is new activity for the member
  await apiCall(member, 'POST', `/api/groups/${amaGroup.id}/viewed`, undefined);

  // Someone else asks; the host answers one question and pins another.
  const fanSide = await browser.signedIn('e2e_a11y_fan');
  await subscribe(fanSide.context.request, amaGroup.id);
  const pinned = await askQuestion(
    fanSide.context.request,
    amaGroup.id,
    'Is a hot night worse than a hot day?',
    sessionId,
  );
  await askQuestion(fanSide.context.request, amaGroup.id, 'Which trees give the best shade?', sessionId);
  await apiCall(host, 'PUT', `/api/questions/${questionId}/answer`, {
    body: 'Warmer seas and stuck jet streams keep the heat in place.',
  });
  await apiCall(host, 'PATCH', `/api/questions/${pinned}/moderation`, { isPinned: true });

  return {
    amaGroup,
    postGroup,
    sessionId,
    questionId,
    postId: post.id,
    host: { ...hostSide.person, id: hostSide.id },
    member: { ...memberSide.person, id: memberSide.id },
  };
}

/** Signs the run's administrator in, in `visitor`'s context. */
export async function signInAdmin(visitor: Visitor): Promise<void> {
  await signInByApi(visitor.context.request, inject('admin'));
}

/** Waits until the page has drawn what it loads: text in its main area and no loading placeholders. */
async function settle(page: Page, hasPlaceholders = false): Promise<void> {
  await page
    .waitForFunction(
      (placeholdersStay) =>
        (document.querySelector('main')?.textContent?.trim() ?? '') !== '' &&
        (placeholdersStay
          ? document.querySelector('main h1') !== null
          : document.querySelector('[data-slot="skeleton"], [aria-busy="true"]') === null),
      hasPlaceholders,
      // generous: the walk runs beside other test files, and a page that settles sooner goes on at once
      { timeout: 20_000 },
    )
    .catch(() => undefined);
}

/**
 * Waits until the page wears the theme: the shell follows the system's scheme as it changes; a
 * page without the shell (the presenter view) takes it when it loads, so it is loaded again.
 */
async function followTheme(page: Page, isDark: boolean): Promise<void> {
  const wears = (dark: boolean) => document.documentElement.classList.contains('dark') === dark;
  const hasFollowed = await page
    .waitForFunction(wears, isDark, { timeout: 1_500 })
    .then(() => true)
    .catch(() => false);
  if (hasFollowed) return;
  await page.reload();
  await settle(page);
  await page.waitForFunction(wears, isDark, { timeout: 15_000 });
}

/**
 * The two themes and the two widths, in the order that changes one thing at a time and the theme
 * once: a theme change waits for the page to follow it (and the presenter view is loaded again).
 */
const LOOKS = [
  { colorScheme: 'light', width: 1280 },
  { colorScheme: 'light', width: 390 },
  { colorScheme: 'dark', width: 390 },
  { colorScheme: 'dark', width: 1280 },
] as const;

/** Chromium's console line for an answer with this status. */
const refusedLoad = /^console error: Failed to load resource: the server responded with a status of 40[13] /;

/**
 * Opens each address in the visitor's page and runs axe in every look, changing the theme (the
 * app follows the system's scheme unless the person chose one) and the width on the open page.
 * A redirect that lands on a page already checked for this person is not checked again. Returns
 * the violations found, each prefixed with where: empty when the pages are clean.
 */
export async function walk(
  browser: Browser,
  visitor: Pick<Visitor, 'context' | 'page' | 'problems'>,
  role: Role,
  visits: { route: PageRoute; url: string }[],
): Promise<string[]> {
  // Two pages of the same person walk half each (axe is the slow part, and it runs in each
  // page's own renderer); /logout, which ends the person's session, waits for both.
  const last = visits.filter((visit) => visit.route === '/logout');
  const rest = visits.filter((visit) => visit.route !== '/logout');
  const second = await visitor.context.newPage();
  const secondLane = { page: second, problems: browser.watch(second) };
  const checked = new Set<string>();
  const halves = await Promise.all([
    walkLane(
      visitor,
      role,
      rest.filter((_, index) => index % 2 === 0),
      checked,
    ),
    walkLane(
      secondLane,
      role,
      rest.filter((_, index) => index % 2 === 1),
      checked,
    ),
  ]);
  await second.close();
  return [...halves.flat(), ...(await walkLane(visitor, role, last, checked))];
}

async function walkLane(
  { page, problems }: Pick<Visitor, 'page' | 'problems'>,
  role: Role,
  visits: { route: PageRoute; url: string }[],
  checked: Set<string>,
): Promise<string[]> {
  const found: string[] = [];
  for (const { route, url } of visits) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${baseUrl}${url}`);
    await settle(page, PAGE_VISITS[route].hasPlaceholders);
    // A page for hosts or administrators answers others with 401 or 403 (its refusal is what it shows).
    if (!PAGE_VISITS[route].roles.every((who) => who === 'visitor' || who === 'member')) {
      problems.splice(0, problems.length, ...problems.filter((problem) => !refusedLoad.test(problem)));
    }
    const landed = new URL(page.url());
    const landedOn = `${landed.pathname}${landed.search}`;
    if (checked.has(landedOn)) continue;
    checked.add(landedOn);
    for (const look of LOOKS) {
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.setViewportSize({ width: look.width, height: look.width > 500 ? 900 : 844 });
      await followTheme(page, look.colorScheme === 'dark');
      const where = `${role} ${url}${landedOn === url ? '' : ` → ${landedOn}`} (${look.colorScheme}, ${String(look.width)} px)`;
      for (const violation of await accessibilityViolations(page)) found.push(`${where}: ${violation}`);
    }
  }
  return found;
}
