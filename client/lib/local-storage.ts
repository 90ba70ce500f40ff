/** Reads a JSON value saved in the browser; `fallback` when absent, unreadable or blocked. */
export function readStored<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Saves a JSON value in the browser; quietly does nothing where storage is blocked or full. */
export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full storage: the preference just won't survive a reload
  }
}
