import { createHash } from 'node:crypto';
import type { PageViewInput } from '#shared/schemas/analytics.ts';
import type { Queryable } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

// Crawlers would swamp the numbers people care about.
const BOT = /bot|crawl|spider|slurp|facebookexternalhit|preview/i;

/**
 * Records one page view. The visitor is counted by a hash of the address, browser and day
 * with the server's secret: stable for a day, unlinkable across days, never stored raw.
 * Returns false when the view was not recorded (a crawler).
 */
export async function recordPageView(options: {
  db: Queryable;
  input: PageViewInput;
  ip: string;
  userAgent: string;
  secret: string;
  publicUrl: string;
  now?: Date;
}): Promise<boolean> {
  const { db, input, ip, userAgent, secret, publicUrl } = options;
  if (BOT.test(userAgent)) return false;
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const visitorHash = createHash('sha256').update(`${secret}\n${day}\n${ip}\n${userAgent}`).digest('hex').slice(0, 16);
  await db.insert(pageViews).values({
    path: input.path,
    referrerHost: referrerHost(input.referrer, publicUrl),
    visitorHash,
  });
  return true;
}

/** The site a visitor came from; null for none, an invalid one, or our own pages. */
export function referrerHost(referrer: string | undefined, publicUrl: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host === new URL(publicUrl).host ? null : url.host;
  } catch {
    return null;
  }
}
