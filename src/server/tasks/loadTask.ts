/**
 * Loads one task in the detail page's shape (src/shared/types.ts Task) as one viewer may see it.
 * Shared by GET /api/tasks/:slug and the server-rendered page (head tags and embedded data), so both
 * always agree. What the viewer may see (exact places, offers) is decided in ./privacy.
 */
import crypto from 'node:crypto';
import { awaitingActionOf, isParty, REVIEW_WINDOW_OPEN_SQL } from '../completion/awaiting';
import type { Locale } from '../../shared/locales';
import type { NotChosenReason } from '../../shared/notChosenReasons';
import type { Contacts, Offer, Task, TaskImage, TaskLocation } from '../../shared/types';
import type { Db, Queryable } from '../db/db';
import { taskRemoved } from '../errors';
import { AUTHOR_COLUMNS_SQL, authorOf, photoOf, uploadUrl, type AuthorColumns } from '../users';
import { VIEW_WINDOW_HOURS } from './views';
import {
  offersVisibleTo,
  presentLocations,
  reviewsVisibleTo,
  seesExactPlaces,
  type LocationRow,
  type ReviewRow,
} from './privacy';

export { approximateAddress } from './privacy';

export interface Viewer {
  uuid: string;
  /** A moderator sees a hidden task (issue 19). */
  is_moderator?: boolean;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A task's row: its columns, its author's (AUTHOR_COLUMNS_SQL) and the author's contacts. */
interface TaskRow extends AuthorColumns {
  uuid: string;
  identifier: string;
  title: string;
  description: string;
  status: string;
  location_type: string;
  due_type: Task['due_type'];
  due_start: string | null;
  due_end: string | null;
  budget_from: number;
  budget_to: number;
  views_count: number;
  awaiting_action: boolean;
  created_at: Date | string;
  category_id: number;
  category_slug: string;
  category_title: string;
  author_phone_number: string | null;
  author_email: string;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
}

interface OfferRow {
  uuid: string;
  description: string;
  price: number;
  notify_if_not_chosen: boolean;
  chosen_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  freelancer_uuid: string;
  full_name: string;
  display_name: string;
  is_legal: boolean;
  photo_path: string | null;
  freelancer_rating: number | null;
  deleted: boolean;
  phone_number: string | null;
  email: string;
  not_chosen_reason: NotChosenReason | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/**
 * Fingerprint of what the owner saw when choosing an offer; a changed offer gives a new hash (409).
 * Price is the plain JS number, the boolean 'true'/'false', updated_at an ISO string.
 */
export function offerHash(offer: {
  uuid: string;
  description: string;
  price: number;
  notify_if_not_chosen: boolean;
  updated_at: Date | string;
}): string {
  const source = [
    offer.uuid,
    offer.description,
    String(Number(offer.price)),
    String(offer.notify_if_not_chosen),
    iso(offer.updated_at),
  ].join('|');
  return crypto.createHash('sha256').update(source).digest('hex');
}

const OFFERS_SQL = `SELECT o.uuid, o.description, o.price::float8 AS price, o.notify_if_not_chosen,
        o.chosen_at, o.created_at, o.updated_at, u.uuid AS freelancer_uuid, u.full_name,
        u.display_name, u.is_legal, u.photo_path, u.freelancer_rating::float8 AS freelancer_rating,
        u.deleted_at IS NOT NULL AS deleted, u.phone_number, u.email, o.not_chosen_reason
   FROM offers o JOIN users u ON u.uuid = o.freelancer_uuid
  WHERE o.task_uuid = $1
  ORDER BY o.chosen_at IS NULL, o.created_at, o.uuid`;

function toOffer(o: OfferRow): Offer {
  return {
    uuid: o.uuid,
    description: o.description,
    price: Number(o.price),
    notify_if_not_chosen: o.notify_if_not_chosen,
    hash: offerHash(o),
    chosen_at: o.chosen_at === null ? null : iso(o.chosen_at),
    created_at: iso(o.created_at),
    freelancer: o.deleted
      ? null
      : {
          uuid: o.freelancer_uuid,
          photo: photoOf(o.photo_path),
          is_legal: o.is_legal,
          full_name: o.full_name,
          display_name: o.display_name,
          freelancer_rating: num(o.freelancer_rating),
        },
    // Only a reason of an offer that lost: the chosen one never carries it.
    not_chosen_reason: o.chosen_at === null ? (o.not_chosen_reason ?? null) : null,
  };
}

/** Every offer of a task, chosen first, then by creation. Not filtered: see offersVisibleTo. */
export async function loadOffers(db: Db, taskUuid: string): Promise<Offer[]> {
  return (await db.query<OfferRow>(OFFERS_SQL, [taskUuid])).map(toOffer);
}

/** The offers of a task this viewer may see (SPEC section 4), for GET /tasks/:uuid/offers. */
export async function loadVisibleOffers(
  db: Db,
  task: { uuid: string; author_uuid: string },
  viewer: Viewer | null,
): Promise<Offer[]> {
  return offersVisibleTo(await loadOffers(db, task.uuid), task.author_uuid, viewer?.uuid ?? null);
}

/** A loaded task plus what routes decide with and the payload does not always show. */
export interface LoadedTask {
  task: Task;
  /** Kept when the author's account is deleted (task.author is then null). */
  authorUuid: string;
  chosenFreelancerUuid: string | null;
  /** Whether options.viewerKey already has a view of this task within the window (views.ts). */
  viewedRecently: boolean;
}

export interface LoadTaskOptions {
  /** The viewer's key (views.ts viewerKey) when known: fills LoadedTask.viewedRecently. */
  viewerKey?: string | null;
  /** The time the double-blind rule and online dots are judged at; default now (tests move it). */
  now?: Date;
}

export async function loadTask(
  db: Db,
  slugOrUuid: string,
  viewer: Viewer | null,
  locale: Locale,
): Promise<Task | null> {
  return (await loadTaskEntry(db, slugOrUuid, viewer, locale))?.task ?? null;
}

/** The task's offers as one JSON array (OfferRow fields; timestamps as ISO strings). */
const OFFERS_JSON_SQL = `(SELECT COALESCE(json_agg(json_build_object(
            'uuid', o.uuid, 'description', o.description, 'price', o.price::float8,
            'notify_if_not_chosen', o.notify_if_not_chosen, 'chosen_at', o.chosen_at,
            'created_at', o.created_at, 'updated_at', o.updated_at,
            'freelancer_uuid', u.uuid, 'full_name', u.full_name, 'display_name', u.display_name,
            'is_legal', u.is_legal, 'photo_path', u.photo_path,
            'freelancer_rating', u.freelancer_rating::float8,
            'deleted', u.deleted_at IS NOT NULL, 'phone_number', u.phone_number, 'email', u.email,
            'not_chosen_reason', o.not_chosen_reason)
            ORDER BY o.chosen_at IS NULL, o.created_at, o.uuid), '[]')
       FROM offers o JOIN users u ON u.uuid = o.freelancer_uuid
      WHERE o.task_uuid = t.uuid)`;

/** The task's reviews as one JSON array (ReviewRow fields), the owner's first. */
const REVIEWS_JSON_SQL = `(SELECT COALESCE(json_agg(json_build_object(
            'author_uuid', r.author_uuid, 'target_role', r.target_role, 'status', r.status,
            'rate', r.rate, 'feedback', r.feedback, 'created_at', r.created_at,
            'published_at', r.published_at, 'display_name', a.display_name,
            'photo_path', a.photo_path, 'deleted', a.deleted_at IS NOT NULL)
            ORDER BY r.target_role = 'customer', r.created_at, r.id), '[]')
       FROM reviews r JOIN users a ON a.uuid = r.author_uuid
      WHERE r.task_uuid = t.uuid)`;

export interface TaskEntryRow extends TaskRow {
  languages: string[];
  locations: LocationRow[];
  images: { uuid: string; thumbnail_path: string; original_path: string }[];
  offers: OfferRow[];
  reviews: ReviewRow[];
  viewer_reviewed: boolean;
  review_window_open: boolean;
  viewed_recently: boolean;
}

/**
 * One statement: the task with its category and author, and as JSON arrays its languages, places,
 * images and offers, plus the viewer's review facts for awaiting_action and whether their view
 * was counted within the window (so a repeat view needs no write; the database runs on the HTTP
 * thread, so every round trip counts under load).
 */
export async function queryTaskRow(
  db: Queryable,
  slugOrUuid: string,
  viewer: Viewer | null,
  locale: Locale,
  options: LoadTaskOptions = {},
): Promise<TaskEntryRow | null> {
  const byUuid = UUID_PATTERN.test(slugOrUuid);
  const rows = await db.query<TaskEntryRow>(
    `SELECT t.uuid, t.identifier, t.title, t.description, t.status, t.location_type, t.due_type,
            to_char(t.due_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_start,
            to_char(t.due_end, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_end,
            t.budget_from, t.budget_to, t.views_count, t.awaiting_action, t.created_at,
            c.id AS category_id, c.slug AS category_slug,
            COALESCE(c.title ->> $2, c.title ->> 'en', c.title ->> 'lv', c.slug) AS category_title,
            ${AUTHOR_COLUMNS_SQL},
            u.phone_number AS author_phone_number, u.email AS author_email,
            t.hidden_at, t.hidden_reason,
            (SELECT COALESCE(json_agg(l.locale ORDER BY l.locale), '[]')
               FROM task_languages l WHERE l.task_uuid = t.uuid) AS languages,
            (SELECT COALESCE(json_agg(json_build_object('lat', l.lat, 'lng', l.lng, 'city', l.city,
                      'address', l.address) ORDER BY l.position, l.id), '[]')
               FROM task_locations l WHERE l.task_uuid = t.uuid) AS locations,
            (SELECT COALESCE(json_agg(json_build_object('uuid', i.uuid,
                      'thumbnail_path', i.thumbnail_path, 'original_path', i.original_path)
                      ORDER BY i.position, i.created_at), '[]')
               FROM task_images i WHERE i.task_uuid = t.uuid) AS images,
            ${OFFERS_JSON_SQL} AS offers,
            ${REVIEWS_JSON_SQL} AS reviews,
            EXISTS (SELECT 1 FROM reviews r WHERE r.task_uuid = t.uuid AND r.author_uuid = $3::uuid)
              AS viewer_reviewed,
            ${REVIEW_WINDOW_OPEN_SQL} AS review_window_open,
            EXISTS (SELECT 1 FROM task_views v
                     WHERE v.task_uuid = t.uuid AND v.viewer_key = $4::text
                       AND v.viewed_at > now() - make_interval(hours => ${VIEW_WINDOW_HOURS}))
              AS viewed_recently
       FROM tasks t
       JOIN categories c ON c.id = t.category_id
       JOIN users u ON u.uuid = t.author_uuid
      WHERE ${byUuid ? 't.uuid = $1::uuid' : 't.identifier = $1'}`,
    [slugOrUuid, locale, viewer?.uuid ?? null, options.viewerKey ?? null],
  );
  return rows[0] ?? null;
}

/** The task row with its offers as the payload shows them (computed once per cached row). */
export interface TaskEntry {
  row: TaskEntryRow;
  offers: Offer[];
}

export const taskEntryOf = (row: TaskEntryRow): TaskEntry => ({
  row,
  offers: row.offers.map(toOffer),
});

/** Whether the viewer's own review facts (viewer_reviewed) decide this task's awaiting_action. */
export function needsViewerFacts(row: TaskEntryRow, viewer: Viewer | null): boolean {
  const chosen = row.offers.find((o) => o.chosen_at !== null);
  return (
    row.awaiting_action &&
    isParty(
      { authorUuid: row.author_uuid, chosenFreelancerUuid: chosen?.freelancer_uuid ?? null },
      viewer?.uuid ?? null,
    )
  );
}

export async function loadTaskEntry(
  db: Queryable,
  slugOrUuid: string,
  viewer: Viewer | null,
  locale: Locale,
  options: LoadTaskOptions = {},
): Promise<LoadedTask | null> {
  const row = await queryTaskRow(db, slugOrUuid, viewer, locale, options);
  return row ? presentTask(taskEntryOf(row), viewer, options.now) : null;
}

/**
 * The task as this viewer may see it, from its row (pure: the read model calls it for every
 * viewer of one cached row; viewer_reviewed must have been read for this viewer when
 * needsViewerFacts says so).
 */
export function presentTask(
  entry: TaskEntry,
  viewer: Viewer | null,
  now: Date = new Date(),
): LoadedTask {
  const { row } = entry;
  // A hidden task is gone (410) for everyone but its owner and moderators, on every route and
  // on the cached path alike (the read model calls this for every viewer).
  const seesHidden = viewer !== null && (viewer.uuid === row.author_uuid || viewer.is_moderator);
  if (row.hidden_at !== null && !seesHidden) throw taskRemoved();
  const { languages, locations, images, offers } = row;

  const chosen = offers.find((o) => o.chosen_at !== null);
  const exactPlaces = seesExactPlaces({
    authorUuid: row.author_uuid,
    chosenFreelancerUuid: chosen?.freelancer_uuid ?? null,
    viewerUuid: viewer?.uuid ?? null,
  });
  const taskLocations: TaskLocation[] = presentLocations(locations, row.uuid, exactPlaces);
  const taskImages: TaskImage[] = images.map((i) => ({
    uuid: i.uuid,
    thumbnail: uploadUrl(i.thumbnail_path),
    original: uploadUrl(i.original_path),
  }));
  const allOffers = entry.offers;
  const taskOffers = offersVisibleTo(allOffers, row.author_uuid, viewer?.uuid ?? null);

  // Contacts are shared only between the two parties of a chosen offer, and never for deleted users.
  let contacts: Contacts | null = null;
  if (chosen && viewer) {
    if (viewer.uuid === row.author_uuid && !chosen.deleted) {
      contacts = { phone_number: chosen.phone_number, email: chosen.email };
    } else if (viewer.uuid === chosen.freelancer_uuid && !row.author_deleted) {
      contacts = { phone_number: row.author_phone_number, email: row.author_email };
    }
  }

  const task: Task = {
    uuid: row.uuid,
    identifier: row.identifier,
    title: row.title,
    description: row.description,
    status: row.status,
    category: { id: row.category_id, slug: row.category_slug, title: row.category_title },
    languages: languages as Locale[],
    location_type: row.location_type,
    locations: taskLocations,
    due_type: row.due_type,
    due_start: row.due_start,
    due_end: row.due_end,
    budget_from: row.budget_from,
    budget_to: row.budget_to,
    images: taskImages,
    author: authorOf(row, now.getTime(), exactPlaces),
    offers_count: allOffers.length,
    offers: taskOffers,
    views_count: row.views_count,
    created_at: iso(row.created_at),
    awaiting_action: awaitingActionOf(
      {
        status: row.status,
        awaitingAction: row.awaiting_action,
        authorUuid: row.author_uuid,
        chosenFreelancerUuid: chosen?.freelancer_uuid ?? null,
        reviewed: row.viewer_reviewed,
        windowOpen: row.review_window_open,
      },
      viewer?.uuid ?? null,
    ),
    second_party_contacts: contacts,
    reviews: reviewsVisibleTo(row.reviews, viewer?.uuid ?? null, now),
    ...(row.hidden_at !== null
      ? { moderation: { hidden_at: iso(row.hidden_at), reason: row.hidden_reason ?? '' } }
      : {}),
  };
  return {
    task,
    authorUuid: row.author_uuid,
    chosenFreelancerUuid: chosen?.freelancer_uuid ?? null,
    viewedRecently: row.viewed_recently,
  };
}
