import type { Locale } from '../../../shared/locales';
import { PICTURED_CATEGORY_IDS } from '../../../shared/limits';

/**
 * The pictures are language-neutral SVGs (no text) in public/images/categories/{id}.svg. A localised
 * variant can be dropped in as {id}.{locale}.svg and listed here; it then wins for that locale.
 */
export const LOCALISED_CATEGORY_PICTURES: Partial<Record<number, readonly Locale[]>> = {};

export const CATEGORY_PICTURE_BASE = '/images/categories';

/**
 * The file name (without .svg) of a category's picture in a locale: localised, then neutral per id,
 * then the generic one.
 */
export function categoryPictureName(
  id: number,
  locale: Locale,
  manifest: Partial<Record<number, readonly Locale[]>> = LOCALISED_CATEGORY_PICTURES,
): string {
  if (manifest[id]?.includes(locale)) return `${id}.${locale}`;
  if ((PICTURED_CATEGORY_IDS as readonly number[]).includes(id)) return String(id);
  return 'default';
}

/** The picture URL of a category in a locale (categoryPictureName's file). */
export function categoryPicture(
  id: number,
  locale: Locale,
  manifest: Partial<Record<number, readonly Locale[]>> = LOCALISED_CATEGORY_PICTURES,
): string {
  return `${CATEGORY_PICTURE_BASE}/${categoryPictureName(id, locale, manifest)}.svg`;
}
