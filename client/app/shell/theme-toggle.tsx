import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

import { buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

import { useTheme, type ThemeChoice } from './theme.ts';

const CHOICES: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark, or the device's setting; the choice is kept in the browser. */
export function ThemeToggle() {
  const { choice, choose } = useTheme();
  const current = CHOICES.find((option) => option.value === choice) ?? CHOICES[2];
  const Icon = current?.icon ?? Monitor;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }))}
        aria-label={`Theme: ${current?.label ?? 'System'}`}
      >
        <Icon aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => choose(value as ThemeChoice)}>
            {CHOICES.map((option) => (
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
