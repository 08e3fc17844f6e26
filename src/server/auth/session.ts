/**
 * Cookie sessions: a random 32-byte token in an HttpOnly cookie; only its sha256 is stored, so a
 * leaked sessions table cannot be replayed. Idle and absolute expiry are enforced here, not by the
 * cookie's lifetime.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Db, Queryable } from '../db/db';
import { HttpError } from '../errors';
import { issueCsrfToken, sessionCookieName } from './csrf';
import { isApiUrl } from '../validate';
import type { UserRow } from '../users';
import { SESSION_TTL_MS } from '../cache/readModel';
import '../types';

/** A user's last-seen stamp (online status) is refreshed at most once a minute. */
const USER_TOUCH_SECONDS = 60;

/**
 * How stale a session's last-seen may get before a request refreshes it: a tenth of the idle limit,
 * at most a minute (one write a minute per active session). A fixed minute would let a session with
 * SESSION_IDLE_MINUTES=1 expire while it is in use.
 */
export const sessionTouchSeconds = (idleMinutes: number): number =>
  Math.min(60, Math.max(1, Math.floor((idleMinutes * 60) / 10)));

export { sessionCookieName };

export const hashToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');

const cookieOptions = (config: ServerConfig) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.cookieSecure,
});

interface SessionUserRow extends UserRow {
  session_id: string;
  session_stale: boolean;
  user_stale: boolean;
  /** Until the session expires or either stamp is due for a refresh (ms; the cache's limit). */
  fresh_ms: number;
}

/** A live session (`s`, its user `u`; `$2` the idle minutes): not expired, not idle, user allowed. */
const LIVE_SESSION = `s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(mins => $2)
        AND u.deleted_at IS NULL AND u.suspended_at IS NULL`;

/**
 * Which of these sessions are still live, each with how long it stays live without a request (ms):
 * the push streams' check (push/sessionGuard.ts), by the same rule as the lookup below.
 */
export async function liveSessions(
  db: Queryable,
  config: Pick<ServerConfig, 'sessionIdleMinutes'>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; live_ms: number }>(
    `SELECT s.id,
            (EXTRACT(EPOCH FROM LEAST(s.expires_at,
                                      s.last_seen_at + make_interval(mins => $2)) - now())
              * 1000)::float8 AS live_ms
       FROM sessions s JOIN users u ON u.uuid = s.user_uuid
      WHERE s.id = ANY($1::text[]) AND ${LIVE_SESSION}`,
    [[...ids], config.sessionIdleMinutes],
  );
  return new Map(rows.map((row) => [row.id, Number(row.live_ms)]));
}

/**
 * Looks up the session cookie; null when absent, expired, or the user is gone or suspended (a
 * suspension also deletes the user's sessions; this keeps one that raced it from acting).
 */
async function lookup(db: Db, config: ServerConfig, token: string): Promise<SessionUserRow | null> {
  const rows = await db.query<SessionUserRow>(
    `SELECT u.*, s.id AS session_id,
            s.last_seen_at < now() - make_interval(secs => $3) AS session_stale,
            (u.last_seen_at IS NULL OR u.last_seen_at < now() - make_interval(secs => $4)) AS user_stale,
            (EXTRACT(EPOCH FROM LEAST(s.expires_at,
                                      s.last_seen_at + make_interval(secs => $3),
                                      COALESCE(u.last_seen_at, now()) + make_interval(secs => $4))
                                - now()) * 1000)::float8 AS fresh_ms
       FROM sessions s JOIN users u ON u.uuid = s.user_uuid
      WHERE s.id = $1 AND ${LIVE_SESSION}`,
    [
      hashToken(token),
      config.sessionIdleMinutes,
      sessionTouchSeconds(config.sessionIdleMinutes),
      USER_TOUCH_SECONDS,
    ],
  );
  return rows[0] ?? null;
}

/**
 * Fills request.user / sessionId / sessionState from the cookie; touches last-seen stamps. A live
 * session is kept in this process's read model (cache/readModel.ts) until it expires or a stamp is
 * due, or until any write to its session or user row (logout, expiry, deletion, suspension: the
 * sessions and users triggers NOTIFY every process), whichever comes first.
 */
export async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, config, readModel } = request.server;
  const name = sessionCookieName(config);
  const token = request.cookies[name];
  if (!token) return;
  const id = hashToken(token);
  const cached = readModel.sessions.get(id);
  if (cached) {
    request.user = { ...cached.user };
    request.sessionId = cached.sessionId;
    request.sessionState = 'valid';
    return;
  }
  const since = readModel.sessions.mark();
  const row = await lookup(db, config, token);
  if (!row) {
    request.sessionState = 'expired';
    reply.clearCookie(name, cookieOptions(config));
    issueCsrfToken(reply, config, null);
    return;
  }
  if (row.session_stale) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.session_id]);
  }
  if (row.user_stale) {
    await db.query('UPDATE users SET last_seen_at = now() WHERE uuid = $1', [row.uuid]);
  }
  const { session_id, session_stale, user_stale, fresh_ms, ...user } = row;
  // A row that needed a touch is not kept: the next request reads the touched one.
  if (!session_stale && !user_stale) {
    readModel.sessions.setSince(
      since,
      id,
      { user: { ...user }, sessionId: session_id },
      Math.min(SESSION_TTL_MS, Number(fresh_ms)),
    );
  }
  request.user = user;
  request.sessionId = session_id;
  request.sessionState = 'valid';
}

/** Starts a fresh session (a new id every login: no fixation) and drops the request's old one. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<void> {
  const { db, config } = request.server;
  const token = crypto.randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const oldToken = request.cookies[sessionCookieName(config)];
  await db.transaction(async (tx) => {
    if (oldToken) await tx.query('DELETE FROM sessions WHERE id = $1', [hashToken(oldToken)]);
    await tx.query(
      `INSERT INTO sessions (id, user_uuid, expires_at)
       VALUES ($1, $2, now() + make_interval(hours => $3))`,
      [id, user.uuid, config.sessionAbsoluteHours],
    );
    await tx.query('UPDATE users SET last_seen_at = now() WHERE uuid = $1', [user.uuid]);
  });
  reply.setCookie(sessionCookieName(config), token, {
    ...cookieOptions(config),
    maxAge: config.sessionAbsoluteHours * 3600,
  });
  // A new session, a new CSRF token: a token seen before login is worthless after it.
  issueCsrfToken(reply, config, token);
  request.user = user;
  request.sessionId = id;
  request.sessionState = 'valid';
}

/** Deletes the session server-side, so the old cookie is worthless even if it was copied. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, config } = request.server;
  const token = request.cookies[sessionCookieName(config)];
  if (token) await db.query('DELETE FROM sessions WHERE id = $1', [hashToken(token)]);
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
  issueCsrfToken(reply, config, null);
  request.user = null;
  request.sessionId = null;
  request.sessionState = 'none';
}

/** The logged-in user or a 401 (saying 'session expired' when a dead cookie came). */
export function requireUser(request: FastifyRequest): UserRow {
  if (request.user) return request.user;
  throw new HttpError(
    401,
    request.sessionState === 'expired' ? 'errors.session_expired' : 'errors.unauthenticated',
  );
}

export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionState', 'none');
    const apiBase = app.config.public.apiBase;
    app.addHook('onRequest', async (request, reply) => {
      // Static files and uploads need no user; the health check must answer without the database.
      if (!isApiUrl(request.url, apiBase) || request.routeOptions.config.skipSession) return;
      await resolveSession(request, reply);
    });
  },
  { name: 'talka-session', dependencies: ['talka-csrf'] },
);
