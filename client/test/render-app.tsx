import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';

import { AppProvider } from '#client/app/provider.tsx';
import { queryClientConfig } from '#client/app/query-client.ts';
import { routes as appRoutes } from '#client/app/router.tsx';

/**
 * Renders the app's routes at `path`, as a person would reach them, with the real providers.
 * Queries keep the app's settings except retries, so a failure shows at once.
 */
export function renderApp(path = '/', { routes = appRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { ...queryClientConfig.defaultOptions.queries, retry: false },
      mutations: { ...queryClientConfig.defaultOptions.mutations, retry: false },
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
