import { randomBytes, type webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

/** A person at the test provider, as Google would describe them in an ID token. */
export interface TestOidcAccount {
  /** The stable subject; also what one types on the provider's sign-in page. */
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  /** What ID tokens carry as `iss`; the address it listens on unless `issuer` was given. */
  issuer: string;
  /** Where it listens, http://127.0.0.1:<port>. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person who can sign in. */
  setAccount(account: TestOidcAccount): void;
  /**
   * Plays the browser at the provider: opens `authorizationUrl`, signs in as `sub` on the
   * sign-in page, and returns the URL the provider sends the browser back to (the client's
   * redirect URI with code, state and iss, or with an error).
   */
  signInAs(authorizationUrl: string, sub: string): Promise<URL>;
  /**
   * An ID token signed with the provider's own key (or `signingKey`), for the checks a real
   * flow cannot produce: expired ones, another issuer or audience, a forged signature.
   */
  signIdToken(
    claims: JWTPayload,
    options?: { expiresInSeconds?: number; signingKey?: webcrypto.CryptoKey },
  ): Promise<string>;
  close(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago, for a server whose address must be known first. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A key that is not the provider's, with the same key id: what a forger would sign with. */
export async function foreignSigningKey(): Promise<webcrypto.CryptoKey> {
  const { privateKey } = await generateKeyPair('RS256');
  return privateKey;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The provider's sign-in page: one field and one button, findable by label and role. */
function signInPage(uid: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Sign in with Google (test provider)</title></head>
<body>
<main>
<h1>Choose an account</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="login">Account</label>
<input id="login" name="login" autocomplete="off" required>
<button type="submit">Continue</button>
</form>
</main>
</body>
</html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Set-Cookie lines into a jar of name → value (a run of one flow; paths are not told apart). */
function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const isExpired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
      if (key.toLowerCase() === 'expires') return new Date(setting).getTime() < Date.now();
      return false;
    });
    if (isExpired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** oidc-provider's storage, in memory for one provider (its own quick-start adapter warns on every start). */
function memoryAdapter() {
  type Entry = { payload: Record<string, unknown>; expiresAt: number };
  const store = new Map<string, Entry>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model: string) => ({
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(`${model}:${id}`, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    },
    async find(id: string) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid: string) {
      for (const [key, entry] of store) {
        if (key.startsWith(`${model}:`) && entry.payload.uid === uid) return live(key);
      }
      return undefined;
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id: string) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id: string) {
      store.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    },
  });
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free 127.0.0.1 port, standing in for
 * Google in tests: discovery, JWKS (an RSA key made at start), authorization with PKCE
 * required and `prompt=select_account`, the token endpoint for one confidential client, and a
 * sign-in page of its own (a person types the account, a test posts it). Consent is given
 * automatically, as Google does for a first-party app's basic scopes once accepted.
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  /** Pretend to be another issuer than the address it listens on (discovery and tokens say so). */
  issuer?: string;
  /** Listen on this port (0, the default, picks a free one). */
  port?: number;
  clientId?: string;
}): Promise<TestOidcProvider> {
  const people = new Map<string, TestOidcAccount>();
  const clientId = options.clientId ?? `townhall-test-${randomBytes(4).toString('hex')}.apps.test`;
  const clientSecret = randomBytes(24).toString('hex');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = options.issuer ?? url;

  // Google's "choose an account": a prompt of its own, asked for by prompt=select_account.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ ...person }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries email, email_verified and name.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    jwks: { keys: [privateJwk] },
    adapter: memoryAdapter(),
    ttl: { AccessToken: 3600, AuthorizationCode: 600, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'text';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  });
  const handleProvider = provider.callback();

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(request.url ?? '/', url).pathname);
    if (!match?.[1]) {
      handleProvider(request, response);
      return;
    }
    const uid = match[1];
    void (async () => {
      try {
        await provider.interactionDetails(request, response);
        if (request.method === 'POST') {
          const login = (await readForm(request)).get('login')?.trim() ?? '';
          if (people.has(login)) {
            await provider.interactionFinished(
              request,
              response,
              { login: { accountId: login }, select_account: {} },
              { mergeWithLastSubmission: false },
            );
            return;
          }
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(signInPage(uid, `No account ${login}.`));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(signInPage(uid));
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`interaction failed: ${(error as Error).message}`);
      }
    })();
  });

  return {
    issuer,
    url,
    clientId,
    clientSecret,
    setAccount(account) {
      people.set(account.sub, account);
    },
    async signInAs(authorizationUrl, sub) {
      const jar = new Map<string, string>();
      let current = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (current.origin !== url) return current;
        const response = await fetch(current, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
        keepCookies(jar, response);
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          current = new URL(location, current);
          continue;
        }
        if (response.status === 200 && current.pathname.startsWith('/interaction/')) {
          await response.text();
          const submitted = await fetch(current, {
            method: 'POST',
            redirect: 'manual',
            headers: { cookie: cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ login: sub }).toString(),
          });
          keepCookies(jar, submitted);
          const next = submitted.headers.get('location');
          if (!next) throw new Error(`the sign-in page answered ${submitted.status}: ${await submitted.text()}`);
          current = new URL(next, current);
          continue;
        }
        throw new Error(`the provider answered ${response.status} at ${current.href}: ${await response.text()}`);
      }
      throw new Error('too many redirects at the provider');
    },
    async signIdToken(claims, signOptions = {}) {
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = signOptions.expiresInSeconds ?? 3600;
      return new SignJWT({ iss: issuer, aud: clientId, iat: Math.min(now, now + expiresIn - 60), ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setExpirationTime(now + expiresIn)
        .sign(signOptions.signingKey ?? privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
