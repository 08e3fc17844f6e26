/**
 * One place that shapes every failure the Laravel way: 422 { message, errors }, others { message },
 * translated into the request's language; unknown errors are logged and become a plain 500.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { isMessageRef, type MessageRef } from '../../shared/validation/messages';
import { FieldErrors, HttpError, isDbConnectionError, isMalformedMultipart } from '../errors';
import { localeFromHeader, translate } from '../i18n';
import type { ServerMessageId } from '../i18n/messages';
import '../types';

type FieldMessages = Record<string, MessageRef[]>;

function add(errors: FieldMessages, field: string, message: MessageRef): void {
  const list = (errors[field] ??= []);
  if (!list.some((m) => m.id === message.id)) list.push(message);
}

/** yup (abortEarly: false) -> field errors; messages are descriptors from src/shared/validation. */
export function yupFieldErrors(err: ValidationError): FieldMessages {
  const errors: FieldMessages = {};
  const leaves = err.inner.length > 0 ? err.inner : [err];
  for (const leaf of leaves) {
    const raw: unknown = leaf.errors[0] ?? leaf.message;
    add(errors, leaf.path || '_', isMessageRef(raw) ? raw : { id: 'validation.invalid' });
  }
  return errors;
}

interface AjvError {
  keyword: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** Fastify's JSON-schema (ajv) errors -> the same field errors as yup gives. */
export function ajvFieldErrors(validation: readonly AjvError[]): FieldMessages {
  const errors: FieldMessages = {};
  for (const e of validation) {
    const params = e.params ?? {};
    const base = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = typeof params.missingProperty === 'string' ? params.missingProperty : null;
    const field = missing ? (base ? `${base}.${missing}` : missing) : base || '_';
    const limit = typeof params.limit === 'number' ? params.limit : 0;
    let message: MessageRef;
    if (e.keyword === 'required') message = { id: 'validation.required' };
    else if (e.keyword === 'minLength')
      message = { id: 'validation.min_length', values: { min: limit } };
    else if (e.keyword === 'maxLength')
      message = { id: 'validation.max_length', values: { max: limit } };
    else if (e.keyword === 'format' && params.format === 'email')
      message = { id: 'validation.email' };
    else message = { id: 'validation.invalid' };
    add(errors, field, message);
  }
  return errors;
}

const statusMessage = (status: number): ServerMessageId => {
  if (status === 401) return 'errors.unauthenticated';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.not_found';
  if (status === 413) return 'errors.payload_too_large';
  if (status === 419) return 'errors.csrf_mismatch';
  if (status === 429) return 'errors.too_many_requests';
  if (status === 503) return 'errors.db_unavailable';
  return status >= 500 ? 'errors.server_error' : 'errors.bad_request';
};

export function sendFieldErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  errors: FieldMessages,
) {
  const locale = request.locale;
  const body: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    body[field] = messages.map((m) => translate(locale, m.id, m.values));
  }
  return reply
    .code(422)
    .send({ message: translate(locale, 'errors.validation_failed'), errors: body });
}

export function sendMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  id: string,
) {
  return reply.code(status).send({ message: translate(request.locale, id) });
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing (a path with broken percent-encoding,
 * FST_ERR_BAD_URL) get the same translated { message } as every other client error, not Fastify's
 * own { error, code, message, statusCode }.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  request.log.info({ err: error }, 'request refused before routing');
  return reply.code(status).send({
    message: translate(localeFromHeader(request.headers['accept-language']), statusMessage(status)),
  });
}

export const errorHandlerPlugin = fp(
  async (app) => {
    // A getter, so errors thrown by early hooks (rate limit, CSRF) are translated too.
    app.decorateRequest('locale', {
      getter(this: FastifyRequest) {
        return localeFromHeader(this.headers['accept-language']);
      },
    });

    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof FieldErrors) return sendFieldErrors(request, reply, error.errors);
      if (error instanceof ValidationError)
        return sendFieldErrors(request, reply, yupFieldErrors(error));
      const validation = (error as FastifyError).validation;
      if (Array.isArray(validation))
        return sendFieldErrors(request, reply, ajvFieldErrors(validation));
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .send({ message: translate(request.locale, error.messageId, error.values) });
      }
      if (isDbConnectionError(error)) {
        // An outage fails every request the same way: one short line each, not a stack trace.
        request.log.warn(
          { code: (error as { code?: string }).code, reason: error.message },
          'database unavailable',
        );
        return sendMessage(request, reply, 503, 'errors.db_unavailable');
      }
      if (isMalformedMultipart(error))
        return sendMessage(request, reply, 400, 'errors.bad_request');
      const status = (error as FastifyError).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // Client mistakes Fastify detects itself: bad JSON, wrong content type, body too large.
        return sendMessage(request, reply, status, statusMessage(status));
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendMessage(request, reply, 500, 'errors.server_error');
    });

    app.setNotFoundHandler((request, reply) =>
      sendMessage(request, reply, 404, 'errors.not_found'),
    );
  },
  { name: 'talka-errors' },
);
