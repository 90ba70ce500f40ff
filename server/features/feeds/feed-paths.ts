/** Where the Atom feeds and the oEmbed endpoint live (the client's feed links name the same paths). */
export const feedPaths = {
  groupPosts: (slug: string) => `/group/${encodeURIComponent(slug)}/posts.atom`,
  groupAnswers: (slug: string) => `/group/${encodeURIComponent(slug)}/answers.atom`,
  blog: () => '/blog.atom',
  oembed: (pageUrl: string) => `/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`,
} as const;

/** The media type of an Atom feed, as its <link rel="alternate"> and its response name it. */
export const ATOM_TYPE = 'application/atom+xml';
/** The media type of an oEmbed answer in JSON, as its discovery link names it. */
export const OEMBED_JSON_TYPE = 'application/json+oembed';
