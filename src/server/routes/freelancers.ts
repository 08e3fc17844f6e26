/**
 * GET /api/freelancers: freelancer cards filtered by category and language, sorted and paginated,
 * with the parameters the task page links with (SPEC section 2).
 */
import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { isLocale, LOCALES, type Locale } from '../../shared/locales';
import type {
  CategoryRef,
  FreelancerCard,
  FreelancerSortBy,
  Paginated,
  SortDir,
} from '../../shared/types';
import { ref, validationMessages as m } from '../../shared/validation/messages';
import type { Queryable } from '../db/db';
import { FieldErrors } from '../errors';
import { pickLocale } from '../i18n';
import { isOnline, photoOf } from '../users';
import {
  listParam,
  numOrNull,
  paginationMeta,
  paginationSchema,
  scalarParam,
  sqlParams,
  type RawQuery,
} from './browseQuery';
import '../types';

export const FREELANCER_SORTS: readonly FreelancerSortBy[] = [
  'freelancer_rating',
  'completed_tasks',
  'newest',
];
const SORT_DIRS: readonly SortDir[] = ['asc', 'desc'];

export interface FreelancerFilter {
  categories: string[];
  languages: Locale[];
  sort_by: FreelancerSortBy;
  sort_dir: SortDir;
  page: number;
  per_page: number;
}

const querySchema = yup.object({
  categories: yup
    .array()
    .of(yup.string().defined())
    .max(20, ref(m.tooManyCategories, { max: 20 }))
    .default([]),
  languages: yup
    .array()
    .of(yup.string().defined())
    .test('locales', ref(m.oneOf), (v) => (v ?? []).every((l) => isLocale(l)))
    .max(LOCALES.length, ref(m.oneOf))
    .default([]),
  sort_by: yup.string().oneOf(FREELANCER_SORTS, ref(m.oneOf)).default('freelancer_rating'),
  sort_dir: yup.string().oneOf(SORT_DIRS, ref(m.oneOf)).default('desc'),
  ...paginationSchema,
});

export async function parseFreelancerQuery(query: RawQuery): Promise<FreelancerFilter> {
  const form = await querySchema.validate(
    {
      categories: listParam(query, 'categories'),
      languages: listParam(query, 'languages'),
      sort_by: scalarParam(query, 'sort_by'),
      sort_dir: scalarParam(query, 'sort_dir'),
      page: scalarParam(query, 'page'),
      per_page: scalarParam(query, 'per_page'),
    },
    { abortEarly: false, stripUnknown: true },
  );
  return {
    categories: form.categories,
    languages: form.languages.filter(isLocale),
    sort_by: form.sort_by as FreelancerSortBy,
    sort_dir: form.sort_dir as SortDir,
    page: form.page,
    per_page: form.per_page,
  };
}

/**
 * The category ids a freelancer must offer one of to match the given slugs: each category itself,
 * its ancestors (offering 'Home repair' covers 'Plumbing') and its descendants (a 'Home repair'
 * search shows plumbers). An unknown slug is a 422.
 */
