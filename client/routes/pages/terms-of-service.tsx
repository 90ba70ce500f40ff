import { useDocumentTitle } from '#client/features/profiles/hooks/use-document-title.ts';
import { SitePageView } from '#client/features/site/components/site-page-view.tsx';

/** /terms-of-service: the rules of this instance. */
export function TermsOfServiceRoute() {
  useDocumentTitle('Terms of service');
  return <SitePageView name="terms-of-service" title="Terms of service" />;
}
