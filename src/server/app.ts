/** Builds the Fastify app: external plugins, then the app's own, then routes (fastify/demo order). */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { LIMITS } from '../shared/limits';
import { warmCommonPasswords } from './auth/commonPasswords';
import { csrfPlugin } from './auth/csrf';
import { createCacheBus, watchWrites } from './cache/invalidation';
import { httpCachePlugin } from './cache/httpCache';
import { postgresRateLimitStore } from './cache/rateLimitStore';
import { readModelPlugin } from './cache/readModel';
import { dummyHash } from './auth/password';
import { sessionPlugin } from './auth/session';
import { publishDueReviews, PUBLISH_INTERVAL_MS } from './completion/publish';
import type { Db } from './db/db';
import { HttpError } from './errors';
import { createGeocoder, geoRoutes } from './geo';
import { admissionPlugin } from './plugins/admission';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { rateLimitKey } from './plugins/clientAddress';
import { errorHandlerPlugin, frameworkErrors } from './plugins/errorHandler';
import { JSON_BODY_LIMIT, jsonBodyPlugin } from './plugins/jsonBody';
import { noStorePlugin } from './plugins/noStore';
import { pushPlugin, pushRoutes } from './push';
import { alertRoutes } from './routes/alerts';
import { authRoutes } from './routes/auth';
import { categoryRoutes } from './routes/categories';
import { chatRoutes } from './routes/chat';
import { completionRoutes } from './routes/completion';
import { freelancerRoutes } from './routes/freelancers';
import { healthRoutes } from './routes/health';
import { moderationRoutes } from './routes/moderation';
import { offerRoutes } from './routes/offers';
import { profileRoutes } from './routes/profiles';
import { reasonRoutes } from './routes/reasons';
import { questionRoutes } from './routes/questions';
import { reportRoutes } from './routes/reports';
import { taskListRoutes } from './routes/taskList';
import { taskRoutes } from './routes/tasks';
import { taskWriteRoutes } from './routes/taskWrite';
import { builtInlineScriptHashes, registerSpa } from './spa';
import type { RouteEntry } from './types';
import { createStorage } from './storage';
import { recoverUploads } from './storage/recovery';
import { uploadsRoutes } from './uploads';
import { nulGuardPlugin } from './validate';
import './types';

export interface ServerDeps {
  db: Db;
}

/** 'https://{s}.tile.example.org/{z}/{x}/{y}.png' -> 'https://*.tile.example.org' for img-src. */
export function tileOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  return /^[a-z0-9.*:-]+$/i.test(host) ? `${match[1].toLowerCase()}://${host}` : null;
}

export function contentSecurityPolicy(config: ServerConfig): Record<string, string[]> {
  const tiles = config.public.mapTileUrl ? tileOrigin(config.public.mapTileUrl) : null;
  return {
    defaultSrc: ["'self'"],
    // The bundles, and the inline loader of the built page by its hash (spa.ts).
    scriptSrc: ["'self'", ...builtInlineScriptHashes(config.staticDir)],
    // styled-components injects <style> tags at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    connectSrc: ["'self'"],
    // The inline loader's ICU warm-up worker (scripts/webpack/boot.js), a data: URL: its origin
    // is opaque, unlike a blob: URL's, which would be the page's.
    workerSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export async function buildServer(
  config: ServerConfig,
  deps: ServerDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    frameworkErrors,
    // JSON bodies: a small default, raised per route that takes a long text (plugins/jsonBody.ts).
    bodyLimit: JSON_BODY_LIMIT,
  });
  // The app's queries go through watchWrites: each committed write invalidates the read model at
  // once in this process; the triggers of migration 007 tell every process (cache/invalidation.ts).
  const cacheBus = createCacheBus(deps.db);
  app.decorate('db', watchWrites(deps.db, cacheBus));
  app.decorate('config', config);
  // Every route as registered (method, full url): tests walk it so a new route is covered too.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  // First: a request waits here, in a fair queue, before any other hook runs (plugins/admission.ts).
  await app.register(admissionPlugin);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The same as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    // No `Origin-Agent-Cluster: ?1`. Chromium keys agent clusters by origin by default since M110
    // (document.domain cannot be set), and Firefox and Safari ignore the header; its one effect
    // left is a hint to give the origin a process of its own, which made each full page load's
    // navigation commit ~40 ms longer (V8 context set up cold: median 93 vs 51 ms, Chromium, 9
    // loads each; docs/PERFORMANCE.md, "Lighthouse"). Talka is a single origin, so that process
    // separates it from nothing.
    originAgentCluster: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit,
    keyGenerator: rateLimitKey,
    timeWindow: '1 minute',
    // Several processes on one PostgreSQL count together (cache/rateLimitStore.ts); a database
    // outage answers 503 from the routes, not an error from the limiter.
    ...(deps.db.kind === 'postgres'
      ? { store: postgresRateLimitStore(deps.db), skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, 'errors.too_many_requests'),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imagesPerTask, fields: 200 },
  });

  await app.register(readModelPlugin, { bus: cacheBus, rawDb: deps.db });
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(httpCachePlugin);
  await app.register(noStorePlugin);
  await app.register(nulGuardPlugin);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin);
  await app.register(pushPlugin);
  // Pages and API answers compressed per request (brotli, else gzip), after the hooks above have
  // tagged and cached them (httpCache.ts hashes the plain body) and before @fastify/static, whose
  // precompressed bundles already carry their Content-Encoding (spa.ts). A server-rendered page is
  // 45-75 KB of HTML, its catalog and styles inlined: 10-15 KB on the wire. The push stream
  // (text/event-stream) and images are never compressed; request bodies are not decompressed.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(categoryRoutes);
      await api.register(taskRoutes);
      await api.register(offerRoutes);
      await api.register(chatRoutes);
      await api.register(taskWriteRoutes);
      await api.register(geoRoutes, { geocoder: createGeocoder(config), config });
      await api.register(taskListRoutes);
      await api.register(freelancerRoutes);
      await api.register(profileRoutes);
      await api.register(reasonRoutes);
      await api.register(completionRoutes);
      await api.register(reportRoutes);
      await api.register(moderationRoutes);
      await api.register(questionRoutes);
      await api.register(pushRoutes);
      await api.register(alertRoutes);
    },
    { prefix: config.public.apiBase },
  );
  await app.register(uploadsRoutes, { uploadsDir: config.uploadsDir });
  await registerSpa(app, config);

  // Uploads a stopped process left in doubt: kept or deleted by the database (storage.ts).
  await recoverUploads(deps.db, createStorage(config.uploadsDir), app.log);

  // Lone reviews whose blind days have passed count in ratings (completion/publish.ts).
  let publishTimer: NodeJS.Timeout | null = null;
  const publish = () =>
    publishDueReviews(deps.db).catch((err: unknown) => {
      app.log.warn({ err }, 'could not publish due reviews');
      return 0;
    });
  app.addHook('onReady', async () => {
    await publish();
    publishTimer = setInterval(() => void publish(), PUBLISH_INTERVAL_MS);
    publishTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (publishTimer) clearInterval(publishTimer);
  });

  // The first unknown-email login must not be slower than the rest.
  await dummyHash();
  // Nor the first registration slower than the rest (the common-password list).
  warmCommonPasswords();
  return app;
}

export { rateLimitKey };
