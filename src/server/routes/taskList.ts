/**
 * GET /api/tasks: the filtered, sorted, paginated task list (issue 7). The same query serves the
 * home page's recent tasks and a profile's posted tasks (listTasks).
 */
import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { LIMITS } from '../../shared/limits';
import type { Locale } from '../../shared/locales';
import { approximateAddress } from '../../shared/places';
import type {
  DueType,
  Paginated,
  TaskListSort,
  TaskListStatus,
  TaskSummary,
} from '../../shared/types';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import type { Queryable } from '../db/db';
import { jsonAnswer, sendJsonAnswer } from '../cache/jsonAnswer';
import { LIST_TTL_MS } from '../cache/readModel';
import { FieldErrors } from '../errors';
import { pickLocale } from '../i18n';
import { AUTHOR_COLUMNS_SQL, authorOf, uploadUrl, type AuthorColumns } from '../users';
import {
  intParam,
  iso,
  listParam,
  localNow,
  paginationMeta,
  paginationSchema,
  scalarParam,
  sqlParams,
  type RawQuery,
} from './browseQuery';
import { LOCATION_FILTERS, TASK_LIST_SORTS, TASK_LIST_STATUSES } from '../../shared/taskList';
import '../types';

const SEARCH_MAX = LIMITS.searchMax;
// A stored place's city may be this long (src/shared/limits.ts), so a filter may name it.
const CITY_MAX = LIMITS.cityMax;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface TaskListFilter {
  /** Category slugs; a parent includes its descendants. */
  categories?: string[];
  statuses?: TaskListStatus[];
  q?: string;
  city?: string;
  location?: (typeof LOCATION_FILTERS)[number];
  budget_min?: number;
  budget_max?: number;
  /** Internal (profiles): tasks this user posted. */
  author_uuid?: string;
  /** Internal (task alerts): tasks that reached this user, the newest match first. */
  matched_for?: string;
  sort: TaskListSort;
  page: number;
  per_page: number;
}

const budget = () =>
  intParam(LIMITS.budgetMin, LIMITS.budgetMax, { min: m.budgetMin, max: m.budgetMax });

const querySchema = yup.object({
  categories: yup
    .array()
    .of(yup.string().defined())
    .test('slugs', ref(m.unknownCategory), (v) => (v ?? []).every((s) => SLUG_PATTERN.test(s)))
    .max(20, ref(m.tooManyCategories, { max: 20 }))
    .default([]),
  status: yup
    .array()
    .of(yup.string().defined())
    .test('statuses', ref(m.oneOf), (v) =>
      (v ?? []).every((s) => (TASK_LIST_STATUSES as readonly string[]).includes(s)),
    )
    .default([]),
  q: yup
    .string()
    .max(SEARCH_MAX, ref(m.maxLength, { max: SEARCH_MAX }))
    .optional(),
  city: yup
    .string()
    .max(CITY_MAX, ref(m.maxLength, { max: CITY_MAX }))
    .optional(),
  location: yup.string().oneOf(LOCATION_FILTERS, ref(m.oneOf)).optional(),
  budget_min: budget(),
  budget_max: budget().test(
    'range',
    ref(m.budgetRange),
    (max, ctx) =>
      max === undefined ||
      typeof ctx.parent.budget_min !== 'number' ||
      ctx.parent.budget_min <= max,
  ),
  sort: yup.string().oneOf(TASK_LIST_SORTS, ref(m.oneOf)).default('newest'),
  ...paginationSchema,
});

/** Query string -> filter; a broken parameter is a 422 on that parameter's name. */
export async function parseTaskListQuery(query: RawQuery): Promise<TaskListFilter> {
  const input = {
    categories: listParam(query, 'categories'),
    status: listParam(query, 'status'),
    q: scalarParam(query, 'q'),
    city: scalarParam(query, 'city'),
    location: scalarParam(query, 'location'),
    budget_min: scalarParam(query, 'budget_min'),
    budget_max: scalarParam(query, 'budget_max'),
    sort: scalarParam(query, 'sort'),
    page: scalarParam(query, 'page'),
    per_page: scalarParam(query, 'per_page'),
  };
  const form = await querySchema.validate(input, { abortEarly: false, stripUnknown: true });
  return {
    categories: form.categories,
    statuses: form.status as TaskListStatus[],
    q: form.q,
    city: form.city,
    location: form.location,
    budget_min: form.budget_min,
    budget_max: form.budget_max,
    sort: form.sort as TaskListSort,
    page: form.page,
    per_page: form.per_page,
  };
}

