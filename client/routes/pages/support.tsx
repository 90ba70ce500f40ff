import { SitePageView } from '#client/features/site/components/site-page-view.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

/** /support: help articles for hosts and subscribers, with a table of contents. */
export function SupportRoute() {
  useDocumentTitle('Support');
  return <SitePageView name="support" title="Support" hasTableOfContents />;
}
