/**
 * Double-blind reviews (issue 19; docs/COMPLETION.md). Neither party of a task sees the other's
 * rating and feedback until both have reviewed or REVIEW_BLIND_DAYS have passed since the first
 * review; until then a review is shown to its author only. The second review publishes both
 * (reviews.published_at); a single review becomes visible on its own when its days have passed.
 * The server applies this rule to every response (task, profile); the SPA only shows what it got.
 */

/** Days after the first review when it becomes visible even if the other party never reviews. */
export const REVIEW_BLIND_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a review written at `createdAt` becomes visible at the latest. */
export function reviewVisibleAt(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + REVIEW_BLIND_DAYS * DAY_MS);
}

/** Published (both reviewed), or its blind days have passed by `now`. */
export function isReviewVisible(
  review: { published_at: Date | string | null; created_at: Date | string },
  now: Date,
): boolean {
  return review.published_at !== null || reviewVisibleAt(review.created_at) <= now;
}
