/**
 * Public questions on a task (issue 20; docs/QUESTIONS.md):
 *
 *   GET    /api/tasks/:taskUuid/questions               everyone, visitors included
 *   POST   /api/tasks/:taskUuid/questions {message}     signed in, not the owner, while open: 201
 *   POST   /api/tasks/:taskUuid/questions/:id/answer    the owner, while open: 200 (replaces)
 *   DELETE /api/tasks/:taskUuid/questions/:id           the owner hides it: 204
 *   POST   /api/tasks/:taskUuid/questions/:id/report    anyone but its asker, visitors too: 201
 *
 * 401 for a visitor where a user is needed, 403 for the wrong role, 403 questions.closed once an
 * offer is chosen, 404 for an unknown task or question, 422 with field errors, 429 past
 * config.questionRateLimit (QUESTION_RATE_LIMIT) writes a minute (per user; reports per address).
 * Every change pushes tasks.view for the task, so open pages refetch the questions.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  answerSchema,
  ANSWER_MAX,
  QUESTION_MAX,
  questionSchema,
} from '../../shared/validation/question';
import { REPORT_MESSAGE_MAX, reportSchema } from '../../shared/validation/report';
import { requireUser } from '../auth/session';
import { TASK_TTL_MS } from '../cache/readModel';
import { forbidden, HttpError } from '../errors';
import { jsonBodyLimit } from '../plugins/jsonBody';
import { notifyTaskChanged } from '../push/plugin';
import {
  addQuestion,
  answerQuestion,
  findQuestion,
  findQuestionTask,
  hideQuestion,
  listQuestions,
  questionsClosed,
} from '../questions/questions';
import { insertReportOnce } from '../reports/insertReportOnce';
import { validateBody } from '../validate';
import '../types';

type TaskParams = { Params: { taskUuid: string } };
type QuestionParams = { Params: { taskUuid: string; id: string } };

export const questionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const perUser = {
    rateLimit: {
      max: app.config.questionRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request: { user?: { uuid: string } | null; ip: string }) =>
        `questions:${request.user?.uuid ?? request.ip}`,
    },
  };
  const perAddress = { rateLimit: { max: app.config.questionRateLimit, timeWindow: '1 minute' } };

  app.get<TaskParams>('/tasks/:taskUuid/questions', async (request) => {
    const uuid = request.params.taskUuid.toLowerCase();
    // The same answer for every viewer: kept by the read model until a write to the task, its
    // questions or a user (cache/readModel.ts), or TASK_TTL_MS.
    const data = await app.readModel.questions.through(
      uuid,
      async () => listQuestions(db, await findQuestionTask(db, uuid)),
      TASK_TTL_MS,
    );
    return { data };
  });

  app.post<TaskParams>(
    '/tasks/:taskUuid/questions',
    { config: perUser, bodyLimit: jsonBodyLimit(QUESTION_MAX) },
    async (request, reply) => {
      const user = requireUser(request);
      const task = await findQuestionTask(db, request.params.taskUuid);
      if (user.uuid === task.author_uuid) throw forbidden();
      if (!task.open) throw questionsClosed();
      const { message } = await validateBody(questionSchema, request.body);
      const question = await addQuestion(db, task.uuid, user.uuid, message.trim());
      await notifyTaskChanged(app, task.uuid);
      return reply.code(201).send({ data: question });
    },
  );

  app.post<QuestionParams>(
    '/tasks/:taskUuid/questions/:id/answer',
    { config: perUser, bodyLimit: jsonBodyLimit(ANSWER_MAX) },
    async (request) => {
      const user = requireUser(request);
      const task = await findQuestionTask(db, request.params.taskUuid);
      if (user.uuid !== task.author_uuid) throw forbidden();
      const question = await findQuestion(db, task, request.params.id);
      if (!task.open) throw questionsClosed();
      const { message } = await validateBody(answerSchema, request.body);
      const answered = await answerQuestion(db, task.uuid, question.id, message.trim());
      await notifyTaskChanged(app, task.uuid);
      return { data: answered };
    },
  );

  app.delete<QuestionParams>(
    '/tasks/:taskUuid/questions/:id',
    { config: perUser },
    async (request, reply) => {
      const user = requireUser(request);
      const task = await findQuestionTask(db, request.params.taskUuid);
      if (user.uuid !== task.author_uuid) throw forbidden();
      const question = await findQuestion(db, task, request.params.id);
      await hideQuestion(db, question.id);
      await notifyTaskChanged(app, task.uuid);
      return reply.code(204).send();
    },
  );

  app.post<QuestionParams>(
    '/tasks/:taskUuid/questions/:id/report',
    { config: perAddress, bodyLimit: jsonBodyLimit(REPORT_MESSAGE_MAX) },
    async (request, reply) => {
      const task = await findQuestionTask(db, request.params.taskUuid);
      const question = await findQuestion(db, task, request.params.id);
      if (request.user?.uuid === question.author_uuid) throw forbidden();
      const form = await validateBody(reportSchema, request.body);
      const inserted = await insertReportOnce(
        db,
        request,
        reply,
        { kind: 'question', id: question.id },
        form.message,
      );
      if (!inserted) throw new HttpError(403, 'questions.already_reported');
      return reply.code(201).send({ data: { reported: true } });
    },
  );
};
