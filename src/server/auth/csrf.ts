/**
 * CSRF: a readable XSRF token cookie that the SPA echoes in X-XSRF-TOKEN. Another site can make the
 * browser send the cookie but cannot read it to set the header.
 *
 * With a session the token is bound to it: it is derived from the session's secret token (one-way,
 * so the XSRF cookie reveals nothing of the session), a planted XSRF cookie is worthless, and a
 * login (a new session) rotates it. Without a session (login, registration) it is a plain random
 * double submit. Over HTTPS the cookie is `__Host-XSRF-TOKEN`, as the session cookie is prefixed.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../../config';
import { HttpError } from '../errors';
import '../types';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export const xsrfCookieName = (config: ServerConfig): string =>
  config.cookieSecure ? `__Host-${XSRF_COOKIE}` : XSRF_COOKIE;

export const sessionCookieName = (config: ServerConfig): string =>
  config.cookieSecure ? '__Host-talka_session' : 'talka_session';

/** The session's CSRF token: a one-way function of the session's secret cookie value. */
export const sessionCsrfToken = (sessionToken: string): string =>
  crypto.createHmac('sha256', sessionToken).update('talka-csrf').digest('base64url');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Sets the XSRF cookie for the session token given (login), or a fresh random one (logout, expiry).
 * Replaces any cookie of that name set earlier in the same reply.
 */
export function issueCsrfToken(
  reply: FastifyReply,
  config: ServerConfig,
  sessionToken: string | null,
): void {
  const value = sessionToken
    ? sessionCsrfToken(sessionToken)
    : crypto.randomBytes(32).toString('base64url');
  reply.setCookie(xsrfCookieName(config), value, {
    path: '/',
    sameSite: 'lax',
    secure: config.cookieSecure,
    httpOnly: false,
  });
}

/**
 * The token this request must carry: for a live session (resolved by the session plugin) the
 * session's; otherwise the double-submit cookie's. A stale or planted session cookie counts as no
 * session, so it cannot lock anyone out of logging in.
 */
function expectedToken(request: FastifyRequest, config: ServerConfig): string | null {
  const session = request.cookies[sessionCookieName(config)];
  if (session && request.sessionState === 'valid') return sessionCsrfToken(session);
  const cookie = request.cookies[xsrfCookieName(config)];
  return typeof cookie === 'string' && TOKEN_PATTERN.test(cookie) ? cookie : null;
}

export const csrfPlugin = fp(
  async (app) => {
    const config = app.config;
    // Hand out the token early, on every answer (pages included): the session's when a session
    // cookie came (the session plugin replaces it with a random one if that session is dead).
    app.addHook('onRequest', async (request, reply) => {
      const session = request.cookies[sessionCookieName(config)] ?? null;
      const cookie = request.cookies[xsrfCookieName(config)];
      const wanted = session ? sessionCsrfToken(session) : null;
      const valid = typeof cookie === 'string' && TOKEN_PATTERN.test(cookie);
      if (wanted ? cookie !== wanted : !valid) issueCsrfToken(reply, config, session);
    });
    // Check once the session is known (after every onRequest hook), before the body is read.
    app.addHook('preParsing', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const expected = expectedToken(request, config);
      const header = request.headers[XSRF_HEADER];
      if (expected === null || typeof header !== 'string' || !sameToken(header, expected)) {
        throw new HttpError(419, 'errors.csrf_mismatch');
      }
    });
  },
  { name: 'talka-csrf' },
);
