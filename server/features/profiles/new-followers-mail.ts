import { and, desc, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { follows, mailMessages, users } from '../../db/schema/index.ts';
import type { JobPolicy } from '../../lib/jobs.ts';
import type { JobsService } from '../../plugins/jobs.ts';
import { type MailService, lockMailRecipient } from '../mail/public.ts';

/** The kind of the e-mail in mail_messages; the newest one's time is where the next batch starts. */
export const NEW_FOLLOWERS_MAIL_KIND = 'new_followers';
/** The queue of "tell this person about their new followers" jobs. */
export const NEW_FOLLOWERS_QUEUE = 'profiles.new-followers';
/**
 * At most one waiting job per followed person ('short' with the person as singleton key): a burst
 * of follows while one waits adds nothing more.
 */
const QUEUE_POLICY = { queue: 'short', retryLimit: 5, retryDelaySeconds: 60 } as const satisfies JobPolicy;
/** How many followers an e-mail names; the rest are counted ("and 4 others"). */
export const NAMED_FOLLOWERS = 3;

// A follow's row carries its transaction's start time but becomes visible at commit. A batch
// leaves out the follows of its last seconds (far longer than a follow's transaction), which
// the next batch takes, so none is skipped or told twice.
const SETTLE_SECONDS = 2;
// Follows older than this are not news any more (say, made while the setting was off).
const LOOKBACK_SECONDS = 24 * 60 * 60;

export interface NewFollowersMailOptions {
  /** Wait after a first follow before the e-mail goes, gathering the burst (default 5 minutes). */
  delaySeconds?: number;
  /** Least time between two such e-mails to one person (default 1 hour). */
  minIntervalSeconds?: number;
  /** Queue name; tests give each app its own. */
  queue?: string;
  /** How often an idle worker looks for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
}

interface JobData {
  userId: string;
}

/** The sentence naming the new followers: 'Ada (@ada), Bo (@bo) and 3 others'. */
export function describeFollowers(named: { name: string; username: string }[], total: number): string {
  const names = named.map((person) =>
    person.name.trim() ? `${person.name.trim()} (@${person.username})` : `@${person.username}`,
  );
  const others = total - names.length;
  if (others > 0) return `${names.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The 'newFollowers' e-mail, batched. A new follow queues one job per followed person
 * (policy 'short': at most one waiting job per person, so a burst of follows adds nothing
 * more) that runs after `delaySeconds`. The job, in one transaction with the person's
 * row locked, reads the follows made since their last such e-mail (its mail_messages row is
 * the watermark), and queues one e-mail naming up to three of them, if the settings want it.
 * A disabled account gets none, and followers whose accounts are disabled are not named or counted.
 */
export class NewFollowersMailer {
  readonly #jobs: JobsService;
  readonly #queue: string;
  readonly #delaySeconds: number;
  readonly #minIntervalSeconds: number;
  readonly #db: Database;
  readonly #mail: MailService;
  readonly #publicUrl: string;

  /** Defines the queue and its handler on `jobs` (while the profiles feature registers). */
  constructor(
    options: NewFollowersMailOptions & {
      jobs: JobsService;
      db: Database;
      mail: MailService;
      publicUrl: string;
    },
  ) {
    this.#jobs = options.jobs;
    this.#db = options.db;
    this.#mail = options.mail;
    this.#publicUrl = options.publicUrl;
    this.#queue = options.queue ?? NEW_FOLLOWERS_QUEUE;
    this.#delaySeconds = options.delaySeconds ?? 5 * 60;
    this.#minIntervalSeconds = options.minIntervalSeconds ?? 60 * 60;
    this.#jobs.define<JobData>(this.#queue, async ({ data }) => this.#run(data.userId), {
      ...QUEUE_POLICY,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    });
  }

  /** Called after a follow committed: makes sure a job will tell the followed person. */
  async followed(userId: string): Promise<void> {
    await this.#schedule(userId, this.#delaySeconds);
  }

  async #schedule(userId: string, afterSeconds: number): Promise<void> {
    // null: a job for this person is already waiting, and it will see this follow too
    await this.#jobs.send<JobData>(
      this.#queue,
      { userId },
      { singletonKey: userId, startAfter: Math.max(1, Math.ceil(afterSeconds)) },
    );
  }

  /** One job: the e-mail about the follows since the last one, if any and if wanted. */
  async #run(userId: string): Promise<void> {
    const next = await this.#db.transaction(async (tx) => {
      const person = await lockMailRecipient(tx, userId);
      if (!person || person.disabledAt || !person.settings.newFollowers || person.settings.unsubscribedAll) {
        return null;
      }

      const [clock] = await tx
        .select({
          last: max(mailMessages.createdAt),
          sinceLast: sql<number | null>`extract(epoch from now() - max(${mailMessages.createdAt}))::float8`,
        })
        .from(mailMessages)
        .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, NEW_FOLLOWERS_MAIL_KIND)));
      const sinceLast = clock?.sinceLast ?? null;
      if (sinceLast !== null && sinceLast < this.#minIntervalSeconds) return this.#minIntervalSeconds - sinceLast;

      const windowStart =
        sinceLast === null
          ? sql`now() - make_interval(secs => ${LOOKBACK_SECONDS})`
          : sql`greatest(now() - make_interval(secs => ${LOOKBACK_SECONDS}), ${clock?.last ?? null}::timestamptz - make_interval(secs => ${SETTLE_SECONDS}))`;
      const windowEnd = sql`now() - make_interval(secs => ${SETTLE_SECONDS})`;
      const newFollowers = await tx
        .select({
          name: users.name,
          username: users.username,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(
          and(
            eq(follows.followedId, userId),
            gt(follows.createdAt, windowStart),
            lte(follows.createdAt, windowEnd),
            isNull(users.disabledAt),
          ),
        )
        .orderBy(desc(follows.createdAt))
        .limit(NAMED_FOLLOWERS);
      const [settling] = await tx
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followedId, userId), gt(follows.createdAt, windowEnd)))
        .limit(1);
      const total = newFollowers[0]?.total ?? 0;
      if (total > 0) {
        const who = describeFollowers(newFollowers, total);
        const title = `${who} followed you on Townhall`;
        const rendered = this.#mail.render({
          kind: NEW_FOLLOWERS_MAIL_KIND,
          isNotification: true,
          title,
          paragraphs: [
            `Hi ${person.name.trim() || `@${person.username}`}, ${who} started following you on Townhall.`,
            'See who they are, and follow them back, from your followers page.',
          ],
          action: {
            label: 'See your followers',
            url: `${this.#publicUrl}/${encodeURIComponent(person.username)}/followers`,
          },
          unsubscribe: { userId, category: 'newFollowers' },
        });
        await this.#mail.send({ ...rendered, to: person.email, userId }, { tx });
      }
      // follows of the last seconds are left to a next batch, which must then exist
      return settling ? SETTLE_SECONDS : null;
    });
    if (next !== null) await this.#schedule(userId, next);
  }
}