export async function matchingCategoryIds(
  db: Queryable,
  slugs: readonly string[],
): Promise<number[]> {
  const found = await db.query<{ slug: string }>(
    'SELECT slug FROM categories WHERE slug = ANY($1::text[])',
    [slugs],
  );
  if (found.length !== slugs.length) throw new FieldErrors({ categories: [ref(m.oneOf)] });
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE down AS (
       SELECT id FROM categories WHERE slug = ANY($1::text[])
       UNION
       SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id
     ),
     up AS (
       SELECT id, parent_id FROM categories WHERE slug = ANY($1::text[])
       UNION
       SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
     )
     SELECT id FROM down UNION SELECT id FROM up ORDER BY id`,
    [slugs],
  );
  return rows.map((r) => Number(r.id));
}

/** Category refs by id, localised, in the tree's order. */
export async function categoryRefs(
  db: Queryable,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, CategoryRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<CategoryRef>(
    `SELECT c.id, c.slug,
            COALESCE(c.title ->> $2, c.title ->> 'en', c.title ->> 'lv', c.slug) AS title
       FROM categories c WHERE c.id = ANY($1::int[])
      ORDER BY c.position, c.id`,
    [[...new Set(ids)], locale],
  );
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** A user's offered categories, in the tree's order, unknown ids dropped. */
export function refsFor(ids: readonly number[], refs: Map<number, CategoryRef>): CategoryRef[] {
  const wanted = new Set(ids.map(Number));
  return [...refs.values()].filter((r) => wanted.has(r.id));
}

interface FreelancerRow {
  uuid: string;
  display_name: string;
  photo_path: string | null;
  is_legal: boolean;
  last_seen_at: Date | string | null;
  freelancer_rating: number | null;
  categories: number[];
  languages: string[];
  completed_tasks_count: number;
}

const ORDER_SQL: Record<FreelancerSortBy, string> = {
  // Unrated freelancers go last in both directions: 'no rating' is neither high nor low.
  freelancer_rating: 'u.freelancer_rating {dir} NULLS LAST',
  completed_tasks: 'completed_tasks_count {dir}',
  newest: 'u.created_at {dir}',
};

export async function listFreelancers(
  db: Queryable,
  filter: FreelancerFilter,
  locale: Locale,
  now = Date.now(),
): Promise<Paginated<FreelancerCard>> {
  const { params, p } = sqlParams();
  // A suspended freelancer (issue 19) takes no work: not listed until unsuspended.
  const where = ['u.is_freelancer', 'u.deleted_at IS NULL', 'u.suspended_at IS NULL'];
  if (filter.categories.length > 0) {
    const ids = await matchingCategoryIds(db, filter.categories);
    where.push(`u.categories && ${p(ids)}::int[]`);
  }
  if (filter.languages.length > 0) where.push(`u.languages && ${p(filter.languages)}::text[]`);
  const whereSql = where.join(' AND ');

  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM users u WHERE ${whereSql}`,
    [...params],
  );
  const dir = filter.sort_dir === 'asc' ? 'ASC' : 'DESC';
  const order = ORDER_SQL[filter.sort_by].replace('{dir}', dir);
  const rows = await db.query<FreelancerRow>(
    `SELECT u.uuid, u.display_name, u.photo_path, u.is_legal, u.last_seen_at,
            u.freelancer_rating::float8 AS freelancer_rating, u.categories, u.languages,
            (SELECT count(*)::int FROM offers o JOIN tasks t ON t.uuid = o.task_uuid
              WHERE o.freelancer_uuid = u.uuid AND o.chosen_at IS NOT NULL
                AND t.status = 'completed' AND t.hidden_at IS NULL) AS completed_tasks_count
       FROM users u
      WHERE ${whereSql}
      ORDER BY ${order}, u.created_at DESC, u.uuid DESC
      LIMIT ${p(filter.per_page)} OFFSET ${p((filter.page - 1) * filter.per_page)}`,
    params,
  );
  const refs = await categoryRefs(
    db,
    rows.flatMap((r) => (r.categories ?? []).map(Number)),
    locale,
  );
  return {
    data: rows.map((row) => ({
      uuid: row.uuid,
      display_name: row.display_name,
      photo: photoOf(row.photo_path),
      is_legal: row.is_legal,
      is_online: isOnline(row.last_seen_at, now),
      freelancer_rating: numOrNull(row.freelancer_rating),
      categories: refsFor(row.categories ?? [], refs),
      languages: row.languages.filter(isLocale),
      completed_tasks_count: Number(row.completed_tasks_count),
    })),
    meta: paginationMeta(filter.page, filter.per_page, total),
  };
}

export const freelancerRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: RawQuery }>('/freelancers', async (request) => {
    const filter = await parseFreelancerQuery(request.query);
    const locale = pickLocale(request.query.locale, request.headers['accept-language']);
    return listFreelancers(app.db, filter, locale);
  });
};