/** Category ids of the given slugs and all their descendants; an unknown slug is a 422. */
export async function categoryIdsWithDescendants(
  db: Queryable,
  slugs: readonly string[],
  field = 'categories',
): Promise<number[]> {
  const found = await db.query<{ slug: string }>(
    'SELECT slug FROM categories WHERE slug = ANY($1::text[])',
    [slugs],
  );
  if (found.length !== slugs.length) throw new FieldErrors({ [field]: [ref(m.unknownCategory)] });
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE sub AS (
       SELECT id FROM categories WHERE slug = ANY($1::text[])
       UNION
       SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
     )
     SELECT id FROM sub ORDER BY id`,
    [slugs],
  );
  return rows.map((r) => Number(r.id));
}

/** 'Rīga  santeh!' -> "'rīga':* & 'santeh':*": every word as a prefix; null when nothing is left. */
export function prefixTsQuery(q: string): string | null {
  const words = q
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, 10);
  return words.length === 0 ? null : words.map((w) => `'${w}':*`).join(' & ');
}

const STATUS_SQL: Record<TaskListStatus, (now: () => string) => string> = {
  open: (now) => `(t.status IN ('new', 'open') AND (t.due_end IS NULL OR t.due_end > ${now()}))`,
  in_progress: (now) =>
    `(t.status = 'in_progress' AND (t.due_end IS NULL OR t.due_end > ${now()}))`,
  completed: () => `t.status = 'completed'`,
  incomplete: () => `t.status = 'incomplete'`,
  // SPEC section 4: an end date not in the future, and not completed or incomplete.
  expired: (now) =>
    `(t.due_end IS NOT NULL AND t.due_end <= ${now()} AND t.status NOT IN ('completed', 'incomplete'))`,
};

/**
 * Every sort lists first the tasks that take offers (open and not expired), then those in progress,
 * then the closed ones (expired, completed, not completed): a visitor looks for work to offer on.
 */
const availabilityRank = (now: () => string): string =>
  `CASE WHEN ${STATUS_SQL.open(now)} THEN 0 WHEN ${STATUS_SQL.in_progress(now)} THEN 1 ELSE 2 END`;

const ORDER_SQL: Record<TaskListSort, string> = {
  newest: 't.created_at DESC, t.uuid DESC',
  deadline: 't.due_end ASC NULLS LAST, t.created_at DESC, t.uuid DESC',
  budget_desc: 't.budget_to DESC, t.budget_from DESC, t.created_at DESC, t.uuid DESC',
  budget_asc: 't.budget_from ASC, t.budget_to ASC, t.created_at DESC, t.uuid DESC',
};

/** A task list row: the task's columns and its author's (AUTHOR_COLUMNS_SQL). */
interface SummaryRow extends AuthorColumns {
  uuid: string;
  identifier: string;
  title: string;
  status: string;
  budget_from: number;
  budget_to: number;
  due_type: DueType;
  due_start: string | null;
  due_end: string | null;
  location_type: string;
  created_at: Date | string;
  category_id: number;
  category_slug: string;
  category_title: string;
  city: string | null;
  address: string | null;
  thumbnail_path: string | null;
  offers_count: number;
}

function toSummary(row: SummaryRow, now: number): TaskSummary {
  const specific = row.location_type === 'specific';
  return {
    uuid: row.uuid,
    identifier: row.identifier,
    title: row.title,
    status: row.status,
    category: { id: row.category_id, slug: row.category_slug, title: row.category_title },
    budget_from: row.budget_from,
    budget_to: row.budget_to,
    due_type: row.due_type,
    due_start: row.due_start,
    due_end: row.due_end,
    location_type: row.location_type,
    city: specific && row.city ? row.city : null,
    approximate_address: specific && row.address ? approximateAddress(row.address) : null,
    offers_count: Number(row.offers_count),
    created_at: iso(row.created_at),
    author: authorOf(row, now),
    thumbnail: row.thumbnail_path ? uploadUrl(row.thumbnail_path) : null,
  };
}

export async function listTasks(
  db: Queryable,
  filter: TaskListFilter,
  locale: Locale,
  now = new Date(),
): Promise<Paginated<TaskSummary>> {
  const { params, p } = sqlParams();
  // A task a moderator hid leaves every list and count (issue 19).
  const where: string[] = ['t.hidden_at IS NULL'];

  if (filter.categories && filter.categories.length > 0) {
    const ids = await categoryIdsWithDescendants(db, filter.categories);
    where.push(`t.category_id = ANY(${p(ids)}::int[])`);
  }
  // Every parameter sent must be used by the statement, so 'now' is added only when needed.
  let nowParam: string | null = null;
  const nowSql = () => (nowParam ??= `${p(localNow(now))}::timestamp`);
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`(${filter.statuses.map((s) => STATUS_SQL[s](nowSql)).join(' OR ')})`);
  }
  const tsQuery = filter.q ? prefixTsQuery(filter.q) : null;
  if (tsQuery) {
    where.push(
      `to_tsvector('simple', t.title || ' ' || t.description) @@ to_tsquery('simple', ${p(tsQuery)})`,
    );
  }
  const inCity = filter.city
    ? `EXISTS (SELECT 1 FROM task_locations l
                WHERE l.task_uuid = t.uuid AND lower(l.city) = lower(${p(filter.city)}))`
    : null;
  if (filter.location === 'anywhere') {
    // A city and 'anywhere' together: tasks in that city plus those that can be done anywhere.
    where.push(
      inCity ? `(t.location_type = 'anywhere' OR ${inCity})` : `t.location_type = 'anywhere'`,
    );
  } else {
    if (filter.location === 'specific') where.push(`t.location_type = 'specific'`);
    if (inCity) where.push(inCity);
  }
  // Ranges overlap: the task's budget reaches the minimum and starts at or below the maximum.
  if (filter.budget_min !== undefined) where.push(`t.budget_to >= ${p(filter.budget_min)}`);
  if (filter.budget_max !== undefined) where.push(`t.budget_from <= ${p(filter.budget_max)}`);
  if (filter.author_uuid) where.push(`t.author_uuid = ${p(filter.author_uuid)}::uuid`);
  const matchedAt = filter.matched_for
    ? `(SELECT am.created_at FROM task_alert_matches am
         WHERE am.task_uuid = t.uuid AND am.user_uuid = ${p(filter.matched_for)}::uuid)`
    : null;
  if (matchedAt) where.push(`${matchedAt} IS NOT NULL`);

  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  // The filter's params, before the page's are added: the fallback count below reuses them.
  const filterParams = [...params];

  const orderSql = matchedAt
    ? `${matchedAt} DESC, t.uuid DESC`
    : `${availabilityRank(nowSql)}, ${ORDER_SQL[filter.sort]}`;
  const localeParam = p(locale);
  const limit = p(filter.per_page);
  const offset = p((filter.page - 1) * filter.per_page);
  // The total rides along on every row (the window is counted before LIMIT): one statement per
  // page; only an empty page (past the end, or nothing matches) needs its own count.
  const rows = await db.query<SummaryRow & { total: number }>(
    `SELECT t.uuid, t.identifier, t.title, t.status, t.budget_from, t.budget_to, t.due_type,
            to_char(t.due_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_start,
            to_char(t.due_end, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_end,
            t.location_type, t.created_at,
            c.id AS category_id, c.slug AS category_slug,
            COALESCE(c.title ->> ${localeParam}, c.title ->> 'en', c.title ->> 'lv', c.slug)
              AS category_title,
            ${AUTHOR_COLUMNS_SQL},
            loc.city, loc.address, img.thumbnail_path,
            (SELECT count(*)::int FROM offers o WHERE o.task_uuid = t.uuid) AS offers_count,
            count(*) OVER ()::int AS total
       FROM tasks t
       JOIN categories c ON c.id = t.category_id
       JOIN users u ON u.uuid = t.author_uuid
       LEFT JOIN LATERAL (
         SELECT l.city, l.address FROM task_locations l
          WHERE l.task_uuid = t.uuid ORDER BY l.position, l.id LIMIT 1
       ) loc ON true
       LEFT JOIN LATERAL (
         SELECT i.thumbnail_path FROM task_images i
          WHERE i.task_uuid = t.uuid ORDER BY i.position, i.created_at LIMIT 1
       ) img ON true
       ${whereSql}
      ORDER BY ${orderSql}
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : (
          await db.query<{ total: number }>(
            `SELECT count(*)::int AS total FROM tasks t ${whereSql}`,
            filterParams,
          )
        )[0].total;
  const nowMs = now.getTime();
  return {
    data: rows.map((row) => toSummary(row, nowMs)),
    meta: paginationMeta(filter.page, filter.per_page, total),
  };
}

export const taskListRoutes: FastifyPluginAsync = async (app) => {
  // Pages are kept in the read model (cache/readModel.ts), serialized (cache/jsonAnswer.ts), until
  // any task write or LIST_TTL_MS, by the query string as it came (a repeated request is not even
  // validated again: only a valid query's answer is kept) and the locale it is answered in.
  app.get<{ Querystring: RawQuery }>(
    '/tasks',
    { config: { httpCache: true } },
    async (request, reply) => {
      const locale = pickLocale(request.query.locale, request.headers['accept-language']);
      const url = request.raw.url ?? request.url;
      const queryAt = url.indexOf('?');
      const answer = await app.readModel.lists.through(
        `${locale}\n${queryAt === -1 ? '' : url.slice(queryAt + 1)}`,
        async () => {
          const filter = await parseTaskListQuery(request.query);
          return jsonAnswer(await listTasks(app.db, filter, locale));
        },
        LIST_TTL_MS,
      );
      return sendJsonAnswer(reply, answer);
    },
  );
};
