/**
 * Task create and update (issue 4, SPEC section 7), multipart in Laravel bracket notation:
 *   POST /tasks                          -> 201 { data: { uuid, identifier } }
 *   POST /tasks/:uuid with _method=PUT   -> 200 { data: Task } (the owner's view)
 *   PUT  /tasks/:uuid                    -> the same, for clients that can send PUT with a body
 * Failures: 401 visitor, 403 not the owner or an offer is chosen, 404, 422 { message, errors } with
 * file errors naming the file ('photo.jpg: The file must be an image.').
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { matchTask, type MatchDeps } from '../alerts/alerts';
import { requireUser } from '../auth/session';
import { rateLimitKey } from '../plugins/clientAddress';
import { HttpError, notFound } from '../errors';
import { pickLocale, translate } from '../i18n';
import { notifyTaskChanged } from '../push';
import { notifyUser } from '../offers/notify';
import { createStorage } from '../storage';
import { loadTask } from '../tasks/loadTask';
import {
  createTask,
  TASK_PART_LIMITS,
  TaskFormError,
  updateTask,
  type PartsSource,
  type SaveTaskDeps,
} from '../tasks/saveTask';
import '../types';

type PartsOptions = Parameters<FastifyRequest['parts']>[0];

/** The request's parts with the task limits; a body that is not multipart is refused (415). */
function partsOf(request: FastifyRequest): PartsSource {
  if (!request.isMultipart()) throw new HttpError(415, 'errors.bad_request');
  // throwFileSizeLimit is read by @fastify/multipart though its types leave it out of parts().
  const options: PartsOptions = TASK_PART_LIMITS;
  return () => request.parts(options);
}

/** The Laravel 422 body, translated; a file's messages are prefixed with its name. */
export function sendTaskFormErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  error: TaskFormError,
) {
  const locale = request.locale;
  const errors: Record<string, string[]> = {};
  for (const [field, entries] of Object.entries(error.errors)) {
    errors[field] = entries.map(({ message, file }) => {
      const text = translate(locale, message.id, message.values);
      return file === undefined ? text : `${file}: ${text}`;
    });
  }
  return reply.code(422).send({ message: translate(locale, 'errors.validation_failed'), errors });
}

export const taskWriteRoutes: FastifyPluginAsync = async (app) => {
  const storage = createStorage(app.config.uploadsDir);
  const depsFor = (request: FastifyRequest): SaveTaskDeps => ({
    db: app.db,
    storage,
    log: request.log,
  });
  // Task alerts run after the write committed: a failure there is logged, never the request's.
  const alertsFor = (request: FastifyRequest): MatchDeps => ({
    db: app.db,
    log: request.log,
    notify: (userUuid, event) => notifyUser(app, userUuid, event),
    publicUrl: app.config.public.publicUrl,
    dataDir: app.config.dataDir,
  });

  // Posting is limited per user (TASK_RATE_LIMIT an hour; a visitor by address): a script cannot
  // flood the list (issue 14 item 8). 429 with Retry-After, before the body is read.
  const createLimit = {
    rateLimit: {
      max: app.config.taskRateLimit,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) =>
        `tasks:${request.user?.uuid ?? rateLimitKey(request)}`,
    },
  };

  app.post('/tasks', { config: createLimit }, async (request, reply) => {
    const user = requireUser(request);
    try {
      const created = await createTask(depsFor(request), user, partsOf(request));
      // Nobody can be watching a task that did not exist: no tasks.view push; alerts may match.
      await matchTask(alertsFor(request), created.uuid);
      return reply.code(201).send({ data: created });
    } catch (err) {
      if (err instanceof TaskFormError) return sendTaskFormErrors(request, reply, err);
      throw err;
    }
  });

  const update =
    (methodOverride: boolean) =>
    async (
      request: FastifyRequest<{ Params: { uuid: string }; Querystring: { locale?: string } }>,
      reply: FastifyReply,
    ) => {
      const user = requireUser(request);
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      let taskUuid: string;
      try {
        taskUuid = await updateTask(
          depsFor(request),
          request.params.uuid,
          user,
          locale,
          // Opened only after the ownership checks: a refused request stores nothing.
          () => partsOf(request)(),
          { methodOverride },
        );
      } catch (err) {
        if (err instanceof TaskFormError) return sendTaskFormErrors(request, reply, err);
        throw err;
      }
      // Open detail pages refetch; an edit into a matching shape reaches alerts not reached yet.
      await notifyTaskChanged(app, taskUuid);
      await matchTask(alertsFor(request), taskUuid);
      const task = await loadTask(app.db, taskUuid, user, locale);
      if (!task) throw notFound();
      return reply.send({ data: task });
    };

  app.post<{ Params: { uuid: string }; Querystring: { locale?: string } }>(
    '/tasks/:uuid',
    update(true),
  );
  app.put<{ Params: { uuid: string }; Querystring: { locale?: string } }>(
    '/tasks/:uuid',
    update(false),
  );
};
