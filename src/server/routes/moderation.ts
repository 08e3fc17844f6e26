/**
 * Moderation (issue 19). Moderators only: 401 for visitors, 403 for anyone else signed in, before
 * anything else is looked at (so a non-moderator learns nothing about which uuids exist).
 *
 *   GET  /moderation/reports?status=open|closed  reports grouped by task (open: oldest first)
 *   GET  /moderation/log                         the decisions, newest first
 *   (both keyset-paged: ?cursor= from the previous page's next_cursor, ?per_page= 1-100)
 *   POST /moderation/tasks/:uuid/hide     { reason }   (required, 3-500 characters)
 *   POST /moderation/tasks/:uuid/restore  { reason? }
 *   POST /moderation/tasks/:uuid/dismiss  { reason }
 *   POST /moderation/users/:uuid/suspend  { reason }
 *   POST /moderation/users/:uuid/unsuspend { reason? }
 *   GET  /moderation/question-reports?status=open|closed  reported questions (issue 20), paged
 *        as the task reports
 *   POST /moderation/questions/:id/hide     { reason }
 *   POST /moderation/questions/:id/dismiss  { reason }
 *
 * A malformed or unknown uuid (or question id) is 404, a bad reason 422 on `reason`. Each decision and its audit row
 * are one transaction (src/server/moderation/moderation.ts); after the commit the task pages that
 * changed refetch and each signed-in reporter whose report was decided gets a `reports.decided`
 * push. docs/MODERATION.md.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { ReportDecidedPushEvent } from '../../shared/types';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import {
  MODERATION_REASON_MAX,
  moderationNoteSchema,
  moderationReasonSchema,
} from '../../shared/validation/moderation';
import { requireUser } from '../auth/session';
import type { Queryable } from '../db/db';
import { decodeCursor, perPage } from '../cursor';
import { forbidden, notFound } from '../errors';
import {
  decideQuestion,
  decideTask,
  decideUser,
  listLog,
  listQuestionReportGroups,
  listReportGroups,
  type DecisionResult,
  type QuestionDecision,
  type TaskDecision,
} from '../moderation/moderation';
import { notifyUser } from '../offers/notify';
import { jsonBodyLimit } from '../plugins/jsonBody';
import { notifyTaskChanged } from '../push/plugin';
import { isUuid } from '../push/hub';
import { parseQuestionId } from '../questions/questions';
import type { UserRow } from '../users';
import { validateBody, validateInput } from '../validate';
import '../types';

/** The signed-in moderator, or 401 / 403. */
export function requireModerator(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.is_moderator) throw forbidden();
  return user;
}

const listQuerySchema = yup.object({
  status: yup
    .string()
    .typeError(ref(m.invalid))
    .default('open')
    .oneOf(['open', 'closed'], ref(m.oneOf)),
});

const TASK_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOG_ID = /^[1-9]\d{0,17}$/;
const QUESTION_ID = /^[1-9]\d{0,9}$/;

/** `?cursor=&per_page=` of a keyset-paged list (../cursor.ts); 422 on either when it is bad. */
function pageQuery(query: Record<string, unknown>, idPattern: RegExp) {
  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { after: decodeCursor(one('cursor'), idPattern), limit: perPage(one('per_page')) };
}

/** After the commit: open pages of changed tasks refetch, reporters learn the outcome. */
async function publish<T>(app: FastifyInstance, result: DecisionResult<T>): Promise<void> {
  await Promise.all(result.changedTasks.map((uuid) => notifyTaskChanged(app, uuid)));
  await Promise.all(
    result.decided.map((report) => {
      const event: ReportDecidedPushEvent = {
        handler: 'reports.decided',
        task_uuid: report.taskUuid,
        task_identifier: report.taskIdentifier,
        task_title: report.taskTitle,
        status: report.status,
      };
      return notifyUser(app, report.reporterUuid, event);
    }),
  );
}

export const moderationRoutes: FastifyPluginAsync = async (app) => {
  const bodyLimit = jsonBodyLimit(MODERATION_REASON_MAX);

  app.get<{ Querystring: Record<string, unknown> }>('/moderation/reports', async (request) => {
    requireModerator(request);
    const query = await validateInput(listQuerySchema, request.query);
    const status = query.status === 'closed' ? 'closed' : 'open';
    const page = pageQuery(request.query, TASK_UUID);
    return { data: await listReportGroups(app.db, status, page) };
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    '/moderation/question-reports',
    async (request) => {
      requireModerator(request);
      const query = await validateInput(listQuerySchema, request.query);
      const status = query.status === 'closed' ? 'closed' : 'open';
      const page = pageQuery(request.query, QUESTION_ID);
      return { data: await listQuestionReportGroups(app.db, status, page) };
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>('/moderation/log', async (request) => {
    requireModerator(request);
    const { entries, next_cursor } = await listLog(app.db, pageQuery(request.query, LOG_ID));
    return { data: entries, meta: { next_cursor } };
  });

  /**
   * One decision route: moderator, the path's id (`parse` gives null for a malformed one: 404),
   * reason (a note for the undoing actions), then the decision and its audit row in one
   * transaction, then the pushes.
   */
  const decisionRoute = <Id>(
    path: `${string}/:${'uuid' | 'id'}/${string}`,
    optionalReason: boolean,
    parse: (raw: string) => Id | null,
    decide: (
      tx: Queryable,
      moderatorUuid: string,
      id: Id,
      reason: string,
    ) => Promise<DecisionResult<unknown>>,
  ) =>
    app.post<{ Params: { uuid?: string; id?: string } }>(path, { bodyLimit }, async (request) => {
      const moderator = requireModerator(request);
      const id = parse(request.params.uuid ?? request.params.id ?? '');
      if (id === null) throw notFound();
      const form = await validateBody(
        optionalReason ? moderationNoteSchema : moderationReasonSchema,
        request.body,
      );
      const result = await app.db.transaction((tx) => decide(tx, moderator.uuid, id, form.reason));
      await publish(app, result);
      return { data: result.data };
    });
  const uuidParam = (raw: string): string | null => (isUuid(raw) ? raw.toLowerCase() : null);

  for (const action of ['hide', 'restore', 'dismiss'] as const satisfies readonly TaskDecision[]) {
    decisionRoute(
      `/moderation/tasks/:uuid/${action}`,
      action === 'restore',
      uuidParam,
      (tx, by, uuid, why) => decideTask(tx, by, uuid, action, why),
    );
  }
  for (const action of ['suspend', 'unsuspend'] as const) {
    decisionRoute(
      `/moderation/users/:uuid/${action}`,
      action === 'unsuspend',
      uuidParam,
      (tx, by, uuid, why) => decideUser(tx, by, uuid, action, why),
    );
  }
  // Reported questions (issue 20): hide the question or dismiss its reports.
  for (const action of ['hide', 'dismiss'] as const satisfies readonly QuestionDecision[]) {
    decisionRoute(
      `/moderation/questions/:id/${action}`,
      false,
      parseQuestionId,
      (tx, by, id, why) => decideQuestion(tx, by, id, action, why),
    );
  }
};
