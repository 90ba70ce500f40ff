import { MessageCircleQuestion } from 'lucide-react';
import { useNavigate } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';

import { SearchField, type SearchSuggestion } from '#client/components/ui/search-field.tsx';
import { getSuggestions } from '#client/features/search/api/get-suggestions.ts';
import { paths } from '#client/lib/paths.ts';
import type { Suggestion } from '#shared/schemas/search.ts';

/** What each kind of suggestion is called in its second line. */
const KIND_LABELS: Record<Suggestion['type'], string> = { user: 'Person', group: 'Group', question: 'Question' };

type SiteSuggestion = SearchSuggestion & { href: string };

/** The server's suggestions as the field lists them: the kind first in the second line. */
async function siteSuggestions(query: string, signal: AbortSignal): Promise<SiteSuggestion[]> {
  const suggestions = await getSuggestions(query, { signal });
  return suggestions.map((suggestion) => ({
    // ids of different kinds could meet; the option's element id must not
    id: `${suggestion.type}-${suggestion.id}`,
    label: suggestion.label,
    description: `${KIND_LABELS[suggestion.type]} · ${suggestion.description}`,
    leading:
      suggestion.type === 'question' ? (
        <MessageCircleQuestion className="size-6 p-0.5 text-muted-foreground" />
      ) : (
        <Avatar
          src={suggestion.imageUrl}
          name={suggestion.label}
          userId={suggestion.id}
          alt=""
          size="xs"
          shape={suggestion.type === 'group' ? 'rounded' : 'circular'}
        />
      ),
    href: suggestion.href,
  }));
}

/**
 * The search field of the top bar: people, groups and questions as you type (at most 10; the
 * recent searches when empty), a pick opens it, Enter opens /search with the text. Pages are
 * the quick switcher's (Ctrl/Cmd+K), so the suggestions stay about what people made.
 */
export function SiteSearch() {
  const navigate = useNavigate();
  return (
    <SearchField
      label="Search Townhall"
      hideLabel
      suggestions={siteSuggestions}
      onSelect={(suggestion) => void navigate(suggestion.href)}
      onSubmit={(query) => void navigate(paths.search(query))}
    />
  );
}
