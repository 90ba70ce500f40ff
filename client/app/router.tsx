import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';

import { RootError } from '#client/routes/root-error.tsx';

// Shown while the first page's code loads; usually a few milliseconds, so deliberately blank.
function FirstLoadFallback() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

/** The app's routes. Each page's code loads lazily, so the first download stays small. */
export const routes: RouteObject[] = [
  {
    path: '/',
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
