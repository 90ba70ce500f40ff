import { Link } from 'react-router';

import { paths } from '#client/lib/paths.ts';

/** Shown for any path no route matches. */
export function NotFoundRoute() {
  return (
    <div className="flex min-h-[calc(100dvh-3.5rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <p className="text-sm font-semibold text-link">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-4 text-muted-foreground">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </p>
        <Link
          to={paths.home()}
          className="mt-8 inline-block rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
