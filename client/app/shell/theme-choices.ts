import { Monitor, Moon, Sun } from 'lucide-react';

import type { ThemeChoice } from './theme.ts';

/** The theme toggle's choices, in the menu's order. */
export const THEME_CHOICES: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];
