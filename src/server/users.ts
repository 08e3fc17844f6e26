/** The users row and its public shapes. */
import { isLocale } from '../shared/locales';
import type { Author, CurrentUser, Photo } from '../shared/types';

export interface UserRow {
  uuid: string;
  email: string;
  password_hash: string;
  full_name: string;
  display_name: string;
  is_legal: boolean;
  is_freelancer: boolean;
  phone_number: string | null;
  photo_path: string | null;
  languages: string[];
  /** Category ids offered as a freelancer (migration 002). */
  categories?: number[];
  /** Moderation (migration 005). */
  is_moderator?: boolean;
  suspended_at?: Date | string | null;
  customer_rating: string | number | null;
  freelancer_rating: string | number | null;
  last_seen_at: Date | string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
}

/** Public URL of a file under the uploads folder; each segment is encoded, '/' kept. */
export function uploadUrl(relativePath: string): string {
  return '/uploads/' + relativePath.split('/').map(encodeURIComponent).join('/');
}

export const photoOf = (photoPath: string | null): Photo | null =>
  photoPath ? { thumbnail: uploadUrl(photoPath) } : null;

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    uuid: user.uuid,
    email: user.email,
    full_name: user.full_name,
    display_name: user.display_name,
    is_freelancer: user.is_freelancer,
    is_legal: user.is_legal,
    photo: photoOf(user.photo_path),
    phone_number: user.phone_number,
    languages: user.languages.filter(isLocale),
    categories: (user.categories ?? []).map(Number),
    ...(user.is_moderator ? { is_moderator: true as const } : {}),
  };
}

/** 'Anna Bērziņa' -> 'Anna B.': what other users see of a private person's name. */
export function displayNameOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${Array.from(parts[parts.length - 1])[0].toUpperCase()}.`;
}

export const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export const isOnline = (lastSeen: Date | string | null, now = Date.now()): boolean =>
  lastSeen !== null && now - new Date(lastSeen).getTime() < ONLINE_WINDOW_MS;

/** The author columns a task query selects (users joined as `u`), read back by authorOf. */
export const AUTHOR_COLUMNS_SQL = `u.uuid AS author_uuid, u.full_name AS author_full_name,
            u.display_name AS author_display_name, u.is_legal AS author_is_legal,
            u.photo_path AS author_photo_path, u.last_seen_at AS author_last_seen_at,
            u.customer_rating::float8 AS author_customer_rating,
            u.deleted_at IS NOT NULL AS author_deleted`;

export interface AuthorColumns {
  author_uuid: string;
  author_full_name: string;
  author_display_name: string;
  author_is_legal: boolean;
  author_photo_path: string | null;
  author_last_seen_at: Date | string | null;
  author_customer_rating: number | string | null;
  author_deleted: boolean;
}

/**
 * A task's author as the API sends it; null when the account was deleted. The full name only when
 * `fullName` (the viewer is the author or the chosen freelancer: seesExactPlaces); everyone else
 * sees the display name ('Anna B.').
 */
export function authorOf(row: AuthorColumns, now = Date.now(), fullName = false): Author | null {
  if (row.author_deleted) return null;
  return {
    uuid: row.author_uuid,
    photo: photoOf(row.author_photo_path),
    is_legal: row.author_is_legal,
    is_online: isOnline(row.author_last_seen_at, now),
    ...(fullName ? { full_name: row.author_full_name } : {}),
    display_name: row.author_display_name,
    customer_rating:
      row.author_customer_rating === null ? null : Number(row.author_customer_rating),
  };
}
