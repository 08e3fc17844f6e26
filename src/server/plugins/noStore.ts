/**
 * API answers are personal (who is logged in shapes them) and change at any moment, so neither the
 * browser nor a proxy may keep them: `Cache-Control: no-store` on every /api answer that does not
 * set its own (the push stream does). Pages set theirs in spa.ts, uploads in uploads.ts.
 */
import fp from 'fastify-plugin';
import { isApiUrl } from '../validate';
import '../types';

export const noStorePlugin = fp(
  async (app) => {
    const apiBase = app.config.public.apiBase;
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiUrl(request.url, apiBase) && !reply.hasHeader('cache-control')) {
        reply.header('Cache-Control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'talka-no-store' },
);
