import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BLOG_FEEDS, FeedLinks, groupFeeds } from './feed-links.tsx';

describe('FeedLinks', () => {
  it("links an AMA group's posts and answers feeds by name, as Atom", () => {
    render(<FeedLinks feeds={groupFeeds({ slug: 'wood & co', ama: true })} />);
    const list = screen.getByRole('list', { name: 'Atom feeds:' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('type')])).toEqual([
      ['Posts feed', '/group/wood%20%26%20co/posts.atom', 'application/atom+xml'],
      ['Answers feed', '/group/wood%20%26%20co/answers.atom', 'application/atom+xml'],
    ]);
  });

  it('gives a group without questions only its posts feed, and the blog its own', () => {
    expect(groupFeeds({ slug: 'bread', ama: false })).toEqual([
      { href: '/group/bread/posts.atom', label: 'Posts feed' },
    ]);
    render(<FeedLinks feeds={BLOG_FEEDS} />);
    expect(screen.getByRole('link', { name: 'Blog feed' })).toHaveAttribute('href', '/blog.atom');
  });
});
