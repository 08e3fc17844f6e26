/**
 * Offers in the API's shape (src/shared/types.ts Offer). The serialisation itself (hash included)
 * lives in ../tasks/loadTask so the task payload and the offer routes can never disagree.
 */
import type { Offer } from '../../shared/types';
import type { Db } from '../db/db';
import { loadOffers } from '../tasks/loadTask';

/** One offer of a task as the Offer payload, or null. */
export async function loadOffer(
  db: Db,
  taskUuid: string,
  offerUuid: string,
): Promise<Offer | null> {
  const offers = await loadOffers(db, taskUuid);
  return offers.find((offer) => offer.uuid === offerUuid) ?? null;
}
