import { SquarePlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import type { GroupSort } from '#client/features/groups/api/query-keys.ts';
import { GroupList } from '#client/features/groups/components/group-list.tsx';
import { useDocumentTitle } from '#client/features/profiles/hooks/use-document-title.ts';

import { renderPersonLink } from './compose.tsx';

const SORTS: { value: GroupSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'popular', label: 'Most subscribed' },
];

/** /groups: every group, newest or most subscribed first (?sort=popular keeps the choice in the address). */
export function GroupsRoute() {
  const [params, setParams] = useSearchParams();
  const sort: GroupSort = params.get('sort') === 'popular' ? 'popular' : 'newest';
  useDocumentTitle('Groups');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Groups</h1>
        <Button asChild>
          <Link to="/create">
            <SquarePlus aria-hidden />
            Create group
          </Link>
        </Button>
      </div>
      <Tabs
        value={sort}
        onValueChange={(value) => setParams(value === 'popular' ? { sort: 'popular' } : {}, { replace: true })}
      >
        <TabsList aria-label="Sort groups">
          {SORTS.map((option) => (
            <TabsTrigger key={option.value} value={option.value}>
              {option.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {SORTS.map((option) => (
          <TabsContent key={option.value} value={option.value} className="pt-2">
            <GroupList sort={option.value} renderPersonLink={renderPersonLink} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
