import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';

import { AppProvider } from '#client/app/provider.tsx';
import { queryClientConfig } from '#client/app/query-client.ts';
import { routes as appRoutes } from '#client/app/router.tsx';
import type { LiveClient } from '#client/lib/live-client.ts';

import { createFakeLiveClient } from './live-fixtures.ts';

/**
 * Renders the app's routes at `path`, as a person would reach them, with the real providers.
 * Queries keep the app's settings except retries, so a failure shows at once. The live channel
 * is a fake that opens no socket unless a test passes its own (createFakeLiveClient) to push events.
 */
export function renderApp(
  path = '/',
  { routes = appRoutes, liveClient }: { routes?: RouteObject[]; liveClient?: LiveClient } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { ...queryClientConfig.defaultOptions.queries, retry: false },
      mutations: { ...queryClientConfig.defaultOptions.mutations, retry: false },
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient} liveClient={liveClient ?? createFakeLiveClient().client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
