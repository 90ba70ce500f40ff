import { useState } from 'react';

import { SearchField } from '#client/components/ui/search-field.tsx';
import { filterSuggestions, type SearchSuggestion } from '#client/components/ui/search-suggestions.ts';

import { DemoSection } from '../demo-section.tsx';

// Long enough to see 'Searching...', short enough not to annoy.
const SLOW_SERVER_MS = 700;

const PEOPLE_AND_GROUPS: SearchSuggestion[] = [
  { id: 'u-ada', label: 'Ada Lovelace', description: 'Person · hosts Analytical Engines' },
  { id: 'u-grace', label: 'Grace Hopper', description: 'Person · compilers and debugging' },
  { id: 'u-alan', label: 'Alan Turing', description: 'Person · puzzles and codebreaking' },
  { id: 'u-katherine', label: 'Katherine Johnson', description: 'Person · orbital mechanics' },
  { id: 'u-edsger', label: 'Edsger Dijkstra', description: 'Person · shortest paths' },
  { id: 'u-barbara', label: 'Barbara Liskov', description: 'Person · data abstraction' },
  { id: 'u-margaret', label: 'Margaret Hamilton', description: 'Person · flight software' },
  { id: 'u-donald', label: 'Donald Knuth', description: 'Person · typesetting and algorithms' },
  { id: 'u-frances', label: 'Frances Allen', description: 'Person · optimising compilers' },
  { id: 'u-hedy', label: 'Hedy Lamarr', description: 'Person · frequency hopping' },
  { id: 'u-john', label: 'John McCarthy', description: 'Person · Lisp' },
  { id: 'u-radia', label: 'Radia Perlman', description: 'Person · network bridges' },
  { id: 'u-tim', label: 'Tim Berners-Lee', description: 'Person · the web' },
  { id: 'u-annie', label: 'Annie Easley', description: 'Person · rocket software' },
  { id: 'u-dennis', label: 'Dennis Ritchie', description: 'Person · C and Unix' },
  { id: 'u-shafi', label: 'Shafi Goldwasser', description: 'Person · cryptography' },
  { id: 'g-engines', label: 'Analytical Engines', description: 'Group · history of computing, weekly AMA' },
  { id: 'g-sourdough', label: 'Sourdough Society', description: 'Group · starters, loaves and crumb shots' },
  { id: 'g-gardeners', label: 'Gardeners United', description: 'Group · allotments and balconies' },
  { id: 'g-woodwork', label: 'Weekend Woodwork', description: 'Group · joinery for beginners' },
  { id: 'g-birders', label: 'Backyard Birders', description: 'Group · identification help' },
  { id: 'g-knit', label: 'Knit Night', description: 'Group · patterns and yarn swaps' },
  { id: 'g-astro', label: 'Amateur Astronomers', description: 'Group · telescopes and dark skies' },
  { id: 'g-chess', label: 'Chess Openings', description: 'Group · theory and blunders' },
  { id: 'g-cyclists', label: 'City Cyclists', description: 'Group · routes and repairs' },
  { id: 'g-pottery', label: 'Pottery Wheel', description: 'Group · glazes and kilns' },
  { id: 'g-runners', label: 'Morning Runners', description: 'Group · training plans' },
  { id: 'g-synth', label: 'Synth Builders', description: 'Group · modular and DIY synths' },
  { id: 'g-photo', label: 'Film Photography', description: 'Group · cameras and darkrooms' },
  { id: 'g-languages', label: 'Language Exchange', description: 'Group · practise with native speakers' },
];

/** Stands in for a server: the same matching, after a delay, cancelled when the text changes. */
function searchSlowly(query: string, signal: AbortSignal): Promise<SearchSuggestion[]> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => resolve(filterSuggestions(PEOPLE_AND_GROUPS, query)), SLOW_SERVER_MS);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The search field over sample people and groups, with a fixed list and with a slow async source. */
export function SearchSection() {
  const [lastAction, setLastAction] = useState<string | null>(null);

  return (
    <DemoSection
      id="search"
      title="Search"
      description="Suggestions start at the first character, at most 10, matching name or description. Empty and focused, the field lists your recent searches (kept in this browser). Arrows move, Enter picks or searches, Escape closes."
    >
      <div className="grid gap-8 md:grid-cols-2">
        <SearchField
          label="Search people and groups"
          suggestions={PEOPLE_AND_GROUPS}
          onSelect={(suggestion) => setLastAction(`Opened ${suggestion.label}`)}
          onSubmit={(query) => setLastAction(`Searched for "${query}"`)}
        />
        <SearchField
          label="Search a slow server"
          suggestions={searchSlowly}
          onSelect={(suggestion) => setLastAction(`Opened ${suggestion.label}`)}
          onSubmit={(query) => setLastAction(`Searched for "${query}"`)}
        />
      </div>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {lastAction ?? 'Pick a suggestion or press Enter.'}
      </p>
    </DemoSection>
  );
}
