/**
 * GET /api/incomplete-reasons: every reason with its title in the request's language. Which group a
 * viewer sees depends on their role on the task (SPEC section 6), so the SPA filters.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Locale } from '../../shared/locales';
import type { IncompleteReason } from '../../shared/types';
import type { Queryable } from '../db/db';
import { pickLocale } from '../i18n';
import '../types';

export async function loadReasons(db: Queryable, locale: Locale): Promise<IncompleteReason[]> {
  const rows = await db.query<IncompleteReason>(
    `SELECT id, "group", feedback_required,
            COALESCE(title ->> $1, title ->> 'en', title ->> 'lv', '') AS title
       FROM incomplete_reasons
      ORDER BY position, id`,
    [locale],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    group: r.group,
    feedback_required: r.feedback_required,
  }));
}

export const reasonRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { locale?: string } }>('/incomplete-reasons', async (request) => {
    const locale = pickLocale(request.query.locale, request.headers['accept-language']);
    return { data: await loadReasons(app.db, locale) };
  });
};
