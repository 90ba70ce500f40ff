import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    );

// An address, optionally after a display name: `no-reply@x.org` or `Townhall <no-reply@x.org>`.
// Commas, quotes and brackets in the name are refused: they would split or garble the header.
const MAILBOX = /^(?:([^<>,;:"()[\]\\\p{Cc}]*)<([^<>\s]+)>|([^<>\s]+))$/u;

function isMailbox(value: string): boolean {
  const match = MAILBOX.exec(value);
  const address = match?.[2] ?? match?.[3];
  return address !== undefined && z.email().safeParse(address).success;
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

// 0 (any free port) would leave the scraper guessing
const METRICS_PORT_MESSAGE = 'must be a port number from 1 to 65535';

/** Google's issuer: ID tokens must carry exactly this `iss`. */
export const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * SECURITY_CONTACT: where to report a vulnerability, for security.txt's `Contact:` lines. One or
 * more addresses separated by commas: `mailto:`, `https:` or `tel:` URIs, or bare e-mail
 * addresses (sent as `mailto:`). Unset: the site's contact page.
 */
const SecurityContactSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? [] : value.split(',').map((part) => part.trim())))
  .pipe(
    z.array(
      z
        .string()
        .transform((value) => (z.email().safeParse(value).success ? `mailto:${value}` : value))
        .refine(
          (value) => {
            try {
              const url = new URL(value);
              return ['mailto:', 'https:', 'tel:'].includes(url.protocol) && !/\s/.test(value);
            } catch {
              return false;
            }
          },
          { message: 'must be e-mail addresses or mailto:, https: or tel: URIs, separated by commas' },
        ),
    ),
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** TCP port of the HTTP server. */
    PORT: z.coerce
      .number({ error: 'must be a port number from 0 to 65535' })
      .int({ error: 'must be a port number from 0 to 65535' })
      .min(0, { error: 'must be a port number from 0 to 65535' })
      .max(65535, { error: 'must be a port number from 0 to 65535' })
      .default(3000),
    /** Interface to listen on; 0.0.0.0 or :: to accept connections from other machines. */
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    /** The address people use to reach Townhall: links in e-mails, allowed Origin. */
    PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://townhall.example.com'),
    /** Where Townhall keeps its files: the embedded database, secrets, uploads. */
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** An external PostgreSQL server; without it the embedded one under DATA_DIR is used. */
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/townhall'),
    /** Connections kept open to PostgreSQL by this process. */
    DATABASE_POOL_MAX: z.coerce
      .number({ error: 'must be a number from 1 to 500' })
      .int({ error: 'must be a number from 1 to 500' })
      .min(1, { error: 'must be a number from 1 to 500' })
      .max(500, { error: 'must be a number from 1 to 500' })
      .default(10),
    /** Redis for live events across processes on large installations. */
    REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    /** Secret for signing sessions; generated and kept in DATA_DIR when absent. */
    SESSION_SECRET: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || value.length >= 32, {
        message: 'must be at least 32 characters (generate one with: openssl rand -hex 32)',
      }),
    /** SMTP server for outgoing e-mail; without it e-mail is kept in the database. */
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
    /** Sender of outgoing e-mail; default `Townhall <no-reply@host of PUBLIC_URL>`. */
    MAIL_FROM: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || isMailbox(value), {
        message: 'must be an address like no-reply@townhall.example.com or Townhall <no-reply@townhall.example.com>',
      }),
    /**
     * Which proxies in front of Townhall may say who the client is (X-Forwarded-For): a number of
     * hops, or addresses and CIDR ranges separated by commas ("loopback" for 127.0.0.1 and ::1).
     * Unset: the address of the connection itself, so nobody can claim another address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || (value !== 'true' && value !== '*'), {
        message:
          'must name the proxies (a hop count, or addresses/CIDR ranges); trusting every sender would let anyone claim any address',
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which requests get an access-log line: `sampled` (errors, slow requests and 1 in 100 of the
     * rest), `full` (every request) or `errors` (errors and slow requests only).
     */
    ACCESS_LOG: z.enum(['sampled', 'full', 'errors'], { error: 'must be sampled, full or errors' }).default('sampled'),
    /** OAuth client of "Continue with Google"; Google sign-in is on only with both id and secret. */
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** The OpenID Connect issuer that signs Google's ID tokens; another issuer only for tests or a proxy. */
    GOOGLE_ISSUER: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine(
        (value) => {
          if (value === undefined) return true;
          try {
            const url = new URL(value);
            return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '';
          } catch {
            return false;
          }
        },
        { message: 'must be an issuer URL like https://accounts.google.com' },
      ),
    /** S3-compatible bucket for uploaded images; without these, images are kept under DATA_DIR/media. */
    S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'https://s3.eu-west-1.amazonaws.com'),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** `true` for servers that address buckets as /bucket/key (MinIO, most self-hosted ones). */
    S3_FORCE_PATH_STYLE: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || value === 'true' || value === 'false', {
        message: 'must be true or false',
      }),
    /**
     * Turns on GET /metrics on the main port for callers that send `Authorization: Bearer <token>`
     * (Prometheus's `authorization` setting); without it the main port has no /metrics.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || value.length >= 16, {
        message: 'must be at least 16 characters (generate one with: openssl rand -hex 32)',
      })
      .refine((value) => value === undefined || /^[\x21-\x7e]+$/.test(value), {
        message: 'must be printable ASCII without spaces (it travels in an Authorization header)',
      }),
    SECURITY_CONTACT: SecurityContactSchema.optional(),
    /** Serves GET /metrics without a token on 127.0.0.1 at this port only (a scraper on the same machine). */
    METRICS_PORT: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional()
      .refine((value) => value === undefined || /^\d{1,5}$/.test(value), { message: METRICS_PORT_MESSAGE })
      .transform((value) => (value === undefined ? undefined : Number(value)))
      .refine((value) => value === undefined || (value >= 1 && value <= 65535), { message: METRICS_PORT_MESSAGE }),
  })
  .superRefine((env, context) => {
    // the metrics listener and the main server cannot share a port on 127.0.0.1
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      context.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${env.PORT}): metrics are served by a listener of their own`,
      });
    }
    // Storage settings are all or nothing: a partial set would quietly keep images on local disk.
    const s3Names = [
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const;
    const s3Required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const s3Given = s3Names.filter((name) => env[name] !== undefined);
    if (s3Given.length > 0) {
      for (const name of s3Required) {
        if (env[name] === undefined) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `must be set when ${s3Given.join(', ')} ${s3Given.length === 1 ? 'is' : 'are'} (S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
          });
        }
      }
    }
    // One without the other is a half-done setup: say so rather than quietly leave Google off.
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'must be set when GOOGLE_CLIENT_ID is',
      });
    }
    if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'must be set when GOOGLE_CLIENT_SECRET is',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Configuration of one server process, parsed once at start. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Origin people use, without a trailing slash. */
  publicUrl: string;
  /** Absolute path of the data directory. */
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  redisUrl: string | undefined;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  /** The From of every e-mail, e.g. `Townhall <no-reply@townhall.example.com>`. */
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** Which requests get an access-log line (server/plugins/access-log.ts). */
  accessLog: Env['ACCESS_LOG'];
  /** Fastify's trustProxy: a hop count or a list of addresses; false trusts no proxy. */
  trustProxy: number | string[] | false;
  /** "Continue with Google" (OpenID Connect); null when GOOGLE_CLIENT_ID and _SECRET are not set. */
  google: GoogleConfig | null;
  /** S3-compatible storage of uploaded images; null keeps them under DATA_DIR/media. */
  s3: S3Config | null;
  /** Prometheus metrics (server/plugins/metrics.ts); both unset: no /metrics anywhere. */
  metrics: MetricsConfig;
  /** security.txt's `Contact:` URIs (SECURITY_CONTACT); empty: the site's contact page. */
  securityContacts: string[];
}

