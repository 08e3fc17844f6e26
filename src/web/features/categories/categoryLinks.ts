import type { Locale } from '../../../shared/locales';
import { TOP_CATEGORY_IDS } from '../../../shared/limits';
import type { Category } from '../../../shared/types';
import { routePath } from '../../i18n/routes';

export const isTopCategory = (id: number): boolean =>
  (TOP_CATEGORY_IDS as readonly number[]).includes(id);

/**
 * Where a category card leads (SPEC section 2): a top category opens the task form with it chosen,
 * every other category the task list filtered by its slug.
 */
export function categoryHref(locale: Locale, category: Pick<Category, 'id' | 'slug'>): string {
  return isTopCategory(category.id)
    ? routePath(locale, 'tasksCreate', {}, { category_id: category.id })
    : routePath(locale, 'tasks', {}, { categories: category.slug });
}
