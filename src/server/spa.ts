/**
 * Serves the built SPA: hashed assets with a long cache, and index.html (with the public config
 * inlined) for every other GET outside the API, so deep links and unknown locales reach the router.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig, ServerConfig } from '../../config';
import { notFound } from './errors';
import { isApiUrl } from './validate';
import './types';

/** JSON that is safe inside <script>: no '<' (so no </script> or <!--), no U+2028/2029. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface RenderIndexOptions {
  config: PublicConfig;
  /** Extra head tags, already escaped by the caller (e.g. title and social meta tags). */
  head?: string;
  /** Data the SPA reads at boot from <script id="talka-data">. */
  data?: unknown;
}

export function renderIndexHtml(template: string, opts: RenderIndexOptions): string {
  const configTag = `<script id="talka-config" type="application/json">${jsonForScript(opts.config)}</script>`;
  const dataTag =
    opts.data === undefined
      ? ''
      : `<script id="talka-data" type="application/json">${jsonForScript(opts.data)}</script>`;
  // Replacer functions, so '$&' or '$1' in the inserted text is never read as a pattern.
  return template
    .replace('<!--talka-config-->', () => configTag)
    .replace('<!--talka-head-->', () => opts.head ?? '')
    .replace('<!--talka-data-->', () => dataTag);
}

/** Files with a content hash in the name never change, so browsers may keep them for a year. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export async function registerSpa(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ staticDir: config.staticDir }, 'no built SPA found; serving the API only');
    return;
  }
  const html = renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), { config: config.public });
  await app.register(fastifyStatic, { root: config.staticDir, serve: false, index: false });

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const rel = request.params['*'];
    if (isApiUrl(`/${rel}`, config.public.apiBase)) throw notFound();
    const last = rel.split('/').pop() ?? '';
    if (last.includes('.') && last !== 'index.html') {
      const hashed = HASHED_ASSET.test(last);
      return reply.sendFile(rel, {
        maxAge: hashed ? 365 * 24 * 3600 * 1000 : 0,
        immutable: hashed,
        dotfiles: 'deny',
      });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
