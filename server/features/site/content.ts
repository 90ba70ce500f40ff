import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  BLOG_SLUG_PATTERN,
  SITE_PAGE_NAMES,
  type BlogPostResponse,
  type BlogPostSummary,
  type SitePageResponse,
} from '#shared/schemas/site.ts';
import { parseFrontMatter } from './front-matter.ts';
import { renderMarkdown } from './markdown.ts';

/** The repository's `content/` folder: blog posts in `blog/`, pages in `pages/`. */
export const DEFAULT_CONTENT_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'content',
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, 'must be a day written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'is not a real day');

const BlogFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  date: day,
  author: z.string().min(1),
  summary: z.string().min(1),
});

const PageFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  updated: day.optional(),
});

/** Everything under `content/`, read and rendered once at start. */
export interface SiteContent {
  /** Newest first. */
  posts: BlogPostSummary[];
  post(slug: string): BlogPostResponse | undefined;
  page(name: string): SitePageResponse | undefined;
}

async function markdownFiles(folder: string): Promise<{ name: string; source: string }[]> {
  const names = (await fs.readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (name) => ({
      name: name.slice(0, -3),
      source: await fs.readFile(path.join(folder, name), 'utf8'),
    })),
  );
}

function parseFile<T>(schema: z.ZodType<T>, file: string, source: string) {
  try {
    const { data, body } = parseFrontMatter(source);
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`front matter "${issue?.path.join('.') ?? ''}" ${issue?.message ?? 'is not valid'}`);
    }
    return { data: parsed.data, body };
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Reads and renders the blog and the content pages. A broken file throws with its name, so
 * the app does not start with a page missing; a missing page is an error for the same reason.
 */
export async function loadSiteContent(root: string = DEFAULT_CONTENT_ROOT): Promise<SiteContent> {
  const posts = new Map<string, BlogPostResponse>();
  for (const { name, source } of await markdownFiles(path.join(root, 'blog'))) {
    const file = path.join('blog', `${name}.md`);
    if (!BLOG_SLUG_PATTERN.test(name)) throw new Error(`${file}: a post's file name is its address: a-z, 0-9 and -`);
    const { data, body } = parseFile(BlogFrontMatterSchema, file, source);
    posts.set(name, { slug: name, ...data, html: renderMarkdown(body).html });
  }

  const pages = new Map<string, SitePageResponse>();
  for (const name of SITE_PAGE_NAMES) {
    const file = path.join('pages', `${name}.md`);
    const source = await fs.readFile(path.join(root, file), 'utf8');
    const { data, body } = parseFile(PageFrontMatterSchema, file, source);
    pages.set(name, {
      name,
      title: data.title,
      description: data.description,
      updated: data.updated ?? null,
      ...renderMarkdown(body),
    });
  }

  const list = [...posts.values()]
    .map(({ slug, title, date, author, summary }) => ({ slug, title, date, author, summary }))
    // Newest first; posts of one day by address, so the order never depends on the disk.
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

  return { posts: list, post: (slug) => posts.get(slug), page: (name) => pages.get(name) };
}
