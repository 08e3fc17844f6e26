/**
 * Offers on a task (SPEC sections 4, 5 'Offer', 6, 7; issue 5): list, single, create, update,
 * delete, choose. Every change pushes tasks.view for the task, so open pages refetch.
 *
 * Status decisions:
 * - A second offer by the same freelancer is 403 (the machine's MAKE_OFFER refuses an 'offerer'; a
 *   race is caught by UNIQUE (task_uuid, freelancer_uuid) and answered the same).
 * - Choosing when an offer is already chosen is 409, like a hash mismatch (not 423).
 * - The owner's optional not_chosen_reason must be one of NOT_CHOSEN_REASONS (422 otherwise).
 * - A visitor gets 401 wherever a user is needed, including GET of a single offer.
 */
import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { isNotChosenReason, type NotChosenReason } from '../../shared/notChosenReasons';
import { takesOffers } from '../../shared/taskLifecycle';
import { OFFER_DESCRIPTION_MAX, offerFormSchema } from '../../shared/validation/offer';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import { requireUser } from '../auth/session';
import { forbidden, HttpError, notFound } from '../errors';
import { jsonBodyLimit } from '../plugins/jsonBody';
import { notifyNotChosen } from '../offers/notify';
import {
  chooseOffer,
  createOffer,
  deleteOffer,
  findOfferRecord,
  ownOfferOf,
  findTask,
  findTaskRef,
  machineAllows,
  updateOffer,
} from '../offers/offers';
import { loadOffer } from '../offers/serialize';
import { notifyTaskChanged } from '../push/plugin';
import { loadTask, loadVisibleOffers } from '../tasks/loadTask';
import { validateBody } from '../validate';
import '../types';

const chooseSchema = yup.object({
  hash: yup.string().strict().typeError(ref(m.invalid)).required(ref(m.required)),
  // Optional (issue 19): shown to the freelancers who were not chosen, each on their own offer.
  not_chosen_reason: yup
    .mixed<NotChosenReason>()
    .test('reason', ref(m.oneOf), (value) => value == null || isNotChosenReason(value))
    .nullable()
    .default(null),
});

type TaskParams = { Params: { taskUuid: string } };
type OfferParams = { Params: { taskUuid: string; offerUuid: string } };

export const offerRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  /** The offers this viewer may see, like the task payload: owner all (chosen first), a
   * freelancer their own, everyone else none. */
  app.get<TaskParams>('/tasks/:taskUuid/offers', async (request) => {
    const task = await findTaskRef(db, request.params.taskUuid);
    return { data: await loadVisibleOffers(db, task, request.user) };
  });

  /** The task's owner or the offer's freelancer. */
  app.get<OfferParams>('/tasks/:taskUuid/offers/:offerUuid', async (request) => {
    const user = requireUser(request);
    const task = await findTaskRef(db, request.params.taskUuid);
    const record = await findOfferRecord(db, task.uuid, request.params.offerUuid);
    if (user.uuid !== task.author_uuid && user.uuid !== record.freelancer_uuid) throw forbidden();
    const offer = await loadOffer(db, task, record.uuid, user.uuid);
    if (!offer) throw notFound();
    return { data: offer };
  });

  /** A freelancer without an offer, while the task is open, unexpired and has no chosen offer. */
  app.post<TaskParams>(
    '/tasks/:taskUuid/offers',
    {
      bodyLimit: jsonBodyLimit(OFFER_DESCRIPTION_MAX),
      config: {
        rateLimit: {
          // Per user (or address, for visitors): config.offerRateLimit (OFFER_RATE_LIMIT).
          max: app.config.offerRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request) => `offers:${request.user?.uuid ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const loaded = await findTask(request, request.params.taskUuid, user);
      if (!machineAllows(loaded, user, { type: 'MAKE_OFFER' })) throw forbidden();
      if (!takesOffers(loaded.task)) throw new HttpError(403, 'offers.author_deleted');
      const form = await validateBody(offerFormSchema, request.body);
      const uuid = await createOffer(db, loaded.task.uuid, user.uuid, form);
      await notifyTaskChanged(app, loaded.task.uuid);
      const offer = await loadOffer(
        db,
        { uuid: loaded.task.uuid, author_uuid: loaded.authorUuid },
        uuid,
        user.uuid,
      );
      // SPEC section 7: data[0] is the offer.
      return reply.code(201).send({ data: offer ? [offer] : [] });
    },
  );

  /** Its freelancer, while no offer is chosen; 403 means locked (SPEC section 8). */
  const offerBody = { bodyLimit: jsonBodyLimit(OFFER_DESCRIPTION_MAX) };
  app.put<OfferParams>('/tasks/:taskUuid/offers/:offerUuid', offerBody, async (request) => {
    const user = requireUser(request);
    const loaded = await findTask(request, request.params.taskUuid, user);
    const offerUuid = await ownOfferOf(db, loaded, request.params.offerUuid, user.uuid);
    if (!machineAllows(loaded, user, { type: 'EDIT_OFFER' })) throw forbidden();
    const form = await validateBody(offerFormSchema, request.body);
    await updateOffer(db, loaded.task.uuid, offerUuid, user.uuid, form);
    await notifyTaskChanged(app, loaded.task.uuid);
    // The task as the freelancer now sees it, read again through the read model (the write above
    // dropped its row): the next read of the task, theirs or anyone's, finds it there.
    const after = await findTask(request, loaded.task.uuid, user);
    const offer = after.task.offers.find((o) => o.uuid === offerUuid);
    if (!offer) throw notFound();
    return { data: offer };
  });

  /** Its freelancer, while no offer is chosen. 204. */
  app.delete<OfferParams>('/tasks/:taskUuid/offers/:offerUuid', async (request, reply) => {
    const user = requireUser(request);
    const loaded = await findTask(request, request.params.taskUuid, user);
    const offerUuid = await ownOfferOf(db, loaded, request.params.offerUuid, user.uuid);
    if (!machineAllows(loaded, user, { type: 'DELETE_OFFER' })) throw forbidden();
    await deleteOffer(db, loaded.task.uuid, offerUuid, user.uuid);
    await notifyTaskChanged(app, loaded.task.uuid);
    return reply.code(204).send();
  });

  /**
   * The owner chooses an offer by the hash it was shown with: 409 when the offer changed since
   * (or an offer is already chosen). Answers the task as the owner now sees it.
   */
  app.post<OfferParams>('/tasks/:taskUuid/offers/:offerUuid/choose', async (request) => {
    const user = requireUser(request);
    const loaded = await findTask(request, request.params.taskUuid, user);
    if (loaded.authorUuid !== user.uuid) throw forbidden();
    await findOfferRecord(db, loaded.task.uuid, request.params.offerUuid);
    const { hash, not_chosen_reason: reason } = await validateBody(chooseSchema, request.body);
    const { notifyNotChosen: freelancers } = await chooseOffer(
      db,
      loaded,
      user,
      request.params.offerUuid,
      hash,
      reason ?? null,
    );
    await notifyTaskChanged(app, loaded.task.uuid);
    await notifyNotChosen(app, freelancers, loaded.task, reason ?? null);
    const task = await loadTask(db, loaded.task.uuid, user, request.locale);
    if (!task) throw notFound();
    return { data: task };
  });
};
