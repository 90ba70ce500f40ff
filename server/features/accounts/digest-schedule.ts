import { eq } from 'drizzle-orm';
import { DIGEST_SCHEDULE_MESSAGES, isKnownTimeZone, type DigestSchedule } from '#shared/schemas/digest-schedule.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

const columns = { weekday: users.digestWeekday, hour: users.digestHour, timeZone: users.digestTimeZone };

/** The signed-in person's digest day, hour and time zone. */
export async function readDigestSchedule(options: { db: Database; viewer: Viewer | null }): Promise<DigestSchedule> {
  if (!options.viewer) throw unauthenticated();
  const [row] = await options.db.select(columns).from(users).where(eq(users.id, options.viewer.id)).limit(1);
  if (!row) throw notFound('User profile not found');
  return row;
}

/**
 * Sets when the signed-in person's weekly digest comes. The time zone must be one the runtime
 * knows (the job reads the person's local day and hour through Intl); it is stored under its
 * canonical name ('europe/paris' becomes 'Europe/Paris').
 */
export async function updateDigestSchedule(options: {
  db: Database;
  viewer: Viewer | null;
  schedule: DigestSchedule;
}): Promise<DigestSchedule> {
  if (!options.viewer) throw unauthenticated();
  const { weekday, hour, timeZone } = options.schedule;
  if (!isKnownTimeZone(timeZone)) {
    throw new AppError(400, 'invalid_time_zone', DIGEST_SCHEDULE_MESSAGES.invalidTimeZone, {
      fields: { 'body.timeZone': 'is not a time zone Townhall knows' },
    });
  }
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  const [row] = await options.db
    .update(users)
    .set({ digestWeekday: weekday, digestHour: hour, digestTimeZone: canonical, updatedAt: new Date() })
    .where(eq(users.id, options.viewer.id))
    .returning(columns);
  if (!row) throw notFound('User profile not found');
  return row;
}