/** Where GET /metrics is served (METRICS_TOKEN, METRICS_PORT). */
export interface MetricsConfig {
  /** The main port serves /metrics to callers sending `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** A listener on 127.0.0.1 at this port serves /metrics without a token. */
  port: number | undefined;
}

/** An S3-compatible bucket (S3_* variables). */
export interface S3Config {
  /** The server's URL; undefined for AWS S3 itself (the region picks it). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket as a path (/bucket/key) rather than a host name (bucket.host). */
  forcePathStyle: boolean;
}

/** The OAuth client Townhall is at Google (or at the configured issuer). */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Issuer URL exactly as ID tokens name it, e.g. https://accounts.google.com. */
  issuer: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): number | string[] | false {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Parses the environment. A bad value stops the start with a message that names the
 * variable and what it should look like.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      // the variable only: SECURITY_CONTACT, not SECURITY_CONTACT.1 (the second address of its list)
      const name = issue.path[0] === undefined ? 'environment' : String(issue.path[0]);
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Townhall <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER ?? DEFAULT_GOOGLE_ISSUER,
          }
        : null,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            // S3-compatible servers mostly ignore the region but the signature needs one.
            region: env.S3_REGION ?? 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    securityContacts: env.SECURITY_CONTACT ?? [],
  };
}
