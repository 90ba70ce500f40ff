import { Clock, LoaderCircle, Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

import { cn } from '#client/lib/cn.ts';
import { GENERIC_TEXTS, SEARCH_FIELD } from '#shared/constants/ui.ts';

import {
  addRecentSearch,
  clearRecentSearches,
  loadRecentSearches,
  RECENT_SEARCHES_STORAGE_KEY,
  saveRecentSearches,
} from './recent-searches.ts';
import { capSuggestions, filterSuggestions, isQueryLongEnough, type SearchSuggestion } from './search-suggestions.ts';

export type { SearchSuggestion } from './search-suggestions.ts';

const RECENT_SEARCHES_HEADING = 'Recent searches';
const CLEAR_RECENT_SEARCHES = 'Clear recent searches';

/** Where suggestions come from: a fixed list (filtered here) or an async function (which filters itself). */
export type SuggestionSource<T extends SearchSuggestion> =
  readonly T[] | ((query: string, signal: AbortSignal) => Promise<readonly T[]>);

/** Props of SearchField. */
export type SearchFieldProps<T extends SearchSuggestion> = {
  /** Names the field; shown above it unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  /**
   * A list, filtered by label or description (case-insensitive substring), or an async function
   * given the trimmed text and an AbortSignal that fires when the text changes again. Either way at
   * most `maxSuggestions` show. Keep the function's identity stable only as much as you like: each
   * keystroke calls the current one.
   */
  suggestions: SuggestionSource<T>;
  /** Suggestions start once the trimmed text is this long (default SEARCH_FIELD.minLength, 1). */
  minLength?: number;
  /** At most this many suggestions (default SEARCH_FIELD.maxSuggestions, 10). */
  maxSuggestions?: number;
  /** A suggestion was picked (click, or arrows then Enter). */
  onSelect?: (suggestion: T) => void;
  /** Enter was pressed with no suggestion highlighted, or a recent search was picked; gets the trimmed text. */
  onSubmit?: (query: string) => void;
  /** Placeholder (default 'Search...'). */
  placeholder?: string;
  /** Shows and records recent searches (default true). */
  hasRecentSearches?: boolean;
  /** The localStorage key of the recent searches (default 'townhall:recent-searches'). */
  recentSearchesKey?: string;
  /** The first text. */
  defaultValue?: string;
  id?: string;
  name?: string;
  /** Classes of the wrapper. */
  className?: string;
};

type AsyncState<T> = {
  /** The trimmed text these results answer. */
  query: string;
  items: readonly T[];
  status: 'idle' | 'loading' | 'done' | 'error';
};

type Row<T> = { kind: 'recent'; term: string } | { kind: 'suggestion'; item: T };

/**
 * A search box with suggestions and recent searches, following the ARIA
 * combobox pattern: the input has role combobox and points at a listbox of options through
 * aria-controls and aria-activedescendant, so focus never leaves the input. Arrows move (wrapping),
 * Enter picks the highlighted option or submits the text, Escape closes the list and then clears.
 * Empty and focused, it lists up to 10 recent searches kept in this browser, with a way to clear them.
 */
export function SearchField<T extends SearchSuggestion>({
  label,
  hideLabel = false,
  suggestions,
  minLength = SEARCH_FIELD.minLength,
  maxSuggestions = SEARCH_FIELD.maxSuggestions,
  onSelect,
  onSubmit,
  placeholder = SEARCH_FIELD.placeholder,
  hasRecentSearches = true,
  recentSearchesKey = RECENT_SEARCHES_STORAGE_KEY,
  defaultValue = '',
  id,
  name,
  className,
}: SearchFieldProps<T>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const recentHeadingId = `${inputId}-recent`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  const [query, setQuery] = useState(defaultValue);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [recent, setRecent] = useState<string[]>(() =>
    hasRecentSearches ? loadRecentSearches(recentSearchesKey) : [],
  );
  const [asyncState, setAsyncState] = useState<AsyncState<T>>({ query: '', items: [], status: 'idle' });

  const isAsync = typeof suggestions === 'function';
  const trimmed = query.trim();
  const mode = trimmed === '' ? 'recent' : isQueryLongEnough(trimmed, minLength) ? 'suggestions' : 'none';

  const rows = useMemo<Row<T>[]>(() => {
    if (mode === 'recent') return hasRecentSearches ? recent.map((term) => ({ kind: 'recent', term })) : [];
    if (mode === 'none') return [];
    const items =
      typeof suggestions === 'function'
        ? capSuggestions(asyncState.items, maxSuggestions)
        : filterSuggestions(suggestions, trimmed, { minLength, maxSuggestions });
    return items.map((item) => ({ kind: 'suggestion', item }));
  }, [mode, hasRecentSearches, recent, suggestions, asyncState.items, trimmed, minLength, maxSuggestions]);

  let statusText: string | null = null;
  if (mode === 'suggestions') {
    if (isAsync && asyncState.status === 'loading') statusText = SEARCH_FIELD.searchingText;
    else if (isAsync && asyncState.status === 'error') statusText = GENERIC_TEXTS.error;
    else if (rows.length === 0 && (!isAsync || asyncState.status === 'done')) statusText = SEARCH_FIELD.noResultsText;
  }

  const isPopupVisible = isOpen && (rows.length > 0 || statusText !== null);
  const active = activeIndex < rows.length ? activeIndex : -1;
  const activeId = isPopupVisible && active >= 0 ? `${listboxId}-option-${String(active)}` : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  // A request still running when the field goes away must not land in unmounted state.
  useEffect(() => {
    const pending = abortRef;
    return () => pending.current?.abort();
  }, []);

  /** Asks the async source for suggestions of `text`, cancelling the previous request. */
  function requestSuggestions(text: string) {
    abortRef.current?.abort();
    abortRef.current = null;
    const nextTrimmed = text.trim();
    if (typeof suggestions !== 'function' || !isQueryLongEnough(nextTrimmed, minLength)) {
      // The cancelled request will never answer: stop showing it as pending.
      setAsyncState((previous) => (previous.status === 'loading' ? { ...previous, status: 'idle' } : previous));
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    // Earlier results stay listed while the new ones load, so the list does not flicker per keystroke.
    setAsyncState((previous) => ({ query: nextTrimmed, items: previous.items, status: 'loading' }));
    suggestions(nextTrimmed, controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setAsyncState({ query: nextTrimmed, items, status: 'done' });
      },
      // The source owns its errors (logging, retries); the field only says something went wrong.
      () => {
        if (!controller.signal.aborted) setAsyncState({ query: nextTrimmed, items: [], status: 'error' });
      },
    );
  }

  function remember(term: string) {
    if (!hasRecentSearches) return;
    const next = addRecentSearch(loadRecentSearches(recentSearchesKey), term);
    saveRecentSearches(next, recentSearchesKey);
    setRecent(next);
  }

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function pick(row: Row<T>) {
    if (row.kind === 'suggestion') {
      setQuery(row.item.label);
      remember(row.item.label);
      onSelect?.(row.item);
    } else {
      setQuery(row.term);
      remember(row.term);
      onSubmit?.(row.term);
    }
    close();
  }

  function submit() {
    if (trimmed === '') return;
    remember(trimmed);
    onSubmit?.(trimmed);
    close();
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setQuery(next);
    setIsOpen(true);
    setActiveIndex(-1);
    requestSuggestions(next);
  }

  function handleFocus() {
    setIsOpen(true);
    // Another field or tab may have added searches since this one loaded them.
    if (hasRecentSearches) setRecent(loadRecentSearches(recentSearchesKey));
    if (isAsync && mode === 'suggestions' && asyncState.query !== trimmed) requestSuggestions(query);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    // Focus moving to the Clear button inside the list is still 'in' the field.
    if (!containerRef.current?.contains(event.relatedTarget)) close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!isPopupVisible) {
          setIsOpen(true);
          return;
        }
        if (rows.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = active === -1 ? (step === 1 ? -1 : rows.length) : active;
        setActiveIndex((from + step + rows.length) % rows.length);
        return;
      }
      case 'Enter': {
        // IME composition uses Enter to confirm a character, not to search.
        if (event.nativeEvent.isComposing) return;
        event.preventDefault();
        const row = isPopupVisible && active >= 0 ? rows[active] : undefined;
        if (row) pick(row);
        else submit();
        return;
      }
      case 'Escape': {
        if (isPopupVisible) {
          event.preventDefault();
          close();
        } else if (query !== '') {
          event.preventDefault();
          setQuery('');
          requestSuggestions('');
        }
        return;
      }
      default:
        return;
    }
  }

  function handleClearRecent() {
    clearRecentSearches(recentSearchesKey);
    setRecent([]);
    setActiveIndex(-1);
    // The button disappears with the list; focus goes back where typing happens.
    inputRef.current?.focus();
  }

  return (
    <div
      ref={containerRef}
      data-slot="search-field"
      className={cn('relative grid gap-1.5', className)}
      onBlur={handleBlur}
    >
      <label htmlFor={inputId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isPopupVisible}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          value={query}
          onChange={handleChange}
          onFocus={handleFocus}
          onClick={() => setIsOpen(true)}
          onKeyDown={handleKeyDown}
          className={cn(
            'h-9 w-full min-w-0 rounded-md border border-input bg-background pr-9 pl-9 text-sm shadow-sm transition-colors',
            'placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
            // The browser's own clear button would sit on top of the spinner.
            '[&::-webkit-search-cancel-button]:appearance-none',
          )}
        />
        {isAsync && mode === 'suggestions' && asyncState.status === 'loading' ? (
          <LoaderCircle
            aria-hidden="true"
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          />
        ) : null}
      </div>
      <div
        hidden={!isPopupVisible}
        data-slot="search-field-popup"
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-md"
        // Keeps focus in the input while an option or the Clear button is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {mode === 'recent' && rows.length > 0 ? (
          <p id={recentHeadingId} className="px-3 pt-2 pb-1 text-xs font-medium text-muted-foreground">
            {RECENT_SEARCHES_HEADING}
          </p>
        ) : null}
        <ul
          id={listboxId}
          role="listbox"
          aria-labelledby={mode === 'recent' ? recentHeadingId : undefined}
          aria-label={mode === 'recent' ? undefined : label}
          hidden={rows.length === 0}
          className="max-h-96 overflow-y-auto overscroll-contain p-1"
        >
          {rows.map((row, index) => {
            const isActive = index === active;
            const key = row.kind === 'recent' ? `recent:${row.term}` : `suggestion:${row.item.id}`;
            return (
              <li
                key={key}
                id={`${listboxId}-option-${String(index)}`}
                role="option"
                aria-selected={isActive}
                onClick={() => pick(row)}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm select-none',
                  'hover:bg-accent hover:text-accent-foreground',
                  isActive && 'bg-accent text-accent-foreground',
                )}
              >
                {row.kind === 'recent' ? (
                  <>
                    <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="truncate">{row.term}</span>
                  </>
                ) : (
                  <>
                    {row.item.leading ? (
                      <span aria-hidden="true" className="mt-0.5 flex shrink-0">
                        {row.item.leading}
                      </span>
                    ) : null}
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate">{row.item.label}</span>
                      {row.item.description ? (
                        <span className="text-xs text-muted-foreground">{row.item.description}</span>
                      ) : null}
                    </span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {statusText !== null ? (
          <p role="status" className="px-3 py-4 text-center text-sm text-muted-foreground">
            {statusText}
          </p>
        ) : null}
        {mode === 'recent' && rows.length > 0 ? (
          <div className="border-t border-border p-1">
            <button
              type="button"
              onClick={handleClearRecent}
              className="w-full cursor-pointer rounded-sm px-2 py-1.5 text-left text-xs text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {CLEAR_RECENT_SEARCHES}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
