/** Task detail and delete. Create, update and the list come with the following issues. */
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/session';
import { filledTaskAnswer, sendJsonAnswer } from '../cache/jsonAnswer';
import { notFound } from '../errors';
import { pickLocale } from '../i18n';
import { notifyTaskChanged } from '../push/plugin';
import { deleteTask } from '../tasks/deleteTask';
import { countView } from '../tasks/views';
import '../types';

export const taskRoutes: FastifyPluginAsync = async (app) => {
  /** The task as this viewer may see it; counts the view (once per viewer per window). */
  // From the read model (cache/readModel.ts): the cached public row, this viewer's rules applied,
  // kept serialized for this viewer; the view count is this request's.
  app.get<{ Params: { slug: string }; Querystring: { locale?: string } }>(
    '/tasks/:slug',
    { config: { httpCache: true } },
    async (request, reply) => {
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const answer = await app.readModel.taskAnswer(
        app.db,
        request.params.slug,
        request.user,
        locale,
      );
      if (!answer) throw notFound();
      const { task, authorUuid } = answer.loaded;
      const views = await countView(request, reply, task, authorUuid);
      return sendJsonAnswer(reply, filledTaskAnswer(answer, views));
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
