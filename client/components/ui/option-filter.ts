/**
 * The one matching rule of the kit's pickers: a query matches when, trimmed, it
 * is a case-insensitive substring of an option's label or description. The combobox, the select
 * with search, the search field and the quick switcher all filter through here.
 */

/** An option of a combobox or select. */
export type ComboboxOption = {
  /** What is stored and sent; unique within one list. */
  value: string;
  /** What people read and what the search matches. */
  label: string;
  /** A second line; the search matches it too. */
  description?: string;
  /** Shown but not selectable. */
  disabled?: boolean;
};

/** A labelled group of options. */
export type ComboboxOptionGroup = {
  label: string;
  options: ComboboxOption[];
};

/** What a combobox lists: options, groups, or both mixed. */
export type ComboboxItem = ComboboxOption | ComboboxOptionGroup;

/** Whether an item is a group rather than a single option. */
export function isOptionGroup(item: ComboboxItem): item is ComboboxOptionGroup {
  return 'options' in item;
}

/** Whether any of `texts` contains the trimmed `query`, ignoring case; an empty query matches everything. */
export function matchesQuery(query: string, ...texts: ReadonlyArray<string | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return texts.some((text) => text !== undefined && text.toLowerCase().includes(needle));
}

/** Whether an option's label or description matches the query. */
export function optionMatches(option: ComboboxOption, query: string): boolean {
  return matchesQuery(query, option.label, option.description);
}

/**
 * The items whose label or description match `query`, in their original order. A group keeps only
 * its matching options and disappears when none match (its own label is a heading, not searched).
 * An empty or blank query returns the items unchanged.
 */
export function filterOptions(items: readonly ComboboxItem[], query: string): ComboboxItem[] {
  if (query.trim() === '') return [...items];
  const result: ComboboxItem[] = [];
  for (const item of items) {
    if (isOptionGroup(item)) {
      const options = item.options.filter((option) => optionMatches(option, query));
      if (options.length > 0) result.push({ ...item, options });
    } else if (optionMatches(item, query)) {
      result.push(item);
    }
  }
  return result;
}

/** Every option of the items, groups flattened, in order. */
export function flattenOptions(items: readonly ComboboxItem[]): ComboboxOption[] {
  return items.flatMap((item) => (isOptionGroup(item) ? item.options : [item]));
}

/** The option with this value, if any. */
export function findOption(items: readonly ComboboxItem[], value: string | undefined): ComboboxOption | undefined {
  if (value === undefined) return undefined;
  return flattenOptions(items).find((option) => option.value === value);
}
