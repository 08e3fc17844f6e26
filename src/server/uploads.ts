/**
 * Read-only serving of user uploads at /uploads/*. Files come from users, so they are sandboxed:
 * nosniff, a CSP that runs nothing, and inline display only for raster images.
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
// SVG can carry script: <img> still shows it, but opening it directly downloads it.
const ATTACHMENT_TYPES: Record<string, string> = { '.svg': 'image/svg+xml' };

export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');

export const uploadsRoutes: FastifyPluginAsync<{ uploadsDir: string }> = async (app, opts) => {
  const root = path.resolve(opts.uploadsDir);
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const relative = request.params['*'];
    const target = path.resolve(root, relative);
    const hidden = relative.split('/').some((segment) => segment.startsWith('.'));
    if (relative.includes('\0') || hidden || !target.startsWith(root + path.sep)) throw notFound();
    const stat = await fs.promises.stat(target).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    const ext = path.extname(target).toLowerCase();
    const inline = INLINE_TYPES[ext];
    reply
      .header('Content-Type', inline ?? ATTACHMENT_TYPES[ext] ?? 'application/octet-stream')
      .header('Content-Length', stat.size)
      .header('Content-Disposition', inline ? 'inline' : 'attachment')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=86400')
      .header('Last-Modified', stat.mtime.toUTCString());
    return reply.send(fs.createReadStream(target));
  });
};
