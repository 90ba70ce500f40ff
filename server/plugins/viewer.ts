import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Viewer } from '../lib/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null. Set by the accounts feature's session hook. */
    viewer: Viewer | null;
    /** The session token the viewer was signed in with (checked), or null. */
    sessionToken: string | null;
  }
}

/** Every request starts without a viewer; the accounts feature resolves it from the session. */
export const viewerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('viewer', null);
    app.decorateRequest('sessionToken', null);
  },
  { name: 'viewer' },
);
