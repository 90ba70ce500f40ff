import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button, type ButtonProps } from '#client/components/ui/button.tsx';

import { DemoSection } from '../demo-section.tsx';

type Variant = NonNullable<ButtonProps['variant']>;

const VARIANTS: { variant: Variant; label: string }[] = [
  { variant: 'default', label: 'Default' },
  { variant: 'cta', label: 'Call to action' },
  { variant: 'hero', label: 'Hero' },
  { variant: 'destructive', label: 'Destructive' },
  { variant: 'outline', label: 'Outline' },
  { variant: 'secondary', label: 'Secondary' },
  { variant: 'ghost', label: 'Ghost' },
  { variant: 'link', label: 'Link' },
];

// Long enough to see the spinner; the demo has no real work to wait for.
const DEMO_SAVE_MS = 1500;

/** Every button variant and size, plus the disabled, loading, icon and link-as-button forms. */
export function ButtonsSection() {
  const [isSaving, setIsSaving] = useState(false);

  function handleSave() {
    setIsSaving(true);
    window.setTimeout(() => setIsSaving(false), DEMO_SAVE_MS);
  }

  return (
    <DemoSection
      id="buttons"
      title="Buttons"
      description="Eight variants and four sizes; the red accent is the primary colour. Tab through them to see the focus ring."
    >
      <div className="space-y-6">
        <DemoRow label="Variants">
          {VARIANTS.map(({ variant, label }) => (
            <Button key={variant} variant={variant}>
              {label}
            </Button>
          ))}
        </DemoRow>
        <DemoRow label="Sizes">
          <Button size="sm">Small</Button>
          <Button>Default size</Button>
          <Button size="lg">Large</Button>
          <Button size="icon" aria-label="Add item">
            <Plus />
          </Button>
          <Button variant="hero" size="lg">
            Start a community <ArrowRight />
          </Button>
        </DemoRow>
        <DemoRow label="States">
          <Button disabled>Disabled</Button>
          <Button variant="outline" disabled>
            Disabled outline
          </Button>
          <Button isLoading={isSaving} onClick={handleSave}>
            {isSaving ? 'Saving…' : 'Save changes'}
          </Button>
          <Button variant="destructive">
            <Trash2 /> Delete
          </Button>
          <Button variant="secondary" asChild>
            <a href="#buttons">A link styled as a button</a>
          </Button>
        </DemoRow>
      </div>
    </DemoSection>
  );
}

function DemoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-muted-foreground">{label}</h3>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
    </div>
  );
}
