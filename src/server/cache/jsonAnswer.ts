/**
 * JSON answers serialized once and kept (issue 18; docs/ARCHITECTURE.md "Read model and caches"):
 * the read model keeps a list page, and a task as one viewer sees it, as the exact bytes the API
 * sends, with their `ETag`, so a cached read costs no `JSON.stringify` of a 5-20 KB answer and no
 * hash of it. A task's answer leaves one hole, its running view count (tasks/views.ts), filled per
 * request: the tag is the digest of the rest and that count.
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { LoadedTask } from '../tasks/loadTask';

/** A strong entity tag of a body. */
export const etagOf = (body: string): string =>
  `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

export interface JsonAnswer {
  /** Kept answers are encoded once; a filled task answer is a fresh string. */
  body: Buffer | string;
  etag: string;
}

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = JSON.stringify(value);
  return { body: Buffer.from(body), etag: etagOf(body) };
}

/** `{ data: task }` around the hole for its views_count, and who the task belongs to. */
export interface TaskAnswer {
  loaded: LoadedTask;
  head: string;
  tail: string;
  digest: string;
}

/**
 * The hole: no string value can contain this with its quotes unescaped, and the task is the only
 * object of the answer with a views_count, so its first occurrence is the task's own.
 */
const SLOT_VALUE = -1;
const SLOT = `"views_count":${SLOT_VALUE}`;

export function taskAnswerOf(loaded: LoadedTask): TaskAnswer {
  const json = JSON.stringify({ data: { ...loaded.task, views_count: SLOT_VALUE } });
  const at = json.indexOf(SLOT);
  if (at < 0) throw new Error('a task answer without views_count');
  const head = json.slice(0, at + SLOT.length - String(SLOT_VALUE).length);
  const tail = json.slice(at + SLOT.length);
  const digest = crypto.createHash('sha1').update(head).update('\0').update(tail);
  return { loaded, head, tail, digest: digest.digest('base64url') };
}

/** The task's answer with this request's view count. */
export function filledTaskAnswer(
  answer: TaskAnswer,
  viewsCount: number,
): JsonAnswer & { body: string } {
  return {
    body: `${answer.head}${viewsCount}${answer.tail}`,
    etag: `"${answer.digest}-${viewsCount}"`,
  };
}

/** Sends a kept answer as is (cache/httpCache.ts answers 304 to its tag). */
export function sendJsonAnswer(reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  return reply
    .header('ETag', answer.etag)
    .type('application/json; charset=utf-8')
    .send(answer.body);
}
