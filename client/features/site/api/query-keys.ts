/** Query keys of the site's own pages: the blog and the content pages. */
export const siteKeys = {
  all: ['site'] as const,
  blog: () => [...siteKeys.all, 'blog'] as const,
  blogPost: (slug: string) => [...siteKeys.blog(), slug] as const,
  page: (name: string) => [...siteKeys.all, 'page', name] as const,
};
