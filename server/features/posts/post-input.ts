import { and, eq, inArray } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { parseImageUrl } from '#shared/lib/image-urls.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { PostImage } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * The images of a post as stored: each URL must name a 'post' upload of the author's own
 * (as profile and group images are checked); the size stored beside it is the upload's, for
 * the client's grid. Order kept; the same image twice is refused like a foreign one.
 */
export async function checkPostImages(db: Queryable, urls: readonly string[], authorId: string): Promise<PostImage[]> {
  if (urls.length > CONTENT_LIMITS.postImagesMax) {
    throw badRequest(CONTENT_MESSAGES.tooManyImages, { images: CONTENT_MESSAGES.tooManyImages });
  }
  if (urls.length === 0) return [];
  const refuse = () => badRequest(CONTENT_MESSAGES.imageNotOurs, { images: CONTENT_MESSAGES.imageNotOurs });
  const parsed = urls.map((url) => parseImageUrl(url.trim()));
  const ids = parsed.map((item) => item?.imageId);
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) throw refuse();
  const rows = await db
    .select({ id: images.id, width: images.width, height: images.height })
    .from(images)
    .where(and(inArray(images.id, ids as string[]), eq(images.ownerId, authorId), eq(images.purpose, 'post')));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return urls.map((url, index) => {
    const row = byId.get(ids[index] as string);
    if (!row) throw refuse();
    return { url: url.trim(), width: row.width, height: row.height };
  });
}
