import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RichText, USER_LINK_REL } from './rich-text.tsx';

const ALLOWED = new Set(['DIV', 'P', 'BR', 'STRONG', 'EM', 'UL', 'OL', 'LI', 'A']);

function tagsOf(container: HTMLElement): string[] {
  return [...container.querySelectorAll('*')].map((element) => element.tagName);
}

describe('RichText', () => {
  it('renders the formatting subset as elements', () => {
    const { container, getByRole } = render(
      <RichText text={'**Hi** _there_\nsecond line\n\n- one\n- two\n\n1. first\n\nSee [docs](https://example.com)'} />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Hi');
    expect(container.querySelector('em')).toHaveTextContent('there');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(1);
    const link = getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/');
    expect(link).toHaveAttribute('rel', USER_LINK_REL);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '<a href="javascript:alert(1)">x</a>',
    '**<iframe srcdoc="<script>alert(1)</script>"></iframe>**',
  ])('renders %j as text, with no other elements', (payload) => {
    const { container } = render(<RichText text={payload} />);
    expect(tagsOf(container).every((tag) => ALLOWED.has(tag))).toBe(true);
    expect(container.querySelector('script, img, iframe, a')).toBeNull();
    expect(container.textContent).toBe(payload.replace(/^\*\*|\*\*$/g, ''));
  });
});
