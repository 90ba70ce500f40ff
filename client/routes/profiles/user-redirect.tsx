import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { isNotFound } from '#client/features/profiles/api/get-profile.ts';
import { usePublicProfile } from '#client/features/profiles/api/get-public-profile.ts';
import { profileKeys } from '#client/features/profiles/api/query-keys.ts';
import { NotFoundRoute } from '#client/routes/not-found.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

function UserRedirect({ userId }: { userId: string }) {
  const query = usePublicProfile(userId);
  const queryClient = useQueryClient();
  const username = query.data?.profile.username;
  useEffect(() => {
    // The profile page then shows at once, from this same answer.
    if (query.data && username) queryClient.setQueryData(profileKeys.byHandle(username), query.data);
  }, [query.data, username, queryClient]);
  useDocumentTitle(query.isError && isNotFound(query.error) ? 'Page not found' : null);

  if (username) return <Navigate to={paths.profile(username)} replace />;
  if (query.isError && isNotFound(query.error)) return <NotFoundRoute />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {query.isError ? (
        <Alert variant="error" title="This profile could not be loaded" description={query.error.message} />
      ) : (
        <ListSkeleton rows={1} label="Loading profile" />
      )}
    </div>
  );
}

/** /user/:id: moves to the person's handle (the server answers real page loads with a 301 already). */
export function UserRedirectRoute() {
  const { id = '' } = useParams();
  return <UserRedirect key={id} userId={id} />;
}
