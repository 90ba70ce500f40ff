import type { ReactNode } from 'react';

/** Said on the sign-in and sign-up pages, for people who arrive without knowing Townhall. */
export const TOWNHALL_PITCH =
  'Townhall is where creators and their communities meet: follow creators, subscribe to their groups, and ask questions in live Q&As.';

/** Props of AuthPageLayout. */
export type AuthPageLayoutProps = {
  /** The page's heading. */
  title: string;
  /** The line under the heading; the one line about Townhall by default. */
  description?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Under the card: the link to the other page (sign in ↔ sign up). */
  footer: ReactNode;
};

/** A centred card with heading, the one line about Townhall, the form, and a line under it. */
export function AuthPageLayout({ title, description = TOWNHALL_PITCH, children, footer }: AuthPageLayoutProps) {
  return (
    <div className="flex min-h-[calc(100dvh-3.5rem)] items-start justify-center px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-sm">
        <div className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{description}</p>
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>
      </div>
    </div>
  );
}
