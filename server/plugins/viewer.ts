import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Viewer } from '../lib/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null. Set by the accounts feature's session hook. */
    viewer: Viewer | null;
  }
}

/** Every request starts without a viewer; the accounts feature resolves it from the session. */
export const viewerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('viewer', null);
  },
  { name: 'viewer' },
);
