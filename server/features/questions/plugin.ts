import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { questionRoutes } from './routes.ts';

/** The question queue of ama groups: asking, answering, moderation, similar questions. */
export const questionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(questionRoutes);
  },
  { name: 'questions', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'groups'] },
);
