/**
 * Read-only serving of user uploads at /uploads/*. Files come from users, so they are sandboxed:
 * only raster images are served (image/* by extension; the storage re-encodes every upload), with
 * nosniff and a CSP that runs nothing. Anything else, SVG included (it can carry script), is 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from './errors';
import './types';

const INLINE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');

export const uploadsRoutes: FastifyPluginAsync<{ uploadsDir: string }> = async (app, opts) => {
  const root = path.resolve(opts.uploadsDir);
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const relative = request.params['*'];
    const target = path.resolve(root, relative);
    const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
    if (relative.includes('\0') || hidden || !target.startsWith(root + path.sep)) throw notFound();
    const type = INLINE_TYPES[path.extname(target).toLowerCase()];
    if (!type) throw notFound();
    const stat = await fs.promises.stat(target).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    reply
      .header('Content-Type', type)
      .header('Content-Length', stat.size)
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=86400')
      .header('Last-Modified', stat.mtime.toUTCString());
    return reply.send(fs.createReadStream(target));
  });
};
