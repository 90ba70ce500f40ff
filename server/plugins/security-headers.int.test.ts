import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { ImageUploadResponseSchema } from '#shared/schemas/profiles.ts';
import { buildTestApp } from '../test/app.ts';
import { createGroup, schedule, signUp } from '../test/factories.ts';
import { multipart, photoLikeJpeg } from '../features/images/sample-images.ts';
import { MEDIA_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './security-headers.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('security headers (PUBLIC_URL over http)', () => {
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-headers-'));
    app = await buildTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a page: strict CSP, no framing, nosniff, referrer and permissions policies, no HSTS over http', async () => {
    const response = await app.inject({ method: 'GET', url: '/search?q=hello' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self' ws://townhall.test");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    // Over plain http this would send every load to an https:// that is not there.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // Nothing from another site anywhere in the policy.
    expect(response.headers['content-security-policy']).not.toMatch(/https?:\/\/|\*/);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('microphone=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  // The presenter view is meant for streaming programs, whose browser sources (OBS, Streamlabs)
  // open it as a top-level page, not in a frame: it stays under the same no-framing rule as
  // every page until an operator can name the studio origins allowed to embed it.
  it('the presenter view of a session is not framed either', async () => {
    const host = await signUp(app, 'presenter');
    const group = await createGroup(app, host, { ama: true });
    const session = await schedule(app, host, group.id);
    const response = await app.inject({ method: 'GET', url: `/event/${session.id}/present?transparent=1` });
    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('an API answer and an error carry them too', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toContain('application/json');
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('a served image gets the sandbox policy instead of the page one', async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      headers: { origin: 'http://townhall.test' },
      payload: { email: `csp.${id}@example.com`, username: `csp_${id}`, password: 'a fine secret' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(SessionResponseSchema.parse(signUp.json()).user).not.toBeNull();
    const cookie = signUp.cookies.find((item) => item.name === 'townhall.session_token');
    const body = multipart([
      {
        name: 'file',
        filename: 'a.jpg',
        contentType: 'image/jpeg',
        data: await photoLikeJpeg({ width: 700, height: 500 }),
      },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/images?purpose=post',
      headers: {
        origin: 'http://townhall.test',
        'content-type': body.contentType,
        cookie: `${cookie?.name}=${cookie?.value}`,
      },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const image = ImageUploadResponseSchema.parse(upload.json());

    const response = await app.inject({ method: 'GET', url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-security-policy']).toBe(MEDIA_CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API docs answer under the policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy']).get('script-src')).toBe("'self'");
    // swagger-ui's page loads its scripts from files, never inline.
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });
});

describe('security headers (PUBLIC_URL over https)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ config: { publicUrl: 'https://townhall.example.com' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('adds HSTS, upgrades insecure loads and names the wss live channel', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toBe("'self' wss://townhall.example.com");
  });
});
