import { useEffect } from 'react';

import { AlertsSection } from './sections/alerts-section.tsx';
import { AvatarsSection } from './sections/avatars-section.tsx';
import { ButtonsSection } from './sections/buttons-section.tsx';
import { ComboboxSection } from './sections/combobox-section.tsx';
import { CommandSection } from './sections/command-section.tsx';
import { DialogsSection } from './sections/dialogs-section.tsx';
import { InputsSection } from './sections/inputs-section.tsx';
import { LightboxSection } from './sections/lightbox-section.tsx';
import { NavigationSection } from './sections/navigation-section.tsx';
import { SearchSection } from './sections/search-section.tsx';
import { SkeletonsSection } from './sections/skeletons-section.tsx';
import { TabsSection } from './sections/tabs-section.tsx';
import { ToastsSection } from './sections/toasts-section.tsx';

const CONTENTS = [
  ['navigation', 'Navigation'],
  ['tabs', 'Tabs'],
  ['buttons', 'Buttons'],
  ['alerts', 'Alerts'],
  ['toasts', 'Toasts'],
  ['dialogs', 'Dialogs'],
  ['lightbox', 'Lightbox'],
  ['combobox', 'Combobox'],
  ['search', 'Search'],
  ['command', 'Command'],
  ['inputs', 'Inputs'],
  ['avatars', 'Avatars'],
  ['skeletons', 'Skeletons'],
] as const;

/** /ui-library: every widget of the kit in each variant, working: the living style guide. */
export function UiLibraryRoute() {
  useEffect(() => {
    document.title = 'UI library · Townhall';
  }, []);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">UI library</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Every part Townhall's screens are built from, in each variant, working. Switch the theme in the top bar to see
          them in light and dark.
        </p>
        <nav aria-label="Widgets" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            {CONTENTS.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full border px-3 py-1 text-sm text-muted-foreground hover:border-primary hover:text-foreground"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="mt-6">
        <NavigationSection />
        <TabsSection />
        <ButtonsSection />
        <AlertsSection />
        <ToastsSection />
        <DialogsSection />
        <LightboxSection />
        <ComboboxSection />
        <SearchSection />
        <CommandSection />
        <InputsSection />
        <AvatarsSection />
        <SkeletonsSection />
      </div>
    </div>
  );
}
