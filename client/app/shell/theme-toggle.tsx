import { Monitor } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';

import { buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

import { useTheme } from './theme.ts';
import { THEME_CHOICES } from './theme-choices.ts';

// The menu (Radix's dropdown and its positioning) is not part of a page's first load: it loads
// when the pointer or focus reaches the button, and is mounted open when the button is used.
const loadMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(async () => ({ default: (await loadMenu()).ThemeMenu }));

/** Light, dark, or the device's setting; the choice is kept in the browser. */
export function ThemeToggle() {
  const { choice, choose } = useTheme();
  const [isMenuWanted, setMenuWanted] = useState(false);
  const current = THEME_CHOICES.find((option) => option.value === choice) ?? THEME_CHOICES[2];
  const Icon = current?.icon ?? Monitor;
  const trigger = {
    className: cn(buttonVariants({ variant: 'ghost', size: 'icon' })),
    'aria-label': `Theme: ${current?.label ?? 'System'}`,
    children: <Icon aria-hidden />,
  };
  // Until the menu is there, a plain button that opens it the ways Radix's trigger does.
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...trigger}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setMenuWanted(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setMenuWanted(true);
      }}
    />
  );
  if (!isMenuWanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu choice={choice} onChoose={choose} trigger={trigger} />
    </Suspense>
  );
}
