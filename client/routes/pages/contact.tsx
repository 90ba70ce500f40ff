import { Link } from 'react-router';

import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { ContactForm } from '#client/features/site/components/contact-form.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

/** /contact: a message to the administrators of this instance, kept for them at /admin. */
export function ContactRoute() {
  useDocumentTitle('Contact');
  const { user, loading } = useSession();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact</h1>
        <p className="mt-3 text-muted-foreground">
          Write to the administrators of this Townhall instance: a question, a problem, a request about your data, or
          something that should not be here. Many questions are answered on the{' '}
          <Link to={paths.support()} className="font-medium text-link underline underline-offset-4">
            support pages
          </Link>
          .
        </p>
      </header>
      {/* The form waits for the session, so a signed-in person's name and address are filled in. */}
      {loading ? (
        <ListSkeleton rows={3} hasAvatar={false} label="Loading the form" />
      ) : (
        <ContactForm
          key={user?.id ?? 'visitor'}
          defaultName={user?.profile?.name || user?.profile?.username || ''}
          defaultEmail={user?.email ?? ''}
        />
      )}
    </div>
  );
}
