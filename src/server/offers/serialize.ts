/**
 * Offers in the API's shape (src/shared/types.ts Offer). The serialisation itself (hash included)
 * lives in ../tasks/loadTask so the task payload and the offer routes can never disagree.
 */
import type { Offer } from '../../shared/types';
import type { Db } from '../db/db';
import { loadOffers } from '../tasks/loadTask';
import { offersVisibleTo } from '../tasks/privacy';

/** One offer of a task as this viewer may see it (offersVisibleTo), or null. */
export async function loadOffer(
  db: Db,
  task: { uuid: string; author_uuid: string },
  offerUuid: string,
  viewerUuid: string,
): Promise<Offer | null> {
  const offers = offersVisibleTo(await loadOffers(db, task.uuid), task.author_uuid, viewerUuid);
  return offers.find((offer) => offer.uuid === offerUuid) ?? null;
}
