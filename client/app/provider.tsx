import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';

import { createQueryClient } from '#client/app/query-client.ts';
import { sessionQueryKey } from '#client/features/accounts/api/get-session.ts';
import { SessionProvider } from '#client/features/accounts/components/session-provider.tsx';
import { createLiveClient } from '#client/lib/live-client.ts';
import type { LiveClient } from '#client/lib/live-client.ts';
import { LiveClientContext } from '#client/lib/use-live-topic.ts';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own, for example without retries. */
  queryClient?: QueryClient;
  /** Tests pass a fake; by default one client serves the whole app. */
  liveClient?: LiveClient;
};

/** Everything every page needs: the query cache, the live channel and who is signed in. */
export function AppProvider({ children, queryClient, liveClient }: AppProviderProps) {
  // Created once: a new cache on each render would throw away every answer.
  const [activeQueryClient] = useState(() => queryClient ?? createQueryClient());
  // The live client opens no socket until a page subscribes, so creating it up front costs nothing.
  // It is never closed on unmount: the provider lives as long as the page, and StrictMode's
  // trial unmount would otherwise close a client that is still in use.
  // A socket the server ends because it signed the person out (a disabled account) makes the
  // app read its session again, so the page shows them signed out at once.
  const [activeLiveClient] = useState(
    () =>
      liveClient ??
      createLiveClient({
        onViewerEnded: () => void activeQueryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      }),
  );

  return (
    <QueryClientProvider client={activeQueryClient}>
      <LiveClientContext value={activeLiveClient}>
        <SessionProvider>{children}</SessionProvider>
      </LiveClientContext>
    </QueryClientProvider>
  );
}
