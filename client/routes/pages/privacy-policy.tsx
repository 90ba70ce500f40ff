import { SitePageView } from '#client/features/site/components/site-page-view.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /privacy-policy: what this instance stores, why, and how to have it removed. */
export function PrivacyPolicyRoute() {
  useDocumentTitle('Privacy policy');
  return <SitePageView name="privacy-policy" title="Privacy policy" hasTableOfContents />;
}
