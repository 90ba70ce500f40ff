import { createBrowserRouter, Navigate } from 'react-router';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { AppShell } from '#client/app/shell/app-shell.tsx';
import { RootError } from '#client/routes/root-error.tsx';
import { paths } from '#client/lib/paths.ts';

/**
 * A page whose code loads when it is first visited: `load` imports its module (a literal
 * import(), so the bundler splits it out) and `name` is the export of the page's component.
 */
function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Module[Name] extends ComponentType ? Name : never,
) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

// Shown while the first page's code loads; usually a few milliseconds, so deliberately blank.
function FirstLoadFallback() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

/** The app's routes. Each page's code loads lazily, so the first download stays small. */
export const routes: RouteObject[] = [
  {
    // A session's presenter view is a browser source for streaming software: the page alone,
    // without the shell's top bar, sidebar or sign-in modal.
    path: 'event/:id/present',
    errorElement: <RootError />,
    HydrateFallback: FirstLoadFallback,
    lazy: lazyPage(() => import('#client/routes/sessions/present-page.tsx'), 'PresentSessionRoute'),
  },
  {
    path: '/',
    // The shell (top bar, sidebar, sign-in modal, analytics) frames every page.
    element: <AppShell />,
    errorElement: <RootError />,
    HydrateFallback: FirstLoadFallback,
    children: [
      { index: true, lazy: lazyPage(() => import('#client/routes/home.tsx'), 'HomeRoute') },
      { path: 'signup', lazy: lazyPage(() => import('#client/routes/sign-up.tsx'), 'SignUpRoute') },
      { path: 'login', lazy: lazyPage(() => import('#client/routes/login.tsx'), 'LoginRoute') },
      { path: 'logout', lazy: lazyPage(() => import('#client/routes/logout.tsx'), 'LogoutRoute') },
      {
        path: 'forgot-password',
        lazy: lazyPage(() => import('#client/routes/forgot-password.tsx'), 'ForgotPasswordRoute'),
      },
      {
        path: 'reset-password',
        lazy: lazyPage(() => import('#client/routes/reset-password.tsx'), 'ResetPasswordRoute'),
      },
      {
        path: 'settings',
        lazy: lazyPage(() => import('#client/routes/settings/settings-layout.tsx'), 'SettingsLayout'),
        children: [
          { index: true, element: <Navigate to={paths.settings.profile()} replace /> },
          {
            path: 'profile',
            lazy: lazyPage(() => import('#client/routes/settings/profile.tsx'), 'ProfileSettingsRoute'),
          },
          {
            path: 'account',
            lazy: lazyPage(() => import('#client/routes/settings/account.tsx'), 'AccountSettingsRoute'),
          },
          {
            path: 'notifications',
            lazy: lazyPage(() => import('#client/routes/settings/notifications.tsx'), 'NotificationSettingsRoute'),
          },
        ],
      },
      {
        path: 'admin',
        lazy: lazyPage(() => import('#client/routes/admin/admin-layout.tsx'), 'AdminLayoutRoute'),
        children: [
          { index: true, element: <Navigate to={paths.admin.users()} replace /> },
          { path: 'users', lazy: lazyPage(() => import('#client/routes/admin/users.tsx'), 'AdminUsersRoute') },
          { path: 'content', lazy: lazyPage(() => import('#client/routes/admin/content.tsx'), 'AdminContentRoute') },
          { path: 'messages', lazy: lazyPage(() => import('#client/routes/admin/messages.tsx'), 'AdminMessagesRoute') },
          {
            path: 'page-views',
            lazy: lazyPage(() => import('#client/routes/admin/page-views.tsx'), 'AdminPageViewsRoute'),
          },
          {
            path: 'audit-log',
            lazy: lazyPage(() => import('#client/routes/admin/audit-log.tsx'), 'AdminAuditLogRoute'),
          },
          { path: 'mail', lazy: lazyPage(() => import('#client/routes/admin/mail.tsx'), 'AdminMailRoute') },
        ],
      },
      {
        path: 'ui-library',
        lazy: lazyPage(() => import('#client/routes/ui-library/ui-library.tsx'), 'UiLibraryRoute'),
      },
      { path: 'profile', lazy: lazyPage(() => import('#client/routes/profiles/own-profile.tsx'), 'OwnProfileRoute') },
      { path: 'home', lazy: lazyPage(() => import('#client/routes/home-feed.tsx'), 'HomeFeedRoute') },
      { path: 'groups', lazy: lazyPage(() => import('#client/routes/groups/groups-list.tsx'), 'GroupsRoute') },
      { path: 'create', lazy: lazyPage(() => import('#client/routes/groups/create-group.tsx'), 'CreateGroupRoute') },
      { path: 'group/:slug', lazy: lazyPage(() => import('#client/routes/groups/group-page.tsx'), 'GroupRoute') },
      { path: 'events', lazy: lazyPage(() => import('#client/routes/sessions/events-page.tsx'), 'EventsRoute') },
      { path: 'event/:id', lazy: lazyPage(() => import('#client/routes/sessions/session-page.tsx'), 'SessionRoute') },
      {
        path: 'event/:id/ledger',
        lazy: lazyPage(() => import('#client/routes/ledger/ledger-page.tsx'), 'SessionLedgerRoute'),
      },
      {
        path: 'event/:id/analytics',
        lazy: lazyPage(
          () => import('#client/routes/host-analytics/session-analytics-page.tsx'),
          'SessionAnalyticsRoute',
        ),
      },
      {
        path: 'group/:slug/ledger',
        lazy: lazyPage(() => import('#client/routes/ledger/ledger-page.tsx'), 'GroupLedgerRoute'),
      },
      {
        path: 'group/:slug/analytics',
        lazy: lazyPage(() => import('#client/routes/host-analytics/group-analytics-page.tsx'), 'GroupAnalyticsRoute'),
      },
      {
        path: 'group/:slug/edit',
        lazy: lazyPage(() => import('#client/routes/groups/edit-group.tsx'), 'EditGroupRoute'),
      },
      { path: 'search', lazy: lazyPage(() => import('#client/routes/search/search-page.tsx'), 'SearchRoute') },
      { path: 'creator', lazy: lazyPage(() => import('#client/routes/discover/creators.tsx'), 'CreatorsRoute') },
      { path: 'dashboard', lazy: lazyPage(() => import('#client/routes/dashboard/dashboard.tsx'), 'DashboardRoute') },
      { path: 'about', lazy: lazyPage(() => import('#client/routes/pages/about.tsx'), 'AboutRoute') },
      { path: 'blog', lazy: lazyPage(() => import('#client/routes/pages/blog.tsx'), 'BlogRoute') },
      { path: 'blog/:slug', lazy: lazyPage(() => import('#client/routes/pages/blog-post.tsx'), 'BlogPostRoute') },
      { path: 'contact', lazy: lazyPage(() => import('#client/routes/pages/contact.tsx'), 'ContactRoute') },
      { path: 'support', lazy: lazyPage(() => import('#client/routes/pages/support.tsx'), 'SupportRoute') },
      {
        path: 'privacy-policy',
        lazy: lazyPage(() => import('#client/routes/pages/privacy-policy.tsx'), 'PrivacyPolicyRoute'),
      },
      {
        path: 'terms-of-service',
        lazy: lazyPage(() => import('#client/routes/pages/terms-of-service.tsx'), 'TermsOfServiceRoute'),
      },
      {
        path: 'background-gradient',
        lazy: lazyPage(() => import('#client/routes/pages/background-gradient.tsx'), 'BackgroundGradientRoute'),
      },
      {
        path: 'group/:slug/question/:questionId',
        lazy: lazyPage(() => import('#client/routes/groups/question-page.tsx'), 'QuestionRoute'),
      },
      {
        path: 'group/:slug/post/:postId',
        lazy: lazyPage(() => import('#client/routes/groups/post-page.tsx'), 'PostRoute'),
      },
      // Reserved path words with no page of their own go where a person expects.
      { path: 'app', element: <Navigate to={paths.homeFeed()} replace /> },
      { path: 'index', element: <Navigate to={paths.home()} replace /> },
      { path: 'auth', element: <Navigate to={paths.login()} replace /> },
      { path: 'static', element: <Navigate to={paths.home()} replace /> },
      { path: 'event', element: <Navigate to={paths.events()} replace /> },
      { path: 'group', element: <Navigate to={paths.groups()} replace /> },
      { path: 'user', element: <Navigate to={paths.ownProfile()} replace /> },
      {
        path: 'user/:id',
        lazy: lazyPage(() => import('#client/routes/profiles/user-redirect.tsx'), 'UserRedirectRoute'),
      },
      // People's profiles: after every static page (React Router ranks static segments first anyway);
      // reserved words (shared/constants/reserved-words.ts) keep handles off the static pages' names.
      {
        path: ':username',
        lazy: lazyPage(() => import('#client/routes/profiles/profile-layout.tsx'), 'ProfileLayoutRoute'),
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('#client/routes/profiles/profile-sections.tsx'), 'ProfileGroupsRoute'),
          },
          {
            path: 'followers',
            lazy: lazyPage(() => import('#client/routes/profiles/profile-sections.tsx'), 'ProfileFollowersRoute'),
          },
          {
            path: 'following',
            lazy: lazyPage(() => import('#client/routes/profiles/profile-sections.tsx'), 'ProfileFollowingRoute'),
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('#client/routes/not-found.tsx'), 'NotFoundRoute') },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
