import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from '#shared/constants/accounts.ts';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * A person: the sign-in identity (better-auth's user model) and the profile of spec section 3
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
    /** Set on every update of the profile (spec section 3). */
    lastTokenUpdate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_username_history_idx').using('gin', table.usernameHistory),
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
