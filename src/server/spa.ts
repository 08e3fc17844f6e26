/**
 * Serves the built SPA: hashed assets with a long cache, and every page (GET outside the API and
 * the assets) rendered on the server from the app's React tree (src/server/render), into
 * index.html with the public config inlined.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig, ServerConfig } from '../../config';
import { DEFAULT_LOCALE, isLocale, LOCALES } from '../shared/locales';
import { notFound } from './errors';
import { translate } from './i18n';
import { escapeHtml } from './tasks/head';
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

/**
 * The Content-Security-Policy sources of the built page's inline scripts ('sha256-...'): the
 * loader that starts the bundles after the first paint (scripts/webpack/paintFirstPlugin.cjs).
 * Data blocks (type="application/json") do not run and need none. No built page, no sources.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, code] = match;
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"?application\/json/i.test(attributes)) {
      continue;
    }
    hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** inlineScriptHashes of the built index.html in this directory. */
export function builtInlineScriptHashes(staticDir: string): string[] {
  const indexFile = path.join(staticDir, 'index.html');
  return fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
}

export interface RenderIndexOptions {
  config: PublicConfig;
  /** Extra head tags, already escaped by the caller (e.g. title and social meta tags). */
  head?: string;
  /** Data the SPA reads at boot from <script id="talka-data">. */
  data?: unknown;
  /** Sets <html lang>. */
  lang?: string;
  /** The server-rendered page for <div id="root">, already escaped. */
  root?: string;
  /** The <noscript> notice in the page's language, plain text (escaped here). */
  noscript?: string;
}

const TEMPLATE_TITLE = /<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const EMPTY_ROOT = /<div id="root"><\/div>/;

export function renderIndexHtml(template: string, opts: RenderIndexOptions): string {
  const configTag = `<script id="talka-config" type="application/json">${jsonForScript(opts.config)}</script>`;
  const dataTag =
    opts.data === undefined
      ? ''
      : `<script id="talka-data" type="application/json">${jsonForScript(opts.data)}</script>`;
  let html = template;
  // A head with its own title replaces the template's default one (one <title> per page).
  if (opts.head && /<title>/i.test(opts.head)) html = html.replace(TEMPLATE_TITLE, '');
  if (opts.root) {
    const root = opts.root;
    html = html.replace(EMPTY_ROOT, () => `<div id="root">${root}</div>`);
  }
  if (opts.lang) {
    const lang = opts.lang.replace(/[^A-Za-z-]/g, '');
    html = html.replace(
      /<html\b([^>]*?)\slang="[^"]*"/i,
      (_m, attrs: string) => `<html${attrs} lang="${lang}"`,
    );
  }
  // Replacer functions, so '$&' or '$1' in the inserted text is never read as a pattern.
  return html
    .replace('<!--talka-config-->', () => configTag)
    .replace('<!--talka-head-->', () => opts.head ?? '')
    .replace('<!--talka-data-->', () => dataTag)
    .replace('<!--talka-noscript-->', () => escapeHtml(opts.noscript ?? ''));
}

/** Files with a content hash in the name never change, so browsers may keep them for a year. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export async function registerSpa(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ staticDir: config.staticDir }, 'no built SPA found; serving the API only');
    return;
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  // The page the browser renders alone (below: when the server's render failed), in the language
  // of its path: with JavaScript off it shows only the notice that it needs it.
  const plainPages = new Map(
    LOCALES.map((locale) => [
      locale,
      renderIndexHtml(template, {
        config: config.public,
        lang: locale,
        noscript: translate(locale, 'app.noscriptRequired'),
      }),
    ]),
  );
  const plainPage = (url: string): string => {
    const first = url.split(/[/?#]/)[1] ?? '';
    return plainPages.get(isLocale(first) ? first : DEFAULT_LOCALE) ?? '';
  };
  // preCompressed: the build writes name.js.br and name.js.gz beside each asset (webpack.config.ts).
  await app.register(fastifyStatic, {
    root: config.staticDir,
    serve: false,
    index: false,
    preCompressed: true,
  });

  const serve = async (rel: string, reply: FastifyReply) => {
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
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(plainPage(`/${rel}`));
  };

  // A page whose data could not be loaded (e.g. the database is down) still boots: the SPA then
  // renders it in the browser and its own requests report the failure (the outage banner).
  const sendPlain = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(plainPage(request.url));

  // The render and the React tree it imports load beside the server's start, not per request.
  const render = import('./render');
  // Handled where a page awaits it (the plain page then); no unhandled rejection meanwhile.
  render.catch(() => undefined);

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const rel = request.params['*'];
    if (isApiUrl(`/${rel}`, config.public.apiBase)) throw notFound();
    const last = rel.split('/').pop() ?? '';
    if (last.includes('.') && last !== 'index.html') return serve(rel, reply);
    try {
      const { sendPage } = await render;
      return await sendPage(app, template, request, reply);
    } catch (err) {
      request.log.error({ err }, 'page: server render failed');
      return sendPlain(request, reply);
    }
  });
}
