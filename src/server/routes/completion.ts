/**
 * POST /api/tasks/:taskUuid/complete (SPEC sections 4, 5 and 7): the owner or the chosen freelancer
 * locks the task and rates the other party, or, once the other party has locked it, adds their own
 * review. Rules and status codes: src/server/completion/complete.ts and docs/COMPLETION.md.
 *
 * 200 { data: { kind: 'completed' | 'incomplete' | 'cancelled', step: 'lock' | 'review', task: Task } }:
 * kind is the caller's own answer, step says whether it decided the task's status ('lock') or only
 * added their review to a task the other party had locked ('review'), task is the task as the
 * caller now sees it. Every open page of the task gets tasks.view and refetches.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CompletionStep } from '../../shared/taskLifecycle';
import type { Task } from '../../shared/types';
import type { CompletionKind } from '../../shared/validation/completion';
import { requireUser } from '../auth/session';
import { completeTask } from '../completion/complete';
import { notFound } from '../errors';
import { pickLocale } from '../i18n';
import { isUuid } from '../push/hub';
import { notifyTaskChanged } from '../push/plugin';
import { loadTaskEntry } from '../tasks/loadTask';
import '../types';

export interface CompletionResponse {
  data: { kind: CompletionKind; step: CompletionStep; task: Task };
}

export const completionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { taskUuid: string }; Querystring: { locale?: string } }>(
    '/tasks/:taskUuid/complete',
    async (request): Promise<CompletionResponse> => {
      const user = requireUser(request);
      const { taskUuid } = request.params;
      if (!isUuid(taskUuid)) throw notFound();
      const result = await completeTask(app.db, taskUuid.toLowerCase(), user, request.body);
      await notifyTaskChanged(app, result.taskUuid);

      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const loaded = await loadTaskEntry(app.db, result.taskUuid, user, locale);
      if (!loaded) throw notFound();
      // Per viewer: the caller has just reviewed, so nothing awaits them (awaitingActionFor would
      // say the same; loadTaskEntry may still send the stored, task-wide flag).
      loaded.task.awaiting_action = false;
      return { data: { kind: result.kind, step: result.step, task: loaded.task } };
    },
  );
};
