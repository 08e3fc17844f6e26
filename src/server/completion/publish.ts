/**
 * Double-blind reviews (issue 19; docs/COMPLETION.md): a review nobody answered becomes visible
 * REVIEW_BLIND_DAYS after it was written. Who may see it is decided when read (isReviewVisible,
 * exact to the second); ratings are stored averages of published reviews, so this sweep publishes
 * the reviews whose days have passed and refreshes their targets' ratings. It runs when the server
 * starts and then every PUBLISH_INTERVAL_MS (app.ts); tests call it with the time they want.
 */
import { REVIEW_BLIND_DAYS } from '../../shared/reviews';
import type { Db } from '../db/db';
import { refreshRating } from './complete';

/** A rating may lag this much behind a review that turned visible on its own. */
export const PUBLISH_INTERVAL_MS = 15 * 60 * 1000;

/** Publishes the lone reviews older than REVIEW_BLIND_DAYS at `now`; answers how many. */
export async function publishDueReviews(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const published = await tx.query<{ target_uuid: string; target_role: string }>(
      `UPDATE reviews SET published_at = $1::timestamptz
        WHERE published_at IS NULL
          AND created_at <= $1::timestamptz - make_interval(days => ${REVIEW_BLIND_DAYS})
        RETURNING target_uuid, target_role`,
      [now.toISOString()],
    );
    const targets = new Map<string, { uuid: string; role: 'customer' | 'freelancer' }>();
    for (const row of published) {
      const role = row.target_role === 'customer' ? 'customer' : 'freelancer';
      targets.set(`${row.target_uuid}:${role}`, { uuid: row.target_uuid, role });
    }
    for (const { uuid, role } of targets.values()) await refreshRating(tx, uuid, role);
    return published.length;
  });
}
