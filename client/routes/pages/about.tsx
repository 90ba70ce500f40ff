import { Link } from 'react-router';

import { SitePageView } from '#client/features/site/components/site-page-view.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

const ACTION = 'inline-flex h-9 items-center rounded-md px-4 text-sm font-medium shadow-sm';

/** /about: what Townhall is, how it works, and where to start. */
export function AboutRoute() {
  useDocumentTitle('About');
  return (
    <SitePageView name="about" title="About Townhall">
      <div className="mt-10 flex flex-wrap gap-3 border-t border-border pt-6">
        <Link to={paths.signUp()} className={`${ACTION} bg-primary text-primary-foreground hover:bg-primary-hover`}>
          Create an account
        </Link>
        <Link to={paths.groups()} className={`${ACTION} border border-input bg-background hover:bg-accent`}>
          Browse groups
        </Link>
        <Link to={paths.events()} className={`${ACTION} border border-input bg-background hover:bg-accent`}>
          See events
        </Link>
      </div>
    </SitePageView>
  );
}
