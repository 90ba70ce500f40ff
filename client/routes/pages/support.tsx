import { useDocumentTitle } from '#client/features/profiles/hooks/use-document-title.ts';
import { SitePageView } from '#client/features/site/components/site-page-view.tsx';

/** /support: help articles for hosts and subscribers, with a table of contents. */
export function SupportRoute() {
  useDocumentTitle('Support');
  return <SitePageView name="support" title="Support" hasTableOfContents />;
}
