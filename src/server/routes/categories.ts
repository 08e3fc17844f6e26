/** The category tree with the number of tasks created in the last 7 days (descendants included). */
import type { FastifyPluginAsync } from 'fastify';
import type { Locale } from '../../shared/locales';
import type { Category } from '../../shared/types';
import { CATEGORIES_TTL_MS } from '../cache/readModel';
import type { Db } from '../db/db';
import { pickLocale } from '../i18n';
import '../types';

interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  title: string;
  tasks_count: number;
}

export async function loadCategoryTree(db: Db, locale: Locale): Promise<Category[]> {
  // Each category is paired with itself and all its descendants, so a parent counts their tasks.
  const rows = await db.query<CategoryRow>(
    `WITH RECURSIVE subtree AS (
       SELECT id AS root, id FROM categories
       UNION ALL
       SELECT s.root, c.id FROM categories c JOIN subtree s ON c.parent_id = s.id
     ),
     counts AS (
       SELECT s.root, count(t.uuid)::int AS n
         FROM subtree s
         LEFT JOIN tasks t ON t.category_id = s.id AND t.created_at > now() - interval '7 days'
                          AND t.hidden_at IS NULL
        GROUP BY s.root
     )
     SELECT c.id, c.parent_id, c.slug,
            COALESCE(c.title ->> $1, c.title ->> 'en', c.title ->> 'lv', c.slug) AS title,
            COALESCE(n.n, 0) AS tasks_count
       FROM categories c LEFT JOIN counts n ON n.root = c.id
      ORDER BY c.position, c.id`,
    [locale],
  );
  const byId = new Map<number, Category>();
  for (const row of rows)
    byId.set(row.id, { ...row, tasks_count: Number(row.tasks_count), children: [] });
  const roots: Category[] = [];
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (parent) parent.children!.push(node);
    else roots.push(node);
  }
  return roots;
}

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { locale?: string } }>('/categories', async (request) => {
    const locale = pickLocale(request.query.locale, request.headers['accept-language']);
    // Kept by the read model until a task or category write, or a minute (cache/readModel.ts).
    const tree = await app.readModel.categories.through(
      locale,
      () => loadCategoryTree(app.db, locale),
      CATEGORIES_TTL_MS,
    );
    return { data: tree };
  });
};
