import { z } from 'zod';

import { SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';

/** Blog post slugs: the Markdown file's name without `.md`. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9-]{1,100}$/;

/** Params of GET /api/blog/:slug. */
export const BlogSlugParamsSchema = z.strictObject({
  slug: z.string().regex(BLOG_SLUG_PATTERN, 'A blog post address has only lowercase letters, digits and hyphens'),
});

/** A blog post in the list, without its text. */
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Day of publication, `YYYY-MM-DD`. */
  date: z.string(),
  author: z.string(),
  summary: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** GET /api/blog: every post, newest first. */
export const BlogListResponseSchema = z.object({ posts: z.array(BlogPostSummarySchema) });
export type BlogListResponse = z.infer<typeof BlogListResponseSchema>;

/** A heading of a rendered page, for its table of contents. */
export const PageHeadingSchema = z.object({
  /** The heading's `id` in the HTML, so `#id` links to it. */
  id: z.string(),
  text: z.string(),
  level: z.union([z.literal(2), z.literal(3)]),
});
export type PageHeading = z.infer<typeof PageHeadingSchema>;

/** GET /api/blog/:slug: one post with its text rendered to HTML. */
export const BlogPostResponseSchema = BlogPostSummarySchema.extend({
  /** Rendered from the repository's Markdown with raw HTML disabled. */
  html: z.string(),
});
export type BlogPostResponse = z.infer<typeof BlogPostResponseSchema>;

/** The content pages served by GET /api/pages/:name (Markdown files in content/pages). */
export const SITE_PAGE_NAMES = ['about', 'support', 'privacy-policy', 'terms-of-service'] as const;
export type SitePageName = (typeof SITE_PAGE_NAMES)[number];

/** Params of GET /api/pages/:name; an unknown but well-formed name is a 404. */
export const SitePageParamsSchema = z.strictObject({
  name: z.string().regex(BLOG_SLUG_PATTERN, 'A page name has only lowercase letters, digits and hyphens'),
});

/** GET /api/pages/:name: a content page rendered to HTML. */
export const SitePageResponseSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** One line under the title. */
  description: z.string(),
  /** Day of the last change (`YYYY-MM-DD`) for pages that show one, such as the privacy policy. */
  updated: z.string().nullable(),
  /** Rendered from the repository's Markdown with raw HTML disabled; headings carry ids. */
  html: z.string(),
  headings: z.array(PageHeadingSchema),
});
export type SitePageResponse = z.infer<typeof SitePageResponseSchema>;

/** What a contact message is about; the same values as the `contact_messages.topic` column. */
export const CONTACT_TOPIC_VALUES = ['general', 'support', 'privacy', 'abuse'] as const;
export type ContactTopicValue = (typeof CONTACT_TOPIC_VALUES)[number];

/** The topic select's labels. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopicValue, string> = {
  general: 'General question',
  support: 'Help using Townhall',
  privacy: 'Privacy or my data',
  abuse: 'Report abuse',
};

/** Limits of the contact form. */
export const CONTACT_LIMITS = { name: 100, email: 320, message: 5000 } as const;

/** Texts of the contact form and route, shared so both sides say the same. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${String(CONTACT_LIMITS.name)} characters.`,
  emailRequired: 'Please enter your email address, so the administrators can answer.',
  emailInvalid: SIGN_UP_ERRORS.invalidEmail,
  emailTooLong: `An email address can be at most ${String(CONTACT_LIMITS.email)} characters.`,
  topicInvalid: 'Please choose what your message is about.',
  messageRequired: 'Please write your message.',
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`,
  sent: 'Thanks — your message reached the administrators.',
} as const;

/** POST /api/contact. */
export const ContactInputSchema = z.strictObject({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailTooLong)
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  topic: z.enum(CONTACT_TOPIC_VALUES, CONTACT_MESSAGES.topicInvalid),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  /** Honeypot: hidden from people, so only a bot fills it; such a message is dropped. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

/** The answer of POST /api/contact. */
export const ContactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
