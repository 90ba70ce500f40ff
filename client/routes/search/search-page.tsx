import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useSearchResults } from '#client/features/search/api/search.ts';
import {
  GroupResultCard,
  PersonResultCard,
  PostResultCard,
  QuestionResultCard,
} from '#client/features/search/components/search-result-cards.tsx';
import { SEARCH_LIMITS, SEARCH_TYPES } from '#shared/constants/search.ts';
import { GENERIC_TEXTS, SEARCH_FIELD } from '#shared/constants/ui.ts';
import type { SearchResponse, SearchType } from '#shared/schemas/search.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

const TABS: { value: SearchType; label: string }[] = [
  { value: 'people', label: 'People' },
  { value: 'groups', label: 'Groups' },
  { value: 'questions', label: 'Questions' },
  { value: 'posts', label: 'Posts' },
];

function tabOf(value: string | null): SearchType {
  return SEARCH_TYPES.find((type) => type === value) ?? 'people';
}

/** The cards of one page of results. */
function ResultItems({ page }: { page: SearchResponse }) {
  switch (page.type) {
    case 'people':
      return page.results.map((person) => (
        <li key={person.id}>
          <PersonResultCard person={person} />
        </li>
      ));
    case 'groups':
      return page.results.map((group) => (
        <li key={group.id}>
          <GroupResultCard group={group} />
        </li>
      ));
    case 'questions':
      return page.results.map((question) => (
        <li key={question.id}>
          <QuestionResultCard question={question} />
        </li>
      ));
    case 'posts':
      return page.results.map((post) => (
        <li key={post.id}>
          <PostResultCard post={post} />
        </li>
      ));
  }
}

/** One tab's results for `q`: skeletons, then the cards (20 a page, 'Load more'), nothing found, or the error and a retry. */
function SearchResults({ q, type, label }: { q: string; type: SearchType; label: string }) {
  const query = useSearchResults(q, type);
  if (query.isPending) return <ListSkeleton label={`Searching ${label.toLowerCase()}`} />;
  if (!query.data) {
    return <LoadError title="The search could not be done" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const pages = query.data.pages;
  if (pages.every((page) => page.results.length === 0)) {
    return (
      <EmptyState
        icon={<Search />}
        title={GENERIC_TEXTS.noResults}
        description="Check the spelling, try fewer words, or look in another tab."
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={`${label} found`} className="grid gap-3">
        {pages.map((page, index) => (
          <ResultItems key={index} page={page} />
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        error={query.isFetchNextPageError ? query.error : null}
        errorTitle="More results could not be loaded"
      />
    </div>
  );
}

/**
 * /search?q=…&tab=people|groups|questions|posts: what the top bar's search found, one kind per
 * tab, best first. The address keeps the text and the tab, so results can be shared and reloaded.
 */
export function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const tab = tabOf(params.get('tab'));
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // The top bar may change the address while this page shows: the field follows.
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
  useDocumentTitle(q ? `Search: ${q}` : 'Search');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    const next = new URLSearchParams();
    if (text) next.set('q', text);
    if (tab !== 'people') next.set('tab', tab);
    setParams(next);
  }

  function handleTabChange(value: string) {
    const next = new URLSearchParams(params);
    if (value === 'people') next.delete('tab');
    else next.set('tab', value);
    setParams(next, { replace: true });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
      <form role="search" onSubmit={handleSubmit} className="mb-6 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search people, groups, questions and posts
        </label>
        <input
          id="search-page-q"
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={SEARCH_FIELD.placeholder}
          maxLength={SEARCH_LIMITS.queryMax}
          enterKeyHint="search"
          autoComplete="off"
          className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button type="submit">
          <Search aria-hidden />
          Search
        </Button>
      </form>
      {q === '' ? (
        <EmptyState
          icon={<Search />}
          title="Search Townhall"
          description="Find people by name or @username, groups, questions and posts. Small typos are fine."
        />
      ) : (
        <Tabs value={tab} onValueChange={handleTabChange}>
          <TabsList aria-label="What to search">
            {TABS.map((option) => (
              <TabsTrigger key={option.value} value={option.value}>
                {option.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((option) => (
            <TabsContent key={option.value} value={option.value} className="pt-2">
              <SearchResults q={q} type={option.value} label={option.label} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
