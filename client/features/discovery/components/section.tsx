import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled part of a page (h2), with an optional 'See all' style link beside the title. */
export function PageSection({
  title,
  link,
  children,
  className,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className="text-sm font-medium text-link underline-offset-4 hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
