/** Task detail. Create, update, delete and the list come with the following issues. */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors';
import { pickLocale } from '../i18n';
import { loadTask } from '../tasks/loadTask';
import '../types';

export const taskRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { slug: string }; Querystring: { locale?: string } }>(
    '/tasks/:slug',
    async (request) => {
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const task = await loadTask(app.db, request.params.slug, request.user, locale);
      if (!task) throw notFound();
      return { data: task };
    },
  );
};
