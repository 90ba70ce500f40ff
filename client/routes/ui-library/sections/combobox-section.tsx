import { useId, useState, type FormEvent } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { Combobox } from '#client/components/ui/combobox.tsx';
import { findOption, type ComboboxItem } from '#client/components/ui/option-filter.ts';
import { SelectWithSearch } from '#client/components/ui/select-with-search.tsx';

import { DemoSection } from '../demo-section.tsx';

const FRUIT: ComboboxItem[] = [
  {
    label: 'Orchard and berries',
    options: [
      { value: 'apple', label: 'Apple', description: 'Crisp and sweet, from the orchard' },
      { value: 'apricot', label: 'Apricot', description: 'Soft, velvety stone fruit' },
      { value: 'blueberry', label: 'Blueberry', description: 'Small berries, good in muffins' },
      { value: 'cherry', label: 'Cherry', description: 'Dark and juicy in early summer' },
      { value: 'pear', label: 'Pear', description: 'Buttery when ripe' },
      { value: 'plum', label: 'Plum', description: 'Sweet skin, tart flesh' },
      { value: 'quince', label: 'Quince', description: 'Out of season', disabled: true },
      { value: 'raspberry', label: 'Raspberry', description: 'Fragile red berries' },
    ],
  },
  {
    label: 'Tropical',
    options: [
      { value: 'banana', label: 'Banana', description: 'Soft and sweet, in its own wrapper' },
      { value: 'coconut', label: 'Coconut', description: 'Hard shell, rich white flesh' },
      { value: 'lychee', label: 'Lychee', description: 'Floral, under a bumpy red skin' },
      { value: 'mango', label: 'Mango', description: 'Golden and fragrant' },
      { value: 'papaya', label: 'Papaya', description: 'Orange flesh, black seeds' },
      { value: 'passion-fruit', label: 'Passion fruit', description: 'Tangy pulp and crunchy seeds' },
      { value: 'pineapple', label: 'Pineapple', description: 'Sweet and sharp' },
    ],
  },
];

const CATEGORIES: ComboboxItem[] = [
  { value: 'art', label: 'Art and design' },
  { value: 'books', label: 'Books and writing' },
  { value: 'cooking', label: 'Cooking', description: 'Recipes, techniques, kitchens' },
  { value: 'crafts', label: 'Crafts', description: 'Woodwork, knitting, pottery' },
  { value: 'gaming', label: 'Gaming' },
  { value: 'gardening', label: 'Gardening', description: 'Allotments, balconies, houseplants' },
  { value: 'music', label: 'Music' },
  { value: 'science', label: 'Science and technology' },
  { value: 'sport', label: 'Sport and fitness' },
];

/** A grouped combobox over fruit with descriptions and a disabled option, and a select with search in a form. */
export function ComboboxSection() {
  const labelId = useId();
  const [fruit, setFruit] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('category');
    setSubmitted(typeof value === 'string' && value !== '' ? value : '(none)');
  }

  return (
    <DemoSection
      id="combobox"
      title="Combobox"
      description="Type to filter by name or description. Arrows move, Enter picks, Escape closes. Quince is out of season (disabled)."
    >
      <div className="grid gap-8 md:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <span id={labelId} className="text-sm font-medium">
            Favourite fruit
          </span>
          <Combobox options={FRUIT} value={fruit} onValueChange={setFruit} aria-labelledby={labelId} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {fruit ? `You picked ${findOption(FRUIT, fruit)?.label ?? fruit}.` : 'Nothing picked yet.'}
          </p>
        </div>

        <form className="grid content-start gap-3" onSubmit={handleSubmit}>
          <SelectWithSearch
            label="Group category"
            name="category"
            options={CATEGORIES}
            hint="Members browse groups by category."
          />
          <div className="flex items-center gap-3">
            <Button type="submit" variant="outline" size="sm">
              Save category
            </Button>
            {submitted !== null ? (
              <output className="text-sm text-muted-foreground">The form sent category={submitted}</output>
            ) : null}
          </div>
        </form>
      </div>
    </DemoSection>
  );
}
