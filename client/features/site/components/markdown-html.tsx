import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { cn } from '#client/lib/cn.ts';

/** Typography for rendered Markdown, by arbitrary variants on the container (no typography plugin). */
const PROSE_CLASSES = cn(
  'text-base leading-7 text-foreground [&>:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-20 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold',
  '[&_p]:my-4',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1',
  '[&_a]:font-medium [&_a]:text-link [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
  '[&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:[overflow-wrap:anywhere]',
  // Long commands wrap instead of scrolling sideways, which would need a focusable region.
  '[&_pre]:my-5 [&_pre]:rounded-md [&_pre]:border [&_pre]:border-border [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:whitespace-pre-wrap',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-[1em]',
  '[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_hr]:my-8 [&_hr]:border-border',
);

/** Whether a click should be left to the browser (new tab, download, another frame…). */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * HTML the server rendered from the repository's own Markdown files (content/). It is trusted:
 * the files are part of the code, and the renderer has raw HTML disabled, so a `<script>` in
 * them arrives as text. Never pass user-written text here; that goes through rich-text.
 * Links to our own pages are followed by the router, without reloading the app.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || isModifiedClick(event)) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      const href = anchor?.getAttribute('href');
      if (!anchor || anchor.target || !href?.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      void navigate(href);
    };
    container.addEventListener('click', handleClick);
    return () => container.removeEventListener('click', handleClick);
  }, [navigate]);

  return <div ref={ref} className={cn(PROSE_CLASSES, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
