/**
 * Personal push events (the hub's publishUser). Like notifyTaskChanged, never throws: a lost push
 * must not fail the request that made the change (the page shows fresh data on its next load).
 */
import type { FastifyInstance } from 'fastify';
import type { NotChosenReason } from '../../shared/notChosenReasons';
import type { OfferNotChosenPushEvent } from '../../shared/types';
import '../push/plugin';

export async function notifyUser(
  app: FastifyInstance,
  userUuid: string,
  event: { handler: string },
): Promise<void> {
  try {
    await app.push.publishUser(userUuid, { ...event });
  } catch (err) {
    app.log.warn({ err, userUuid, handler: event.handler }, 'push: publishing a user event failed');
  }
}

/**
 * Tells each freelancer who asked (notify_if_not_chosen) that the owner chose another offer, with
 * the owner's reason if they gave one. Those who did not ask see it on the task page only.
 */
export async function notifyNotChosen(
  app: FastifyInstance,
  freelancerUuids: readonly string[],
  task: { uuid: string; identifier: string; title: string },
  reason: NotChosenReason | null = null,
): Promise<void> {
  // What the freelancer saw on the task page: its title and the slug of its link.
  const event: OfferNotChosenPushEvent = {
    handler: 'offers.not_chosen',
    task_uuid: task.uuid,
    task_identifier: task.identifier,
    task_title: task.title,
    reason,
  };
  await Promise.all(freelancerUuids.map((uuid) => notifyUser(app, uuid, event)));
}
