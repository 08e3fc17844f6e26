/**
 * CSRF double submit: a readable XSRF-TOKEN cookie that the SPA echoes in X-XSRF-TOKEN. Another
 * site can make the browser send the cookie but cannot read it to set the header.
 */
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import '../types';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export const csrfPlugin = fp(
  async (app) => {
    const secure = app.config.cookieSecure;
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      const valid = typeof cookie === 'string' && TOKEN_PATTERN.test(cookie);
      if (!valid) {
        reply.setCookie(XSRF_COOKIE, crypto.randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'lax',
          secure,
          httpOnly: false,
        });
      }
      if (SAFE_METHODS.has(request.method)) return;
      const header = request.headers[XSRF_HEADER];
      if (!valid || typeof header !== 'string' || !sameToken(header, cookie)) {
        throw new HttpError(419, 'errors.csrf_mismatch');
      }
    });
  },
  { name: 'talka-csrf' },
);
