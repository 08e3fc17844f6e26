/** Liveness for load balancers and the SPA: 200 when the database answers, 503 when not. */
import type { FastifyPluginAsync } from 'fastify';
import '../types';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { skipSession: true } }, async (_request, reply) => {
    const db = await app.db.ping();
    return reply.code(db ? 200 : 503).send({ data: { db } });
  });
};
