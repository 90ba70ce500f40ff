import { isRouteErrorResponse, useRouteError } from 'react-router';

import { paths } from '#client/lib/paths.ts';

/**
 * Error element of the root route: a friendly page instead of React Router's stack trace.
 * It is bundled with the router, not loaded lazily, because a failed lazy load must reach it too.
 */
export function RootError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div role="alert" className="w-full max-w-md text-center">
        <h1 className="text-3xl font-bold tracking-tight">{isNotFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="mt-4 text-muted-foreground">
          {isNotFound
            ? 'There is nothing at this address.'
            : 'This page ran into a problem. Reloading usually helps; if it keeps happening, try again later.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {!isNotFound && (
            <button
              type="button"
              onClick={() => {
                window.location.reload();
              }}
              className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              Reload the page
            </button>
          )}
          {/* A plain link, not <Link>: the router itself may be what broke. */}
          <a
            href={paths.home()}
            className="rounded-md border border-border px-4 py-2 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}
