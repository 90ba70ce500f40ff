import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from '#shared/constants/accounts.ts';

/** What an account may do beyond its own content. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * A person: the sign-in identity (better-auth's user model) and the profile
 * in one row, so an account without a profile cannot exist.
 */
export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    /** Stored lowercase. */
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    ...timestamps,
    /** Stored lowercase; unique whatever the case (index on lower()). */
    username: text().notNull(),
    /** Earlier usernames, oldest first; they keep redirecting to this person. */
    usernameHistory: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quote: text().notNull().default(''),
    profileImageUrl: text().notNull().default(''),
    followers: integer().notNull().default(0),
    following: integer().notNull().default(0),
    subscribing: integer().notNull().default(0),
    emailSettings: jsonb().$type<EmailSettings>().notNull().default(DEFAULT_EMAIL_SETTINGS),
    /** Set on every update of the profile. */
    lastTokenUpdate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * 'admin' may open /admin. The first account created becomes admin (a trigger of
     * migration 0006 decides inside the insert, so two first sign-ups cannot both win);
     * `npm run admin:grant -- <email>` names more. Never settable through the API.
     */
    role: text({ enum: USER_ROLES }).notNull().default('user'),
    /**
     * Set when an administrator disables the account: its sessions and live connections end
     * and it cannot sign in until an administrator enables it again (null).
     */
    disabledAt: timestamp({ withTimezone: true }),
    /** The weekly digest's day (0 Sunday … 6 Saturday) and hour, in `digestTimeZone` (IANA). */
    digestWeekday: integer().notNull().default(1),
    digestHour: integer().notNull().default(8),
    digestTimeZone: text().notNull().default('UTC'),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_digest_weekday_check', sql`${table.digestWeekday} between 0 and 6`),
    check('users_digest_hour_check', sql`${table.digestHour} between 0 and 23`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_username_history_idx').using('gin', table.usernameHistory),
    // /creator lists people by followers, most first.
    index('users_followers_idx').on(table.followers.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // search: typo-tolerant matching (pg_trgm) and, for one or two letters, prefix matching
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
    index('users_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${table.username}) text_pattern_ops`),
  ],
);

/** A signed-in browser; the cookie holds the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** A way to sign in: the password (provider 'credential') or an OpenID provider such as Google. */
export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** argon2id hash, for the 'credential' provider only. */
    password: text(),
    ...timestamps,
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_idx').on(table.providerId, table.accountId),
  ],
);

/** Single-use tokens: password reset links, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);
