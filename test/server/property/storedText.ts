/**
 * Issue 14 (High 2): every stored text has a maximum. After a write the property tests accepted,
 * no user-written column holds more than its limit: a schema that lets a huge string through
 * (a 900 KB address was stored) fails here even though the answer was a 2xx.
 */
import fc from 'fast-check';
import { LIMITS } from '../../../src/shared/limits';
import { EMAIL_MAX, NAME_MAX } from '../../../src/shared/validation/auth';
import { MODERATION_REASON_MAX } from '../../../src/shared/validation/moderation';
import { OFFER_DESCRIPTION_MAX } from '../../../src/shared/validation/offer';
import { DISPLAY_NAME_MAX } from '../../../src/shared/validation/profile';
import type { Queryable } from '../../../src/server/db/db';

/** `table.column` -> its limit in characters. */
export const STORED_TEXT_LIMITS: Record<string, number> = {
  'users.email': EMAIL_MAX,
  'users.full_name': NAME_MAX,
  'users.display_name': DISPLAY_NAME_MAX,
  'users.phone_number': 32,
  'tasks.title': LIMITS.titleMax,
  'tasks.description': LIMITS.descriptionMax,
  'task_locations.address': LIMITS.addressMax,
  'task_locations.city': LIMITS.cityMax,
  'offers.description': OFFER_DESCRIPTION_MAX,
  'reviews.feedback': LIMITS.feedbackMax,
  'reports.message': LIMITS.reportMax,
  'chat_messages.body': LIMITS.chatMessageMax,
  'task_questions.message': LIMITS.questionMax,
  'task_questions.answer': LIMITS.answerMax,
  'question_reports.message': LIMITS.reportMax,
  'pending_registrations.email': EMAIL_MAX,
  'pending_registrations.full_name': NAME_MAX,
  // Task alerts (issue 20).
  'task_alerts.address': LIMITS.addressMax,
  // Reported questions in the moderation queue (issue 20): a moderator's reason for hiding one.
  'task_questions.hidden_reason': MODERATION_REASON_MAX,
};

/** The columns whose longest value is over its limit, as 'table.column: length > limit'. */
export async function storedTextOverLimits(db: Queryable): Promise<string[]> {
  const columns = Object.keys(STORED_TEXT_LIMITS);
  const select = columns
    .map((name, i) => {
      const [table, column] = name.split('.');
      return `(SELECT coalesce(max(char_length(${column})), 0) FROM ${table}) AS c${i}`;
    })
    .join(', ');
  const [row] = await db.query<Record<string, number>>(`SELECT ${select}`);
  return columns.flatMap((name, i) => {
    const longest = Number(row[`c${i}`]);
    return longest > STORED_TEXT_LIMITS[name]
      ? [`${name}: ${longest} > ${STORED_TEXT_LIMITS[name]}`]
      : [];
  });
}

/** Lengths past each kind of limit, up to the 900 KB address of issue 14. */
const HUGE_LENGTHS = [256, 1001, 2001, 5001, 100_000, 900_000];

/** The valid body with exactly one field replaced by a huge string (the rest stays valid). */
export function oneFieldHuge<T extends Record<string, unknown>>(base: T): fc.Arbitrary<T> {
  const names = Object.keys(base);
  if (names.length === 0) return fc.constant(base);
  return fc
    .record({
      name: fc.constantFrom(...names),
      length: fc.constantFrom(...HUGE_LENGTHS),
      unit: fc.constantFrom('a', 'ā'),
    })
    .map(({ name, length, unit }) => ({ ...base, [name]: unit.repeat(length) }));
}
