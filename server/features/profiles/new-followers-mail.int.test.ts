import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailMessages, users } from '../../db/schema/index.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.ts';
import { verifyUnsubscribeToken } from '../mail/public.ts';
import { NEW_FOLLOWERS_MAIL_KIND } from './new-followers-mail.ts';
import { buildProfilesApp, setFollow, signUp, type TestPerson } from '../../test/factories.ts';

let app: FastifyInstance;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await buildProfilesApp({
    config: { smtpUrl: smtp.url },
    newFollowers: { delaySeconds: 1, minIntervalSeconds: 4 },
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const SECRET = 'test-secret-test-secret-test-secret-0123';

/** A follower e-mail to `person` (their welcome e-mail arrives too). */
const isFollowersMailTo = (person: TestPerson) => (received: ReceivedMail) =>
  received.envelope.to.includes(person.email) && received.subject.endsWith('followed you on Townhall');

async function followersMailsOf(person: TestPerson) {
  return app.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, person.id), eq(mailMessages.kind, NEW_FOLLOWERS_MAIL_KIND)));
}

/** Waits until every follower-mail job of `person` has run (and at least one existed). */
async function jobsDone(person: TestPerson) {
  await vi.waitFor(
    async () => {
      const result = await app.db.execute<{ state: string }>(
        sql`select state from pgboss.job where singleton_key = ${person.id}`,
      );
      const states = result.rows.map((row) => row.state);
      if (states.length === 0 || states.some((state) => state !== 'completed')) {
        throw new Error(`jobs: ${states.join(', ') || 'none'}`);
      }
    },
    { timeout: 20_000, interval: 200 },
  );
}

async function renameDisplay(person: TestPerson, name: string) {
  await app.db.update(users).set({ name }).where(eq(users.id, person.id));
}

describe("the batched 'newFollowers' e-mail", () => {
  it('sends one e-mail for a burst of follows, naming three people and counting the others', async () => {
    const star = await signUp(app, 'mstar');
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp(app, 'mfan')));
    for (const [index, fan] of fans.entries()) await renameDisplay(fan, `Fan ${index}`);
    // the last one changes their mind within the burst: not named, not counted
    await Promise.all(fans.map((fan) => setFollow(app, fan, star.id, true)));
    await setFollow(app, fans[5] as TestPerson, star.id, false);

    const mail = await smtp.waitFor(isFollowersMailTo(star), 20_000);
    expect(mail.subject).toMatch(
      /^Fan \d \(@mfan_[a-z0-9]+\), Fan \d \(@mfan_[a-z0-9]+\), Fan \d \(@mfan_[a-z0-9]+\) and 2 others followed you on Townhall$/,
    );
    expect(mail.subject).not.toContain('Fan 5');
    expect(mail.text).toContain('and 2 others started following you on Townhall.');
    expect(mail.text).toContain(`http://townhall.test/${star.username}`);
    const unsubscribe = /<http:\/\/townhall\.test\/api\/mail\/unsubscribe\?token=([^>]+)>/.exec(
      mail.header('list-unsubscribe') ?? '',
    );
    expect(unsubscribe?.[1]).toBeDefined();
    expect(verifyUnsubscribeToken(decodeURIComponent(unsubscribe?.[1] ?? ''), SECRET)).toEqual({
      userId: star.id,
      category: 'newFollowers',
    });
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await jobsDone(star);
    expect(await followersMailsOf(star)).toHaveLength(1);
    expect(smtp.messages.filter(isFollowersMailTo(star))).toHaveLength(1);
  });

  it('tells a later follower in a later e-mail, without repeating the earlier ones', async () => {
    const star = await signUp(app, 'mstar');
    const [early, late] = [await signUp(app, 'mfan'), await signUp(app, 'mfan')];
    await setFollow(app, early, star.id, true);
    const first = await smtp.waitFor(isFollowersMailTo(star), 20_000);
    expect(first.subject).toBe(`${early.username} (@${early.username}) followed you on Townhall`);

    await setFollow(app, late, star.id, true);
    const second = await smtp.waitFor((received) => isFollowersMailTo(star)(received) && received !== first, 20_000);
    expect(second.subject).toBe(`${late.username} (@${late.username}) followed you on Townhall`);
    await jobsDone(star);
    expect(await followersMailsOf(star)).toHaveLength(2);
  });

  it('respects the settings: newFollowers off, or unsubscribed from everything', async () => {
    const quiet = await signUp(app, 'mquiet');
    const gone = await signUp(app, 'mgone');
    await app.db
      .update(users)
      .set({ emailSettings: sql`${users.emailSettings} || '{"newFollowers": false}'::jsonb` })
      .where(eq(users.id, quiet.id));
    await app.db
      .update(users)
      .set({ emailSettings: sql`${users.emailSettings} || '{"unsubscribedAll": true}'::jsonb` })
      .where(eq(users.id, gone.id));
    const fan = await signUp(app, 'mfan');
    await setFollow(app, fan, quiet.id, true);
    await setFollow(app, fan, gone.id, true);
    await jobsDone(quiet);
    await jobsDone(gone);
    expect(await followersMailsOf(quiet)).toEqual([]);
    expect(await followersMailsOf(gone)).toEqual([]);
  });
});
