import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GOOGLE_MESSAGES } from '#shared/constants/google-sign-in.ts';
import { normalizeUsername } from '#shared/lib/username-rules.ts';
import type { WelcomeInput, WelcomeResponse } from '#shared/schemas/google-sign-in.ts';
import type { Database } from '../../db/client.ts';
import { accounts, mailMessages, users } from '../../db/schema/index.ts';
import { AppError, forbidden, serviceUnavailable, unauthenticated } from '../../lib/errors.ts';
import type { MailService } from '../mail/public.ts';
import { IdTokenError, type GoogleIdTokenVerifier } from './google-id-token.ts';
import { GOOGLE_PROVIDER_ID } from './google-link.ts';

/** The kind of the welcome e-mail in mail_messages; one per person, ever. */
export const WELCOME_MAIL_KIND = 'welcome';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)[ ]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The welcome call, made by the client after a new Google sign-up. The
 * Google ID token proves who calls: its signature, issuer, audience and expiry are checked,
 * its subject must be a Google account of ours, and the body must describe that account's
 * person. The welcome e-mail then goes once (the person's row is locked while we look for an
 * earlier one), and only if their e-mail settings want it.
 */
export async function sendWelcome(options: {
  db: Database;
  mail: MailService;
  verifier: GoogleIdTokenVerifier;
  idToken: string;
  input: WelcomeInput;
  publicUrl: string;
  logger: FastifyBaseLogger;
}): Promise<WelcomeResponse> {
  const { db, mail, input } = options;
  let sub: string;
  try {
    ({ sub } = await options.verifier.verify(options.idToken));
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    if (error.reason === 'unavailable') {
      options.logger.error({ err: error }, 'Google ID tokens cannot be verified');
      throw serviceUnavailable(GOOGLE_MESSAGES.unavailable);
    }
    options.logger.info({ reason: error.message }, 'welcome call with a refused ID token');
    throw error.reason === 'expired'
      ? new AppError(401, 'expired_token', GOOGLE_MESSAGES.expiredToken)
      : new AppError(401, 'invalid_token', GOOGLE_MESSAGES.invalidToken);
  }

  const [person] = await db
    .select({ id: users.id, email: users.email, username: users.username, name: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, GOOGLE_PROVIDER_ID), eq(accounts.accountId, sub)))
    .limit(1);
  if (!person) throw unauthenticated(GOOGLE_MESSAGES.unknownAccount);
  const isSamePerson =
    input.userEmail.trim().toLowerCase() === person.email &&
    normalizeUsername(input.username) === person.username.toLowerCase() &&
    input.userName.trim() === person.name.trim();
  if (!isSamePerson) throw forbidden(GOOGLE_MESSAGES.detailsMismatch);

  return sendWelcomeOnce({ db, mail, person, publicUrl: options.publicUrl, signIn: 'google' });
}

/**
 * Queues the welcome e-mail of a new person at most once, ever (their row is locked while we
 * look for an earlier one), and only when their e-mail settings want it (the
 * welcome flag, and unsubscribedAll, which stops everything but password resets).
 */
export async function sendWelcomeOnce(options: {
  db: Database;
  mail: MailService;
  person: { id: string; email: string; username: string; name: string };
  publicUrl: string;
  /** How the person signs in, said in the e-mail. */
  signIn: 'google' | 'password';
}): Promise<WelcomeResponse> {
  const { db, mail, person } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ emailSettings: users.emailSettings })
      .from(users)
      .where(eq(users.id, person.id))
      .for('update');
    const [earlier] = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(and(eq(mailMessages.userId, person.id), eq(mailMessages.kind, WELCOME_MAIL_KIND)))
      .limit(1);
    if (earlier) return { status: 'already_sent' } as const;
    if (!row || !row.emailSettings.welcome || row.emailSettings.unsubscribedAll)
      return { status: 'not_wanted' } as const;

    const greeting = person.name.trim() || `@${person.username}`;
    const howToSignIn =
      options.signIn === 'google'
        ? `You sign in with your Google account ${person.email}.`
        : `You sign in with your e-mail address ${person.email} and your password.`;
    const rendered = mail.render({
      kind: WELCOME_MAIL_KIND,
      title: 'Welcome to Townhall',
      paragraphs: [
        `Hi ${greeting}, your Townhall account is ready. ${howToSignIn}`,
        `Your username is @${person.username}. Follow creators, subscribe to their groups, and like, comment, ask and post there.`,
      ],
      action: { label: 'Open Townhall', url: `${options.publicUrl}/` },
    });
    await mail.send({ ...rendered, to: person.email, userId: person.id }, { tx });
    return { status: 'sent' } as const;
  });
}
