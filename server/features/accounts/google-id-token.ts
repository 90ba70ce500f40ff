import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleConfig } from '../../config/env.ts';

/** Seconds of clock difference tolerated on exp, iat and nbf (what openid-client and better-auth allow). */
const CLOCK_TOLERANCE_SECONDS = 30;
const DISCOVERY_TIMEOUT_MS = 10_000;

/** What Townhall reads from a verified Google ID token. */
export interface GoogleIdentity {
  /** Google's stable id of the person: the account key, never the e-mail. */
  sub: string;
  /** Lowercased; undefined when the token carries none. */
  email: string | undefined;
  /** Only an explicit true counts: Google vouches that the person owns the address. */
  isEmailVerified: boolean;
  name: string;
  picture: string | undefined;
}

/** Why a token was refused: a bad or foreign token, an old one, or an issuer we cannot reach. */
export type IdTokenFailure = 'invalid' | 'expired' | 'unavailable';

export class IdTokenError extends Error {
  override name = 'IdTokenError';
  readonly reason: IdTokenFailure;
  constructor(reason: IdTokenFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export interface GoogleIdTokenVerifier {
  /** The identity in `token`, after checking signature, iss, aud (and azp), exp and iat; else IdTokenError. */
  verify(token: string): Promise<GoogleIdentity>;
}

interface IssuerKeys {
  jwks: ReturnType<typeof createRemoteJWKSet>;
  algorithms: string[];
}

/** The issuer's discovery document, refused unless it names exactly the configured issuer. */
async function discoverKeys(google: GoogleConfig): Promise<IssuerKeys> {
  const url = `${google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const document = (await response.json()) as {
    issuer?: unknown;
    jwks_uri?: unknown;
    id_token_signing_alg_values_supported?: unknown;
  };
  // OpenID Connect Discovery §4.3: the document must be the configured issuer's own.
  if (document.issuer !== google.issuer) {
    throw new Error(`${url} names the issuer ${String(document.issuer)}, not ${google.issuer}`);
  }
  if (typeof document.jwks_uri !== 'string') throw new Error(`${url} has no jwks_uri`);
  const algorithms = Array.isArray(document.id_token_signing_alg_values_supported)
    ? document.id_token_signing_alg_values_supported.filter(
        (alg): alg is string => typeof alg === 'string' && alg !== 'none' && !alg.startsWith('HS'),
      )
    : [];
  return {
    jwks: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS }),
    algorithms: algorithms.length > 0 ? algorithms : ['RS256'],
  };
}

function identityOf(payload: JWTPayload): GoogleIdentity {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const email = text(payload.email)?.trim().toLowerCase();
  return {
    sub: payload.sub as string,
    email: email === '' ? undefined : email,
    // Google has been known to send "true" as a string.
    isEmailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: text(payload.name)?.trim() ?? '',
    picture: text(payload.picture),
  };
}

/**
 * Verifies Google ID tokens with `jose` against the configured issuer: the signing keys come
 * from the JWKS its discovery document names (fetched once, refreshed by jose when a new key
 * id appears), and iss must be the configured issuer, aud our client id, exp in the future.
 * better-auth verifies the sign-in's token too (with the nonce); this one is what the welcome
 * call and our own check of the sign-in use, so a discovery document naming another issuer
 * cannot slip tokens past either.
 */
export function createGoogleIdTokenVerifier(google: GoogleConfig): GoogleIdTokenVerifier {
  let keys: Promise<IssuerKeys> | null = null;
  const issuerKeys = () => {
    keys ??= discoverKeys(google).catch((error: unknown) => {
      keys = null; // try again on the next token rather than stay broken
      throw error;
    });
    return keys;
  };

  return {
    async verify(token) {
      let current: IssuerKeys;
      try {
        current = await issuerKeys();
      } catch (error) {
        throw new IdTokenError(
          'unavailable',
          'The issuer of Google sign-in could not be reached or named another issuer',
          {
            cause: error,
          },
        );
      }
      try {
        const { payload } = await jwtVerify(token, current.jwks, {
          issuer: google.issuer,
          audience: google.clientId,
          algorithms: current.algorithms,
          requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        // With several audiences, the token must have been issued to us (OpenID Connect Core §3.1.3.7).
        if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== google.clientId) {
          throw new IdTokenError('invalid', 'The ID token was issued to another client');
        }
        if (typeof payload.sub !== 'string' || payload.sub === '') {
          throw new IdTokenError('invalid', 'The ID token has no subject');
        }
        return identityOf(payload);
      } catch (error) {
        if (error instanceof IdTokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new IdTokenError('expired', 'The ID token has expired');
        if (error instanceof joseErrors.JWKSTimeout) {
          throw new IdTokenError('unavailable', 'The signing keys could not be fetched', { cause: error });
        }
        if (error instanceof joseErrors.JOSEError) {
          throw new IdTokenError('invalid', `The ID token is not valid: ${error.code}`, { cause: error });
        }
        // Neither jose's verdict nor ours: the keys could not be fetched.
        throw new IdTokenError('unavailable', 'The signing keys could not be fetched', { cause: error });
      }
    },
  };
}
