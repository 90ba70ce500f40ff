import { useId } from 'react';

import { cn } from '#client/lib/cn.ts';
import type { PageHeading } from '#shared/schemas/site.ts';

type Entry = PageHeading & { children: PageHeading[] };

/** h3s nest under the h2 before them. */
function nest(headings: PageHeading[]): Entry[] {
  const entries: Entry[] = [];
  for (const heading of headings) {
    const parent = entries.at(-1);
    if (heading.level === 3 && parent) parent.children.push(heading);
    else entries.push({ ...heading, children: [] });
  }
  return entries;
}

const LINK = 'text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/** 'On this page': in-page links to the headings of a rendered page. */
export function TableOfContents({ headings }: { headings: PageHeading[] }) {
  const titleId = useId();
  if (headings.length === 0) return null;
  return (
    <nav aria-labelledby={titleId} className="rounded-lg border border-border bg-card p-4 text-sm">
      <p id={titleId} className="mb-2 font-semibold">
        On this page
      </p>
      <ol className="grid gap-1.5">
        {nest(headings).map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={cn(LINK, 'font-medium text-foreground')}>
              {entry.text}
            </a>
            {entry.children.length > 0 ? (
              <ol className="mt-1.5 grid gap-1.5 border-l border-border pl-3">
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <a href={`#${child.id}`} className={LINK}>
                      {child.text}
                    </a>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
