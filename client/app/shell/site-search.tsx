import { useNavigate } from 'react-router';

import { SearchField } from '#client/components/ui/search-field.tsx';
import { filterSuggestions } from '#client/components/ui/search-suggestions.ts';

import { APP_PAGES } from './app-pages.ts';

/**
 * The search field of the top bar. It finds Townhall's pages for now; people, groups and
 * questions join its suggestions with the search feature.
 */
export function SiteSearch() {
  const navigate = useNavigate();
  return (
    <SearchField
      label="Search Townhall"
      hideLabel
      suggestions={APP_PAGES}
      onSelect={(page) => void navigate(page.href)}
      onSubmit={(query) => {
        const [first] = filterSuggestions(APP_PAGES, query);
        if (first) void navigate(first.href);
      }}
    />
  );
}
