/**
 * Task alerts (issue 20):
 *   GET    /alerts            -> { data: TaskAlert[] }          the user's alerts
 *   POST   /alerts            -> 201 { data: TaskAlert }
 *   PUT    /alerts/:id        -> { data: TaskAlert }
 *   DELETE /alerts/:id        -> 204
 *   GET    /alerts/matches    -> { data: TaskSummary[], meta }  "Tasks for you", newest match first
 * 401 for a visitor; 403 for a signed-in user who is not a freelancer (alerts find work to offer
 * on, which only freelancers can); 404 for an id that is not the user's own (never 403: another
 * user's alert ids are not told apart from unknown ones); 422 with field errors on bad input.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { ALERT_MATCHES_PER_PAGE, ALERTS_PER_USER_MAX } from '../../shared/alerts';
import { alertSchema } from '../../shared/validation/alerts';
import {
  countAlerts,
  createAlert,
  deleteAlert,
  findAlert,
  listAlerts,
  updateAlert,
} from '../alerts/alerts';
import { requireUser } from '../auth/session';
import { HttpError, notFound } from '../errors';
import { pickLocale } from '../i18n';
import type { UserRow } from '../users';
import { validateBody, validateInput } from '../validate';
import { paginationSchema, scalarParam, type RawQuery } from './browseQuery';
import { listTasks } from './taskList';
import '../types';

type IdParams = { Params: { id: string } };

/** The signed-in freelancer, or 401 / 403. */
function requireFreelancer(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.is_freelancer) throw new HttpError(403, 'alerts.freelancers_only');
  return user;
}

/** A path id: a positive int4 in plain digits, else it names no alert (404). */
function alertId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

const matchesQuery = yup.object({
  page: paginationSchema.page,
  per_page: paginationSchema.per_page.default(ALERT_MATCHES_PER_PAGE),
});

export const alertRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.get('/alerts', async (request) => {
    const user = requireFreelancer(request);
    return { data: await listAlerts(db, user.uuid) };
  });

  app.post('/alerts', async (request, reply) => {
    const user = requireFreelancer(request);
    const form = await validateBody(alertSchema, request.body);
    if ((await countAlerts(db, user.uuid)) >= ALERTS_PER_USER_MAX) {
      throw new HttpError(422, 'alerts.too_many', { max: ALERTS_PER_USER_MAX });
    }
    const alert = await createAlert(db, user.uuid, form, request.locale);
    return reply.code(201).send({ data: alert });
  });

  app.put<IdParams>('/alerts/:id', async (request) => {
    const user = requireFreelancer(request);
    const id = alertId(request.params.id);
    // Someone else's id is a 404 whatever the body holds.
    if (!(await findAlert(db, user.uuid, id))) throw notFound();
    const form = await validateBody(alertSchema, request.body);
    const alert = await updateAlert(db, user.uuid, id, form, request.locale);
    if (!alert) throw notFound();
    return { data: alert };
  });

  app.delete<IdParams>('/alerts/:id', async (request, reply) => {
    const user = requireFreelancer(request);
    if (!(await deleteAlert(db, user.uuid, alertId(request.params.id)))) throw notFound();
    return reply.code(204).send();
  });

  app.get<{ Querystring: RawQuery }>('/alerts/matches', async (request) => {
    const user = requireFreelancer(request);
    const query = await validateInput(matchesQuery, {
      page: scalarParam(request.query, 'page'),
      per_page: scalarParam(request.query, 'per_page'),
    });
    const locale = pickLocale(
      scalarParam(request.query, 'locale'),
      request.headers['accept-language'],
    );
    return listTasks(
      db,
      { matched_for: user.uuid, sort: 'newest', page: query.page, per_page: query.per_page },
      locale,
    );
  });
};
