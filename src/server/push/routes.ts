/**
 * GET /api/push: a Server-Sent Events stream for everyone. `?tasks=<uuid>,<uuid>` subscribes to those
 * public task channels (tasks.view); a logged-in user also gets their personal events. Events are
 * `data: {"handler":"tasks.view","task_uuid":"..."}`; a comment every KEEP_ALIVE_MS keeps proxies
 * from closing the connection, and `retry: 3000` tells EventSource when to reconnect.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../errors';
import { rateLimitKey } from '../plugins/clientAddress';
import { liveSessions } from '../auth/session';
import { isUuid, type PushEvent } from './hub';
import { createSessionGuard } from './sessionGuard';
import '../types';
import './plugin';

export const KEEP_ALIVE_MS = 25_000;
export const RETRY_MS = 3000;
/** More task channels than a page needs are ignored. */
export const MAX_TASKS_PER_STREAM = 50;

/** 'a,b , c' (or repeated ?tasks=) -> the valid, lower-cased, distinct uuids, at most 50. */
export function parseTaskList(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  const uuids = raw
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(isUuid);
  return [...new Set(uuids)].slice(0, MAX_TASKS_PER_STREAM);
}

export const formatEvent = (event: PushEvent): string => `data: ${JSON.stringify(event)}\n\n`;

/** Open streams by key; a key is dropped when its count falls to zero. */
function streamCounter() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    remove: (key: string) => {
      const n = (counts.get(key) ?? 0) - 1;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}

export const pushRoutes: FastifyPluginAsync = async (app) => {
  // Each stream holds a connection and a subscription for as long as it is open: capped per address
  // (PUSH_STREAMS_PER_ADDRESS) and per user (PUSH_STREAMS_PER_USER); beyond, 429 (counted per process).
  const byAddress = streamCounter();
  const byUser = streamCounter();
  const guard = createSessionGuard(
    app.readModel.bus,
    (ids) => liveSessions(app.db, app.config, ids),
    (err) => app.log.warn({ err }, 'push: a session check failed'),
  );
  app.get<{ Querystring: { tasks?: string | string[] } }>('/push', async (request, reply) => {
    const tasks = parseTaskList(request.query.tasks);
    const user = request.user;
    const sessionId = request.sessionId;
    const address = rateLimitKey(request);
    if (
      byAddress.count(address) >= app.config.pushStreamsPerAddress ||
      (user && byUser.count(user.uuid) >= app.config.pushStreamsPerUser)
    ) {
      reply.header('Retry-After', '30');
      throw new HttpError(429, 'errors.too_many_requests');
    }
    byAddress.add(address);
    if (user) byUser.add(user.uuid);
    const stream = new PassThrough();
    let ended = false;

    const write = (chunk: string) => {
      if (!ended) stream.write(chunk);
    };
    const unsubscribe = app.push.subscribe({ tasks, userUuid: user?.uuid ?? null }, (event) => {
      // A session past its known lifetime gets no more events: the stream ends instead.
      if (guarded && !guarded.live()) end();
      else write(formatEvent(event));
    });

    const end = () => {
      if (ended) return;
      ended = true;
      byAddress.remove(address);
      if (user) byUser.remove(user.uuid);
      clearInterval(timer);
      unsubscribe();
      guarded?.stop();
      app.pushStreams.delete(end);
      stream.end();
    };

    // A signed-in stream ends as soon as its session does: suspension, logout elsewhere, expiry.
    const guarded = user && sessionId ? guard.watch(sessionId, user.uuid, () => end()) : null;

    const timer = setInterval(() => {
      if (guarded && !guarded.live()) end();
      else write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
    timer.unref();

    app.pushStreams.add(end);
    // The response's 'close' fires when the client goes away (and after we end it).
    reply.raw.on('close', end);
    stream.on('error', end);

    write(`retry: ${RETRY_MS}\n: connected\n\n`);
    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-transform')
      .header('Connection', 'keep-alive')
      .header('X-Accel-Buffering', 'no')
      .send(stream);
  });
};
