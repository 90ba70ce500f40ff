/**
 * Constants and texts of the UI kit, fixed by the spec (sections 2, 4, 5 and 9). Both the
 * widgets and their tests read them from here, so a number or text lives in one place.
 */

/** Toasts, the spec's first set (sonner). */
export const TOASTS = {
  durationMs: 4000,
  visibleToasts: 3,
  gapPx: 14,
  position: 'bottom-right',
  widthPx: 356,
  swipeThresholdPx: 45,
  swipeVelocityThreshold: 0.11,
  closeAnimationMs: 200,
  /** Alt+T focuses the toasts. */
  hotkey: ['altKey', 'KeyT'],
  /** A duration of 0 keeps a toast until it is dismissed. */
  persistentDuration: 0,
} as const;

/** Texts of a promise toast while pending, on success and on failure. */
export const PROMISE_TOAST_TEXTS = {
  loading: 'Loading...',
  success: 'Success!',
  error: 'Something went wrong',
} as const;

/** Confirm dialog defaults. */
export const CONFIRM_DIALOG_TEXTS = {
  title: 'Are you absolutely sure?',
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

/** Image lightbox: zoom bounds and step, and the size of the sample images. */
export const LIGHTBOX = {
  minZoom: 0.1,
  maxZoom: 5,
  zoomStep: 1.2,
  imageWidth: 1200,
  imageHeight: 800,
} as const;

/** Combobox and select with search. */
export const COMBOBOX = {
  placeholder: 'Select option...',
  searchPlaceholder: 'Search options...',
  emptyText: 'No options found',
  maxListHeightPx: 300,
} as const;

/** Search field with suggestions and recent searches. */
export const SEARCH_FIELD = {
  minLength: 1,
  maxSuggestions: 10,
  maxRecentSearches: 10,
  placeholder: 'Search...',
  searchingText: 'Searching...',
  noResultsText: 'No results found',
} as const;

/** Generic texts of loading and empty states. */
export const GENERIC_TEXTS = {
  loading: 'Loading...',
  noItems: 'No items to display',
  noData: 'No data available',
  noOptions: 'No options found',
  noResults: 'No results found',
  searching: 'Searching...',
  success: 'Success!',
  error: 'Something went wrong',
} as const;

/** Skeleton rows shown while a table or a list loads. */
export const SKELETON_ROWS = { table: 5, list: 3 } as const;

/** Avatar group shows this many, then '+N'; gradients are chosen by user id modulo their count. */
export const AVATAR_GROUP_MAX = 3;
export const AVATAR_GRADIENT_COUNT = 7;

/** Hover card delays; tooltips use the shorter pair. */
export const HOVER_CARD_DELAYS = { openMs: 700, closeMs: 300 } as const;
export const TOOLTIP_DELAYS = { openMs: 300, closeMs: 100 } as const;

/** Sidebar widths in Tailwind spacing units (1 unit = 0.25 rem). */
export const SIDEBAR_WIDTH_UNITS = { default: 64, small: 56, large: 72, collapsed: 16 } as const;

/** Tabs scroll by this many pixels when their row overflows. */
export const TAB_SCROLL_STEP_PX = 200;

/** The command list (combobox, quick switcher) is at most this high. */
export const COMMAND_LIST_MAX_HEIGHT_PX = 300;

/** Text areas show at least this many rows. */
export const TEXT_AREA_MIN_ROWS = 3;

/** Session loading ends on its own after this long. */
export const SESSION_LOADING_TIMEOUT_MS = 10_000;
