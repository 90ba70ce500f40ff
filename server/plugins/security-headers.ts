import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The policy of served media (uploaded images): nothing may load or run in it, even when a
 * browser is tricked into showing one as a document.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/**
 * Browser features Townhall never uses, denied to the page and every frame in it. Only names
 * Chromium, Firefox and Safari know: an unknown name is a console error in Chromium.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export interface SecurityHeadersOptions {
  /**
   * Pages other sites may show in a frame, by path (a future presenter view to embed in a
   * stream overlay, say); every other response says `frame-ancestors 'none'` and
   * `X-Frame-Options: DENY`. None by default.
   */
  isFrameablePath?: (pathname: string) => boolean;
  /** Who may frame those pages (CSP `frame-ancestors` sources); default `'self'`. */
  frameAncestors?: string[];
}

const pathnameOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

/**
 * Security headers on every response (helmet): a strict Content-Security-Policy (no inline
 * or foreign script, nothing from other sites, no framing), nosniff, a strict referrer policy,
 * a Permissions-Policy, and HSTS when PUBLIC_URL is https.
 *
 * Styles allow 'unsafe-inline' (and only styles): the dialogs' scroll lock
 * (react-remove-scroll) writes a <style> whose content depends on the scrollbar's width, and
 * sonner writes its own <style>, so neither a hash nor a fixed nonce fits; e-mails previewed in
 * the admin's sandboxed frame carry style attributes. An inline style cannot run code, and
 * img-src, font-src and connect-src keep CSS from reaching any other site.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions = {}) => {
    const isHttps = app.config.publicUrl.startsWith('https:');
    // 'self' covers the live channel's ws(s):// in current browsers; older Safari needs it named.
    const liveOrigin = app.config.publicUrl.replace(/^http/, 'ws');
    const isFrameable = (request: IncomingMessage) => options.isFrameablePath?.(pathnameOf(request.url)) ?? false;

    // Built once for each kind of page, so every request only sets ready-made headers (helmet's
    // Fastify plugin builds its middleware again at each request).
    const headersFor = (frameAncestors: string) =>
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'script-src-attr': ["'none'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'font-src': ["'self'"],
            'connect-src': ["'self'", liveOrigin],
            'media-src': ["'self'"],
            'worker-src': ["'self'"],
            'manifest-src': ["'self'"],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': [frameAncestors],
            // Behind https only: on a plain-http installation (a LAN address) it would break every load.
            ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
          },
        },
        // X-Frame-Options is set below, where a frameable page can leave it out.
        frameguard: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      });
    const standard = headersFor("'none'");
    const framed = options.isFrameablePath ? headersFor((options.frameAncestors ?? ["'self'"]).join(' ')) : standard;

    app.addHook('onRequest', (request, reply, done) => {
      const isFramed = isFrameable(request.raw);
      (isFramed ? framed : standard)(request.raw, reply.raw, () => {});
      if (!isFramed) void reply.header('x-frame-options', 'DENY');
      void reply.header('permissions-policy', PERMISSIONS_POLICY);
      done();
    });
  },
  { name: 'security-headers' },
);
