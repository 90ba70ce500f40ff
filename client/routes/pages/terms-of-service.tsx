import { SitePageView } from '#client/features/site/components/site-page-view.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /terms-of-service: the rules of this instance. */
export function TermsOfServiceRoute() {
  useDocumentTitle('Terms of service');
  return <SitePageView name="terms-of-service" title="Terms of service" />;
}
