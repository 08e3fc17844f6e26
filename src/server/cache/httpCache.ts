/**
 * HTTP caching of the public JSON (issue 18), on routes with `config: { httpCache: true }` (the
 * task and the task list):
 *
 * - `ETag` (a hash of the body, or the tag a kept answer brings: ./jsonAnswer.ts) on every 200, and `304 Not Modified` without a body when the
 *   request's `If-None-Match` names it;
 * - `Cache-Control: public, max-age=0, s-maxage=10` only for a visitor's answer that sets no
 *   cookie (a shared cache, a CDN, may keep it ten seconds; a browser revalidates every time);
 *   every other answer (signed in, a dead session cookie, or a Set-Cookie such as the first
 *   visit's visitor id) keeps `no-store`, as before;
 * - `Vary: Cookie` on both: a cache never answers one cookie's request with another's response.
 *
 * Views are still counted on a 304 (the route ran); a visitor served by a CDN is not counted.
 */
import fp from 'fastify-plugin';
import { etagOf } from './jsonAnswer';
import '../types';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
export const PRIVATE_CACHE_CONTROL = 'no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** ETag, 304 and Cache-Control per viewer (cache/httpCache.ts). */
    httpCache?: boolean;
  }
}

/** Whether an If-None-Match header names this tag (a list, weak tags and * included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export const httpCachePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.httpCache) return payload;
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      reply.header('Vary', 'Cookie');
      const visitor =
        request.user === null &&
        request.sessionState === 'none' &&
        reply.getHeader('set-cookie') === undefined;
      const shared = visitor && reply.statusCode === 200;
      reply.header('Cache-Control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      if (reply.statusCode !== 200) return payload;
      // A kept answer (./jsonAnswer.ts) comes with its tag; a serialized one is hashed here.
      const preset = reply.getHeader('etag');
      let etag: string;
      if (typeof preset === 'string') etag = preset;
      else if (typeof payload === 'string') etag = etagOf(payload);
      else return payload;
      reply.header('ETag', etag);
      if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    });
  },
  { name: 'talka-http-cache' },
);
