import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

import type { ThemeChoice } from './theme.ts';
import { THEME_CHOICES } from './theme-choices.ts';

/**
 * The theme toggle's menu (Radix), loaded when the toggle is first used: theme-toggle.tsx shows
 * a plain button until then and mounts this open, in its place.
 */
export function ThemeMenu({
  choice,
  onChoose,
  trigger,
}: {
  choice: ThemeChoice;
  onChoose: (choice: ThemeChoice) => void;
  trigger: { className: string; 'aria-label': string; children: ReactNode };
}) {
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger {...trigger} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => onChoose(value as ThemeChoice)}>
            {THEME_CHOICES.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={option.value}
                className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
              >
                <option.icon className="size-4" aria-hidden />
                <span className="flex-1">{option.label}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
