/** Task detail and delete. Create, update and the list come with the following issues. */
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/session';
import { notFound } from '../errors';
import { pickLocale } from '../i18n';
import { notifyTaskChanged } from '../push/plugin';
import { deleteTask } from '../tasks/deleteTask';
import { loadTaskEntry } from '../tasks/loadTask';
import { countView, knownViewerKey } from '../tasks/views';
import '../types';

export const taskRoutes: FastifyPluginAsync = async (app) => {
  /** The task as this viewer may see it; counts the view (once per viewer per window). */
  app.get<{ Params: { slug: string }; Querystring: { locale?: string } }>(
    '/tasks/:slug',
    async (request, reply) => {
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const loaded = await loadTaskEntry(app.db, request.params.slug, request.user, locale, {
        viewerKey: knownViewerKey(request),
      });
      if (!loaded) throw notFound();
      const { task } = loaded;
      task.views_count = await countView(
        request,
        reply,
        task,
        loaded.authorUuid,
        loaded.viewedRecently,
      );
      return { data: task };
    },
  );

  /** Owner only, while no offer is chosen (the lifecycle machine's DELETE_TASK). 204. */
  app.delete<{ Params: { uuid: string } }>('/tasks/:uuid', async (request, reply) => {
    const user = requireUser(request);
    const taskUuid = await deleteTask(
      { db: app.db, uploadsDir: app.config.uploadsDir, log: request.log },
      request.params.uuid,
      user,
      request.locale,
    );
    // Open pages refetch and get 404.
    await notifyTaskChanged(app, taskUuid);
    return reply.code(204).send();
  });
};
