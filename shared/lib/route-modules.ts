import type { PageRoute } from './page-routes.ts';

/**
 * The code each page loads lazily, as paths relative to client/ (the keys of the Vite build's
 * manifest), outermost layout first. The server preloads these chunks (and what they import)
 * with the page's HTML, and the bundle budget test adds them to the entry's graph.
 * A client test (client/app/route-modules.test.ts) compares this map with the router: each
 * page's list starts with the modules the router loads for it; after them come modules the
 * page always imports lazily at first render. Only the server and tests import it: it
 * never ships to the browser.
 */
export const ROUTE_MODULES: Partial<Record<PageRoute, readonly string[]>> = {
  '/': ['routes/home.tsx'],
  '/signup': ['routes/sign-up.tsx'],
  '/login': ['routes/login.tsx'],
  '/logout': ['routes/logout.tsx'],
  '/forgot-password': ['routes/forgot-password.tsx'],
  '/reset-password': ['routes/reset-password.tsx'],
  '/settings/profile': ['routes/settings/settings-layout.tsx', 'routes/settings/profile.tsx'],
  '/settings/account': ['routes/settings/settings-layout.tsx', 'routes/settings/account.tsx'],
  '/settings/notifications': ['routes/settings/settings-layout.tsx', 'routes/settings/notifications.tsx'],
  '/admin/users': ['routes/admin/admin-layout.tsx', 'routes/admin/users.tsx'],
  '/admin/content': ['routes/admin/admin-layout.tsx', 'routes/admin/content.tsx'],
  '/admin/messages': ['routes/admin/admin-layout.tsx', 'routes/admin/messages.tsx'],
  '/admin/page-views': ['routes/admin/admin-layout.tsx', 'routes/admin/page-views.tsx'],
  '/admin/audit-log': ['routes/admin/admin-layout.tsx', 'routes/admin/audit-log.tsx'],
  '/admin/mail': ['routes/admin/admin-layout.tsx', 'routes/admin/mail.tsx'],
  '/ui-library': ['routes/ui-library/ui-library.tsx'],
  '/profile': ['routes/profiles/own-profile.tsx'],
  '/home': ['routes/home-feed.tsx'],
  '/groups': ['routes/groups/groups-list.tsx'],
  '/create': ['routes/groups/create-group.tsx'],
  '/group/:slug': ['routes/groups/group-page.tsx'],
  '/events': ['routes/sessions/events-page.tsx'],
  // the session page always shows its question queue, which it imports lazily
  '/event/:id': ['routes/sessions/session-page.tsx', 'features/questions/components/questions-panel.tsx'],
  '/event/:id/present': ['routes/sessions/present-page.tsx'],
  '/event/:id/ledger': ['routes/ledger/ledger-page.tsx'],
  '/event/:id/analytics': ['routes/host-analytics/session-analytics-page.tsx'],
  '/group/:slug/ledger': ['routes/ledger/ledger-page.tsx'],
  '/group/:slug/analytics': ['routes/host-analytics/group-analytics-page.tsx'],
  '/group/:slug/edit': ['routes/groups/edit-group.tsx'],
  '/search': ['routes/search/search-page.tsx'],
  '/creator': ['routes/discover/creators.tsx'],
  '/dashboard': ['routes/dashboard/dashboard.tsx'],
  '/about': ['routes/pages/about.tsx'],
  '/blog': ['routes/pages/blog.tsx'],
  '/blog/:slug': ['routes/pages/blog-post.tsx'],
  '/contact': ['routes/pages/contact.tsx'],
  '/support': ['routes/pages/support.tsx'],
  '/privacy-policy': ['routes/pages/privacy-policy.tsx'],
  '/terms-of-service': ['routes/pages/terms-of-service.tsx'],
  '/background-gradient': ['routes/pages/background-gradient.tsx'],
  // a question's or post's own page opens its comments at once, and they load lazily
  '/group/:slug/question/:questionId': [
    'routes/groups/question-page.tsx',
    'features/content/components/comments-thread.tsx',
  ],
  '/group/:slug/post/:postId': ['routes/groups/post-page.tsx', 'features/content/components/comments-thread.tsx'],
  '/user/:id': ['routes/profiles/user-redirect.tsx'],
  '/:username': ['routes/profiles/profile-layout.tsx', 'routes/profiles/profile-sections.tsx'],
  '/:username/followers': ['routes/profiles/profile-layout.tsx', 'routes/profiles/profile-sections.tsx'],
  '/:username/following': ['routes/profiles/profile-layout.tsx', 'routes/profiles/profile-sections.tsx'],
};

/**
 * Modules the app imports dynamically at every first render, whatever the page (paths relative
 * to client/, as above): the bundle budget counts them with the entry. Code that waits for a
 * person's action (a dialog opening, a first toast) is not here, and loads only then.
 */
export const FIRST_RENDER_MODULES: readonly string[] = [];
