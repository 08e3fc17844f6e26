/**
 * View counting: a task load counts one view per viewer per VIEW_WINDOW_HOURS. The viewer is the
 * logged-in user ('user:<uuid>') or a visitor's stable anonymous id ('anon:<id>', from the
 * httpOnly `talka_vid` cookie, set when missing). A visitor's view counts only when their address
 * ('addr:<hash>') has not been counted within the window either: a script that drops the cookie
 * does not raise the count (issue 14 item 8). The owner's own views never count.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { rateLimitKey } from '../plugins/clientAddress';
import '../types';

export const VIEW_WINDOW_HOURS = 6;
export const VISITOR_COOKIE = 'talka_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The visitor's anonymous id from a valid cookie, or null (no side effect). */
function cookieVisitorId(request: FastifyRequest): string | null {
  const current = request.cookies[VISITOR_COOKIE];
  return typeof current === 'string' && VISITOR_ID.test(current) ? current : null;
}

/** The visitor's anonymous id from the cookie, or a new one (and the Set-Cookie for it). */
export function visitorId(request: FastifyRequest, reply: FastifyReply): string {
  const current = cookieVisitorId(request);
  if (current !== null) return current;
  const id = crypto.randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
    maxAge: ONE_YEAR_SECONDS,
  });
  return id;
}

/**
 * The client's address as a key ('addr:<hash>'): counted like the per-address rate limits (an IPv6
 * client by its /64), stored only as a hash.
 */
export function addressKey(request: FastifyRequest): string {
  const digest = crypto.createHash('sha256').update(rateLimitKey(request)).digest('base64url');
  return `addr:${digest.slice(0, 22)}`;
}

/** 'user:<uuid>' for a logged-in user, else 'anon:<id>' (setting the cookie when missing). */
export function viewerKey(request: FastifyRequest, reply: FastifyReply): string {
  return request.user ? `user:${request.user.uuid}` : `anon:${visitorId(request, reply)}`;
}

/**
 * viewerKey when it is already known, without setting a cookie: null for a visitor without one
 * (whose view always counts). Lets the task load tell whether this view would count.
 */
export function knownViewerKey(request: FastifyRequest): string | null {
  if (request.user) return `user:${request.user.uuid}`;
  const id = cookieVisitorId(request);
  return id === null ? null : `anon:${id}`;
}

/**
 * Counts a view of the task by viewerKey unless that viewer was counted within the window or is
 * the owner (authorUuid). One statement, so atomic without a transaction (an explicit one would
 * lock the embedded database for three round trips on every task load): the task_views upsert
 * and, only when it counted, the views_count increment. A repeat view within the window changes
 * nothing. Resolves to the new views_count when the view counted, null when it did not.
 */
export async function recordView(
  db: Queryable,
  taskUuid: string,
  key: string,
  authorUuid: string,
  address: string | null = null,
): Promise<number | null> {
  if (key === `user:${authorUuid}`) return null;
  // Every key (the viewer's, and a visitor's address) must be new within the window to count.
  const keys = address === null ? [key] : [key, address];
  const rows = await db.query<{ views_count: number }>(
    `WITH counted AS (
       INSERT INTO task_views (task_uuid, viewer_key, viewed_at)
       SELECT $1, k, now() FROM unnest($2::text[]) AS k
       ON CONFLICT (task_uuid, viewer_key) DO UPDATE SET viewed_at = now()
        WHERE task_views.viewed_at <= now() - make_interval(hours => $3)
       RETURNING task_uuid
     )
     UPDATE tasks SET views_count = views_count + 1
      WHERE uuid = $1 AND (SELECT count(*) FROM counted) = cardinality($2::text[])
     RETURNING views_count`,
    [taskUuid, keys, VIEW_WINDOW_HOURS],
  );
  return rows[0]?.views_count ?? null;
}

/**
 * Counts the view of a loaded task for this request (used by the API and the page load): queued in
 * the read model's view buffer (cache/viewBuffer.ts), written in batches by recordView. Resolves to
 * the views_count to show: the stored one plus the views of this task still waiting to be written.
 */
export async function countView(
  request: FastifyRequest,
  reply: FastifyReply,
  task: { uuid: string; views_count: number },
  authorUuid: string,
): Promise<number> {
  const key = viewerKey(request, reply);
  const buffer = request.server.readModel.views;
  // A repeat view within the window (most reads) is known without hashing the address.
  if (!buffer.seen(task.uuid, key, authorUuid)) {
    const address = request.user ? null : addressKey(request);
    await buffer.view({ taskUuid: task.uuid, key, authorUuid, address });
  }
  return task.views_count + buffer.pending(task.uuid);
}
