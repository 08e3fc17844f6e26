/**
 * POST /api/tasks/:taskUuid/report { message } (SPEC sections 5, 6, 7, 8): anyone but the owner may
 * report a task, visitors included. 201 { data: { reported: true } }.
 *
 * - The reporter is 'user:<uuid>' for a logged-in user, else 'anon:<id>' from the visitor's stable
 *   anonymous id cookie `talka_vid` (httpOnly, SameSite=Lax; set when missing). The same key and
 *   cookie count views (src/server/tasks/views.ts).
 * - One report per reporter per task: the second one is 403 reports.already_reported (the SPA shows
 *   'already reported' and closes the modal). A visitor is also limited to one per address (the key
 *   is 'anon:<id>@addr:<hash>'), so dropping the cookie does not allow another (issue 14 item 8).
 * - The owner is refused by the lifecycle machine's REPORT control: 403.
 * - message: at most 5000 characters (422 errors.message).
 * - A task a moderator hid answers 410 (issue 19).
 * - At most config.reportRateLimit (REPORT_RATE_LIMIT) requests per address and minute (429), on
 *   top of the global limit.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ViewerRole } from '../../shared/taskLifecycle';
import { canTransition } from '../../shared/taskLifecycle.machine';
import { REPORT_MESSAGE_MAX, reportSchema } from '../../shared/validation/report';
import { requireUser } from '../auth/session';
import { forbidden, HttpError, notFound, taskRemoved } from '../errors';
import { listMyReports } from '../moderation/moderation';
import { jsonBodyLimit } from '../plugins/jsonBody';
import { isUuid } from '../push/hub';
import { insertReportOnce } from '../reports/insertReportOnce';
import { validateBody } from '../validate';
import '../types';

export const reportRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/me/reports (issue 19): the reports the signed-in user made, newest first, each with
   * its task, date and status. A visitor's reports are anonymous and have no follow-up.
   */
  app.get('/me/reports', async (request) => {
    const user = requireUser(request);
    return { data: await listMyReports(app.db, user.uuid) };
  });

  const limit = { rateLimit: { max: app.config.reportRateLimit, timeWindow: '1 minute' } };

  app.post<{ Params: { taskUuid: string } }>(
    '/tasks/:taskUuid/report',
    { config: limit, bodyLimit: jsonBodyLimit(REPORT_MESSAGE_MAX) },
    async (request, reply) => {
      const { taskUuid } = request.params;
      if (!isUuid(taskUuid)) throw notFound();
      const [task] = await app.db.query<{
        uuid: string;
        status: string;
        author_uuid: string;
        hidden: boolean;
      }>(
        'SELECT uuid, status, author_uuid, hidden_at IS NOT NULL AS hidden FROM tasks WHERE uuid = $1',
        [taskUuid.toLowerCase()],
      );
      if (!task) throw notFound();

      const user = request.user;
      // A task a moderator hid is gone for everyone but its owner (who cannot report it anyway).
      if (task.hidden && !user?.is_moderator && user?.uuid !== task.author_uuid)
        throw taskRemoved();
      // REPORT only asks whether the viewer is the owner; the other facts do not matter to it.
      const role: ViewerRole =
        user === null ? 'visitor' : user.uuid === task.author_uuid ? 'owner' : 'customer';
      const allowed = canTransition(
        { status: task.status, awaitingAction: false, expired: false, role, hasOffers: false },
        { type: 'REPORT' },
      );
      if (!allowed) throw forbidden();

      const form = await validateBody(reportSchema, request.body);
      const inserted = await insertReportOnce(
        app.db,
        request,
        reply,
        { kind: 'task', uuid: task.uuid },
        form.message,
      );
      if (!inserted) throw new HttpError(403, 'reports.already_reported');
      return reply.code(201).send({ data: { reported: true } });
    },
  );
};
