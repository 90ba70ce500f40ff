import { useMemo, type ReactNode } from 'react';

import { cn } from '#client/lib/cn.ts';
import { parseRichText, type RichInline } from '#shared/lib/rich-text.ts';

/** rel of links people typed: no ranking credit, no access to this page from the one opened. */
export const USER_LINK_REL = 'nofollow ugc noopener noreferrer';

function renderInline(nodes: RichInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'bold':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'italic':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            rel={USER_LINK_REL}
            target="_blank"
            className="break-words text-link underline underline-offset-2 hover:no-underline"
          >
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

/**
 * A post, comment, question or answer as its author formatted it (shared/lib/rich-text.ts).
 * Everything is a React element or a text node: nothing typed is ever read as HTML.
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const blocks = useMemo(() => parseRichText(text), [text]);
  return (
    <div className={cn('grid gap-2 text-sm leading-relaxed break-words', className)} data-slot="rich-text">
      {blocks.map((block, index) => {
        if (block.type === 'paragraph') return <p key={index}>{renderInline(block.children)}</p>;
        const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderInline(item)}</li>);
        return block.isOrdered ? (
          <ol key={index} start={block.start} className="list-decimal ps-5">
            {items}
          </ol>
        ) : (
          <ul key={index} className="list-disc ps-5">
            {items}
          </ul>
        );
      })}
    </div>
  );
}
