import type { FastifyInstance } from 'fastify';

/** `app.transaction`: one database transaction whose live events leave at commit. */
export type RunInTransaction = FastifyInstance['transaction'];
