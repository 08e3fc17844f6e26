/**
 * The security headers of every answer (Content-Security-Policy, X-Frame-Options, HSTS, nosniff,
 * referrer and cross-origin policies...): helmet's middleware, built once from the app's options
 * and run on each request's raw response.
 *
 * Why not @fastify/helmet: its hook calls `helmet(options)` again on every request, which parses
 * the CSP directives and builds eleven middlewares each time; under `npm run bench` that was a
 * fifth of the CPU of a request that does nothing else (docs/PERFORMANCE.md, issue 18). The headers
 * are the same: helmet is the library either way (test/server/security/headers.test.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const securityHeaders: FastifyPluginAsync<HelmetOptions> = async (app, options) => {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet's middleware throws on a bad configuration (at the first request) rather than
    // calling back with an error; it only sets headers, synchronously.
    apply(request.raw, reply.raw, (err?: unknown) => {
      if (err) throw err;
    });
    done();
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'talka-security-headers' });
