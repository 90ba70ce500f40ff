import type { FastifyInstance } from 'fastify';

/** `app.transaction`: one database transaction whose live events leave at commit (server/plugins/live.ts). */
export type RunInTransaction = FastifyInstance['transaction'];
