import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

type Swatch = { name: string; classes: string; from: string; to: string };

/**
 * The avatar gradients, in the order of `GRADIENTS` in components/ui/avatar.tsx (index = user id
 * modulo 7). They are written out here, not imported, because Tailwind only generates classes it
 * finds in the source; background-gradient.test.tsx checks that both lists agree.
 */
export const BRAND_GRADIENTS: readonly Swatch[] = [
  {
    name: 'Rose to red',
    classes: 'from-rose-600 to-red-800',
    from: 'oklch(58.6% 0.253 17.585)',
    to: 'oklch(44.4% 0.177 26.899)',
  },
  {
    name: 'Orange to amber',
    classes: 'from-orange-700 to-amber-800',
    from: 'oklch(55.3% 0.195 38.402)',
    to: 'oklch(47.3% 0.137 46.201)',
  },
  {
    name: 'Emerald to teal',
    classes: 'from-emerald-700 to-teal-800',
    from: 'oklch(50.8% 0.118 165.612)',
    to: 'oklch(43.7% 0.078 188.216)',
  },
  {
    name: 'Sky to blue',
    classes: 'from-sky-700 to-blue-800',
    from: 'oklch(50% 0.134 242.749)',
    to: 'oklch(42.4% 0.199 265.638)',
  },
  {
    name: 'Indigo to violet',
    classes: 'from-indigo-600 to-violet-800',
    from: 'oklch(51.1% 0.262 276.966)',
    to: 'oklch(43.2% 0.232 292.759)',
  },
  {
    name: 'Fuchsia to purple',
    classes: 'from-fuchsia-700 to-purple-800',
    from: 'oklch(51.8% 0.253 323.949)',
    to: 'oklch(43.8% 0.218 303.724)',
  },
  {
    name: 'Slate to zinc',
    classes: 'from-slate-600 to-zinc-800',
    from: 'oklch(44.6% 0.043 257.281)',
    to: 'oklch(27.4% 0.006 286.033)',
  },
];

const cssValue = ({ from, to }: Swatch) => `linear-gradient(to bottom right in oklab, ${from}, ${to})`;

/** /background-gradient: the gradients and the accent colour used across Townhall, with their CSS values. */
export function BackgroundGradientRoute() {
  useDocumentTitle('Background gradient');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-8 border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Background gradient</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          The colour gradients Townhall paints behind people's initials, and the red accent of every page.
        </p>
      </header>

      <section aria-labelledby="gradients-title">
        <h2 id="gradients-title" className="text-xl font-semibold tracking-tight">
          The seven avatar gradients
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          A person without a profile picture is shown by their initials on one of seven gradients. The gradient is
          chosen by their user id modulo 7, so each person keeps one colour everywhere. Every pair is dark enough for
          white initials to stay readable (above 4.5:1) in the light and the dark theme.
        </p>
        <ul aria-label="Avatar gradients" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BRAND_GRADIENTS.map((swatch, index) => (
            <li key={swatch.classes}>
              <figure className="overflow-hidden rounded-lg border border-border bg-card">
                <div
                  data-testid="gradient-swatch"
                  className={cn('flex h-32 items-end justify-between bg-linear-to-br p-4', swatch.classes)}
                >
                  <span className="text-2xl font-semibold text-white">{index}</span>
                  <Avatar userId={index} name={swatch.name} size="lg" className="ring-2 ring-white/70" />
                </div>
                <figcaption className="grid gap-1 p-4 text-sm">
                  <span className="font-semibold">{swatch.name}</span>
                  <span className="text-muted-foreground">
                    Tailwind: <code className="font-mono text-foreground">bg-linear-to-br {swatch.classes}</code>
                  </span>
                  <span className="text-muted-foreground">
                    CSS: <code className="font-mono text-xs break-all text-foreground">{cssValue(swatch)}</code>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="accent-title" className="mt-12">
        <h2 id="accent-title" className="text-xl font-semibold tracking-tight">
          The red accent
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Buttons, links and focus rings use one red accent. Buttons stay red-600 in both themes; link text is red-700
          on light backgrounds and red-400 on dark ones, so it keeps 4.5:1 against the page.
        </p>
        <div className="mt-6 grid gap-5 sm:grid-cols-3">
          {[
            {
              name: 'Primary (buttons)',
              className: 'bg-primary',
              value: 'var(--th-primary): red-600, oklch(57.7% 0.245 27.325)',
            },
            {
              name: 'Primary, hovered',
              className: 'bg-primary-hover',
              value: 'var(--th-primary-hover): red-700 light, red-500 dark',
            },
            { name: 'Link text', className: 'bg-link', value: 'var(--th-link): red-700 light, red-400 dark' },
          ].map((swatch) => (
            <figure key={swatch.name} className="overflow-hidden rounded-lg border border-border bg-card">
              <div aria-hidden="true" className={cn('h-24', swatch.className)} />
              <figcaption className="grid gap-1 p-4 text-sm">
                <span className="font-semibold">{swatch.name}</span>
                <code className="font-mono text-xs break-all text-muted-foreground">{swatch.value}</code>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="usage-title" className="mt-12 max-w-3xl">
        <h2 id="usage-title" className="text-xl font-semibold tracking-tight">
          Where they are used
        </h2>
        <ul className="mt-3 grid list-disc gap-2 pl-6">
          <li>
            Avatars everywhere — the top bar, the sidebar, profiles, member and subscriber lists, questions, answers and
            comments — whenever a person has no picture, or their picture fails to load.
          </li>
          <li>Avatar groups, such as the people watching a live session and the newest likers of a post.</li>
          <li>The red accent: buttons, links, focus rings, the border beside a host's answer and the 404 pages.</li>
          <li>
            Everything else stays in neutral greys (zinc), so these colours mark people and actions. The full set of
            widgets is on the{' '}
            <Link to={paths.uiLibrary()} className="font-medium text-link underline underline-offset-4">
              UI library
            </Link>{' '}
            page.
          </li>
        </ul>
      </section>
    </div>
  );
}
