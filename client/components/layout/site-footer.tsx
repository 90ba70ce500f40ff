import { Link } from 'react-router';

import { paths } from '#client/lib/paths.ts';

/** The footer's links: the site's own pages. */
export const FOOTER_LINKS = [
  { label: 'About', href: paths.about() },
  { label: 'Blog', href: paths.blog() },
  { label: 'Support', href: paths.support() },
  { label: 'Contact', href: paths.contact() },
  { label: 'Privacy policy', href: paths.privacyPolicy() },
  { label: 'Terms of service', href: paths.termsOfService() },
] as const;

/** The bottom of every page: links to the site's own pages and a line about the software. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border px-4 py-6 text-sm text-muted-foreground sm:px-6">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="underline-offset-4 hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>Townhall is open-source software under the MIT license.</p>
      </div>
    </footer>
  );
}
