import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { oneLine } from '../../lib/html-head.ts';
import { isUuid } from '../../lib/ids.ts';
import { askerOf, findGroup, findPublicQuestion, findSession, groupShareImage } from '../share/public.ts';

/** How long a consumer may keep an answer, in seconds: a question's votes and answer change. */
export const OEMBED_CACHE_AGE = 3600;

/** What people read when an oEmbed request is refused. */
export const OEMBED_MESSAGES = {
  badUrl: 'The url parameter must be a full http(s) address of a Townhall page, such as a question or a session.',
  notFound: 'Townhall has no question or session at this address that can be embedded.',
  onlyJson: 'Only format=json is available: Townhall does not answer oEmbed in XML.',
  badFormat: 'The format must be json (or left out): oEmbed has no other format.',
} as const;

/** GET /api/oembed's query (oEmbed 1.0, section 2.2): unknown parameters are ignored, as consumers send some. */
export const OembedQuerySchema = z.object({
  url: z
    .string()
    .min(1)
    .max(2000)
    .describe('The address of a question (`/group/{slug}/question/{id}`) or a session (`/event/{id}`)')
    .meta({ examples: ['https://townhall.example.com/event/0b7c5f1e-3d2a-4c8e-9f61-2a4b8c6d0e13'] }),
  format: z
    .string()
    .max(20)
    .optional()
    .describe('`json` (the default); `xml` answers 501, as Townhall serves JSON only')
    .meta({ examples: ['json'] }),
  maxwidth: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe('The widest thumbnail the consumer can show, in pixels')
    .meta({ examples: [600] }),
  maxheight: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .describe('The tallest thumbnail the consumer can show, in pixels')
    .meta({ examples: [400] }),
});

/** An oEmbed 1.0 answer of type `link`: Townhall's pages are not embeddable, so there is no `html`. */
export const OembedResponseSchema = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('link'),
    title: z.string(),
    /** The asker ("Anonymous" for an anonymous question) or the session's host. */
    author_name: z.string(),
    author_url: z.string().optional(),
    provider_name: z.literal('Townhall'),
    provider_url: z.string(),
    cache_age: z.number().int(),
    thumbnail_url: z.string().optional(),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
  })
  .meta({
    examples: [
      {
        version: '1.0',
        type: 'link',
        title: 'How do you choose wood?',
        author_name: 'Anonymous',
        provider_name: 'Townhall',
        provider_url: 'https://townhall.example.com/',
        cache_age: OEMBED_CACHE_AGE,
        thumbnail_url: 'https://townhall.example.com/og-image.png',
        thumbnail_width: 1200,
        thumbnail_height: 630,
      },
    ],
  });
export type OembedResponse = z.infer<typeof OembedResponseSchema>;

/** What an oEmbed request asks: which page, and how large its thumbnail may be. */
export type OembedRequest = { url: URL; maxWidth?: number; maxHeight?: number };

type Target = { kind: 'question'; slug: string; id: string } | { kind: 'session'; id: string };

/** The question or session a page address of this site names, or null. */
export function oembedTarget(url: URL, publicUrl: string): Target | null {
  // the same host: behind a TLS proxy, a link may still be written with http
  if (url.host !== new URL(publicUrl).host) return null;
  let parts: string[];
  try {
    parts = url.pathname.replace(/\/$/, '').split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
  // a control character names nothing (and PostgreSQL refuses a NUL)
  if (parts.some((part) => /\p{Cc}/u.test(part))) return null;
  const [first, second = '', third, fourth = ''] = parts;
  if (parts.length === 2 && first?.toLowerCase() === 'event' && isUuid(second)) return { kind: 'session', id: second };
  if (parts.length === 4 && first?.toLowerCase() === 'group' && third?.toLowerCase() === 'question' && isUuid(fourth)) {
    return { kind: 'question', slug: second, id: fourth };
  }
  return null;
}

const profileUrl = (publicUrl: string, username: string) => `${publicUrl}/${encodeURIComponent(username)}`;

/**
 * The oEmbed answer for a question everyone may see or a session, with the page's preview
 * picture as its thumbnail (a smaller rendition when the consumer asks for one; none when none
 * fits); null when the address names nothing that may be embedded.
 */
export async function resolveOembed(
  db: Queryable,
  request: OembedRequest,
  publicUrl: string,
): Promise<OembedResponse | null> {
  const target = oembedTarget(request.url, publicUrl);
  if (!target) return null;
  const bounds = { maxWidth: request.maxWidth, maxHeight: request.maxHeight };
  const base = {
    version: '1.0',
    type: 'link',
    provider_name: 'Townhall',
    provider_url: `${publicUrl}/`,
    cache_age: OEMBED_CACHE_AGE,
  } as const;
  const thumbnailOf = async (group: { groupImage: string; name: string }) => {
    const image = await groupShareImage(db, group, publicUrl, bounds);
    return image ? { thumbnail_url: image.url, thumbnail_width: image.width, thumbnail_height: image.height } : {};
  };

  if (target.kind === 'session') {
    const session = await findSession(db, target.id);
    if (!session) return null;
    return {
      ...base,
      title: session.title,
      author_name: session.hostName.trim() || session.hostUsername,
      author_url: profileUrl(publicUrl, session.hostUsername),
      ...(await thumbnailOf({ groupImage: session.groupImage, name: session.groupName })),
    };
  }
  const group = await findGroup(db, target.slug);
  const question = group ? await findPublicQuestion(db, group.id, target.id) : null;
  if (!group || !question) return null;
  const asker = askerOf(question);
  return {
    ...base,
    title: oneLine(question.body, 200),
    author_name: asker.name,
    ...(asker.username === null ? {} : { author_url: profileUrl(publicUrl, asker.username) }),
    ...(await thumbnailOf(group)),
  };
}
