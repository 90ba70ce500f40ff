import { useCallback, useEffect, useState } from 'react';

/** The person's choice; 'system' follows the device's light or dark setting. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** Same key as client/public/boot.js, which applies the theme before the first paint. */
export const THEME_STORAGE_KEY = 'townhall:theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readChoice(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Whether the page should be dark for this choice right now. */
export function isDarkFor(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark);
}

/** The theme choice, saved in the browser, applied to <html>, following the system when asked. */
export function useTheme() {
  const [choice, setChoice] = useState<ThemeChoice>(readChoice);

  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const apply = () => document.documentElement.classList.toggle('dark', isDarkFor(choice, media.matches));
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);

  const choose = useCallback((next: ThemeChoice) => {
    setChoice(next);
    try {
      if (next === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this visit
    }
  }, []);

  return { choice, choose };
}
