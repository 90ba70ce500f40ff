import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';

import { AppShell } from '#client/app/shell/app-shell.tsx';
import { RootError } from '#client/routes/root-error.tsx';

// Shown while the first page's code loads; usually a few milliseconds, so deliberately blank.
function FirstLoadFallback() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

/** The app's routes. Each page's code loads lazily, so the first download stays small. */
export const routes: RouteObject[] = [
  {
    path: '/',
    // The shell (top bar, sidebar, sign-in modal, analytics) frames every page.
    element: <AppShell />,
    errorElement: <RootError />,
    HydrateFallback: FirstLoadFallback,
    children: [
      {
        index: true,
        lazy: async () => {
          const { HomeRoute } = await import('#client/routes/home.tsx');
          return { Component: HomeRoute };
        },
      },
      {
        path: 'signup',
        lazy: async () => {
          const { SignUpRoute } = await import('#client/routes/sign-up.tsx');
          return { Component: SignUpRoute };
        },
      },
      {
        path: 'login',
        lazy: async () => {
          const { LoginRoute } = await import('#client/routes/login.tsx');
          return { Component: LoginRoute };
        },
      },
      {
        path: 'logout',
        lazy: async () => {
          const { LogoutRoute } = await import('#client/routes/logout.tsx');
          return { Component: LogoutRoute };
        },
      },
      {
        path: 'forgot-password',
        lazy: async () => {
          const { ForgotPasswordRoute } = await import('#client/routes/forgot-password.tsx');
          return { Component: ForgotPasswordRoute };
        },
      },
      {
        path: 'reset-password',
        lazy: async () => {
          const { ResetPasswordRoute } = await import('#client/routes/reset-password.tsx');
          return { Component: ResetPasswordRoute };
        },
      },
      {
        path: 'settings',
        lazy: async () => {
          const { SettingsLayout } = await import('#client/routes/settings/settings-layout.tsx');
          return { Component: SettingsLayout };
        },
        children: [
          { index: true, element: <Navigate to="/settings/profile" replace /> },
          {
            path: 'profile',
            lazy: async () => {
              const { ProfileSettingsRoute } = await import('#client/routes/settings/profile.tsx');
              return { Component: ProfileSettingsRoute };
            },
          },
          {
            path: 'account',
            lazy: async () => {
              const { AccountSettingsRoute } = await import('#client/routes/settings/account.tsx');
              return { Component: AccountSettingsRoute };
            },
          },
          {
            path: 'notifications',
            lazy: async () => {
              const { NotificationSettingsRoute } = await import('#client/routes/settings/notifications.tsx');
              return { Component: NotificationSettingsRoute };
            },
          },
        ],
      },
      {
        path: 'admin',
        lazy: async () => {
          const { AdminLayoutRoute } = await import('#client/routes/admin/admin-layout.tsx');
          return { Component: AdminLayoutRoute };
        },
        children: [
          { index: true, element: <Navigate to="/admin/users" replace /> },
          {
            path: 'users',
            lazy: async () => {
              const { AdminUsersRoute } = await import('#client/routes/admin/users.tsx');
              return { Component: AdminUsersRoute };
            },
          },
          {
            path: 'content',
            lazy: async () => {
              const { AdminContentRoute } = await import('#client/routes/admin/content.tsx');
              return { Component: AdminContentRoute };
            },
          },
          {
            path: 'messages',
            lazy: async () => {
              const { AdminMessagesRoute } = await import('#client/routes/admin/messages.tsx');
              return { Component: AdminMessagesRoute };
            },
          },
          {
            path: 'page-views',
            lazy: async () => {
              const { AdminPageViewsRoute } = await import('#client/routes/admin/page-views.tsx');
              return { Component: AdminPageViewsRoute };
            },
          },
          {
            path: 'audit-log',
            lazy: async () => {
              const { AdminAuditLogRoute } = await import('#client/routes/admin/audit-log.tsx');
              return { Component: AdminAuditLogRoute };
            },
          },
          {
            path: 'mail',
            lazy: async () => {
              const { AdminMailRoute } = await import('#client/routes/admin/mail.tsx');
              return { Component: AdminMailRoute };
            },
          },
        ],
      },
      {
        path: 'ui-library',
        lazy: async () => {
          const { UiLibraryRoute } = await import('#client/routes/ui-library/ui-library.tsx');
          return { Component: UiLibraryRoute };
        },
      },
      {
        path: 'profile',
        lazy: async () => {
          const { OwnProfileRoute } = await import('#client/routes/profiles/own-profile.tsx');
          return { Component: OwnProfileRoute };
        },
      },
      {
        path: 'home',
        lazy: async () => {
          const { HomeFeedRoute } = await import('#client/routes/home-feed.tsx');
          return { Component: HomeFeedRoute };
        },
      },
      {
        path: 'groups',
        lazy: async () => {
          const { GroupsRoute } = await import('#client/routes/groups/groups-list.tsx');
          return { Component: GroupsRoute };
        },
      },
      {
        path: 'create',
        lazy: async () => {
          const { CreateGroupRoute } = await import('#client/routes/groups/create-group.tsx');
          return { Component: CreateGroupRoute };
        },
      },
      {
        path: 'group/:slug',
        lazy: async () => {
          const { GroupRoute } = await import('#client/routes/groups/group-page.tsx');
          return { Component: GroupRoute };
        },
      },
      {
        path: 'events',
        lazy: async () => {
          const { EventsRoute } = await import('#client/routes/sessions/events-page.tsx');
          return { Component: EventsRoute };
        },
      },
      {
        path: 'event/:id',
        lazy: async () => {
          const { SessionRoute } = await import('#client/routes/sessions/session-page.tsx');
          return { Component: SessionRoute };
        },
      },
      {
        path: 'group/:slug/edit',
        lazy: async () => {
          const { EditGroupRoute } = await import('#client/routes/groups/edit-group.tsx');
          return { Component: EditGroupRoute };
        },
      },
      {
        path: 'search',
        lazy: async () => {
          const { SearchRoute } = await import('#client/routes/search/search-page.tsx');
          return { Component: SearchRoute };
        },
      },
      {
        path: 'creator',
        lazy: async () => {
          const { CreatorsRoute } = await import('#client/routes/discover/creators.tsx');
          return { Component: CreatorsRoute };
        },
      },
      {
        path: 'dashboard',
        lazy: async () => {
          const { DashboardRoute } = await import('#client/routes/dashboard/dashboard.tsx');
          return { Component: DashboardRoute };
        },
      },
      {
        path: 'about',
        lazy: async () => {
          const { AboutRoute } = await import('#client/routes/pages/about.tsx');
          return { Component: AboutRoute };
        },
      },
      {
        path: 'blog',
        lazy: async () => {
          const { BlogRoute } = await import('#client/routes/pages/blog.tsx');
          return { Component: BlogRoute };
        },
      },
      {
        path: 'blog/:slug',
        lazy: async () => {
          const { BlogPostRoute } = await import('#client/routes/pages/blog-post.tsx');
          return { Component: BlogPostRoute };
        },
      },
      {
        path: 'contact',
        lazy: async () => {
          const { ContactRoute } = await import('#client/routes/pages/contact.tsx');
          return { Component: ContactRoute };
        },
      },
      {
        path: 'support',
        lazy: async () => {
          const { SupportRoute } = await import('#client/routes/pages/support.tsx');
          return { Component: SupportRoute };
        },
      },
      {
        path: 'privacy-policy',
        lazy: async () => {
          const { PrivacyPolicyRoute } = await import('#client/routes/pages/privacy-policy.tsx');
          return { Component: PrivacyPolicyRoute };
        },
      },
      {
        path: 'terms-of-service',
        lazy: async () => {
          const { TermsOfServiceRoute } = await import('#client/routes/pages/terms-of-service.tsx');
          return { Component: TermsOfServiceRoute };
        },
      },
      {
        path: 'background-gradient',
        lazy: async () => {
          const { BackgroundGradientRoute } = await import('#client/routes/pages/background-gradient.tsx');
          return { Component: BackgroundGradientRoute };
        },
      },
      {
        path: 'group/:slug/question/:questionId',
        lazy: async () => {
          const { QuestionRoute } = await import('#client/routes/groups/question-page.tsx');
          return { Component: QuestionRoute };
        },
      },
      {
        path: 'group/:slug/post/:postId',
        lazy: async () => {
          const { PostRoute } = await import('#client/routes/groups/post-page.tsx');
          return { Component: PostRoute };
        },
      },
      // Reserved words of spec section 2 with no page of their own go where a person expects.
      { path: 'app', element: <Navigate to="/home" replace /> },
      { path: 'index', element: <Navigate to="/" replace /> },
      { path: 'auth', element: <Navigate to="/login" replace /> },
      { path: 'static', element: <Navigate to="/" replace /> },
      { path: 'event', element: <Navigate to="/events" replace /> },
      { path: 'group', element: <Navigate to="/groups" replace /> },
      { path: 'user', element: <Navigate to="/profile" replace /> },
      {
        path: 'user/:id',
        lazy: async () => {
          const { UserRedirectRoute } = await import('#client/routes/profiles/user-redirect.tsx');
          return { Component: UserRedirectRoute };
        },
      },
      // People's profiles: after every static page (React Router ranks static segments first anyway);
      // reserved words (shared/constants/reserved-words.ts) keep handles off the static pages' names.
      {
        path: ':username',
        lazy: async () => {
          const { ProfileLayoutRoute } = await import('#client/routes/profiles/profile-layout.tsx');
          return { Component: ProfileLayoutRoute };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              const { ProfileGroupsRoute } = await import('#client/routes/profiles/profile-sections.tsx');
              return { Component: ProfileGroupsRoute };
            },
          },
          {
            path: 'followers',
            lazy: async () => {
              const { ProfileFollowersRoute } = await import('#client/routes/profiles/profile-sections.tsx');
              return { Component: ProfileFollowersRoute };
            },
          },
          {
            path: 'following',
            lazy: async () => {
              const { ProfileFollowingRoute } = await import('#client/routes/profiles/profile-sections.tsx');
              return { Component: ProfileFollowingRoute };
            },
          },
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('#client/routes/not-found.tsx');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
