import { Link, useParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { AnalyticsSkeleton, GroupAnalytics } from '#client/features/host-analytics/components/analytics-views.tsx';
import { isGroupNotFound, useGroup } from '#client/features/groups/api/get-group.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';

const FRAME = 'mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10';

function GroupAnalyticsPage({ slug }: { slug: string }) {
  const query = useGroup(slug);
  useDocumentTitle(query.isError && isGroupNotFound(query.error) ? GROUP_MESSAGES.notFound : null);

  if (query.isError && isGroupNotFound(query.error)) {
    return (
      <div className={FRAME}>
        <Alert variant="warning" title="This group does not exist">
          <Button asChild variant="outline" size="sm" className="mt-2">
            <Link to={paths.groups()}>See all groups</Link>
          </Button>
        </Alert>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={FRAME}>
        <LoadError title="The group could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!query.data) return <AnalyticsSkeleton />;
  return <GroupAnalytics group={query.data.group} />;
}

/** /group/:slug/analytics: a group's analytics over all its questions and sessions, for its host and the administrators. */
export function GroupAnalyticsRoute() {
  const { slug = '' } = useParams();
  return <GroupAnalyticsPage key={slug.toLowerCase()} slug={slug} />;
}
