/** Register, login, logout and the current user. */
import type { FastifyPluginAsync } from 'fastify';
import { loginSchema, registerSchema, type PasswordContext } from '../../shared/validation/auth';
import { isCommonPassword } from '../auth/commonPasswords';
import { writeMailFile } from '../auth/mail';
import { dummyHash, verifyPassword } from '../auth/password';
import { beginRegistration, confirmRegistration, safeNext } from '../auth/registration';
import { endSession, requireUser, startSession } from '../auth/session';
import { createLoginThrottle } from '../auth/loginThrottle';
import { FieldErrors, HttpError } from '../errors';
import { toCurrentUser, type UserRow } from '../users';
import { validateBody, validateInput } from '../validate';
import '../types';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const strict = { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } };
  const throttle = createLoginThrottle(config.loginAccountRateLimit);

  // Registration answers the same 202 whether or not the address has an account (ASVS 6.3.8):
  // the difference goes only to the mailbox (a confirmation link, or "you already have an account"),
  // see beginRegistration and docs/ACCOUNTS.md. Rate-limited like login.
  app.post('/register', { config: strict }, async (request, reply) => {
    // The common-password list is the server's part of the shared schema (validation context).
    const form = await validateInput(registerSchema, request.body, {
      context: { isCommonPassword } satisfies PasswordContext,
    });
    const next = safeNext((request.body as { next?: unknown } | null)?.next);
    const { mail, queued } = await beginRegistration(db, {
      full_name: form.full_name,
      email: form.email.toLowerCase(),
      password: form.password,
      locale: request.locale,
      next,
      publicUrl: config.public.publicUrl,
    });
    await writeMailFile(config.dataDir, request.log, mail, queued);
    return reply.code(202).send({ data: { email: form.email.toLowerCase() } });
  });

  // The link's token creates the account and logs in; a bad, used or expired token is a 422 on it.
  app.post('/register/confirm', { config: strict }, async (request, reply) => {
    const user = await confirmRegistration(db, (request.body as { token?: unknown } | null)?.token);
    if (!user) throw new FieldErrors({ token: [{ id: 'registration.confirm.invalid' }] });
    await startSession(request, reply, user);
    return reply.code(201).send({ data: toCurrentUser(user) });
  });

  app.post('/login', { config: strict }, async (request, reply) => {
    const form = await validateBody(loginSchema, request.body);
    // Per account (any address): refused before the password is even checked, right or wrong.
    const wait = throttle.retryAfterMs(form.email);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new HttpError(429, 'errors.too_many_requests');
    }
    const rows = await db.query<UserRow>(
      'SELECT * FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
      [form.email],
    );
    const user = rows[0];
    // An unknown email is checked against a dummy hash so it costs the same time as a wrong password.
    const ok = await verifyPassword(form.password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) {
      throttle.failed(form.email);
      throw new FieldErrors({ email: [{ id: 'auth.invalid_credentials' }] });
    }
    throttle.succeeded(form.email);
    // A suspended account (issue 19) is told so, only once the password proved who is asking.
    if (user.suspended_at) throw new FieldErrors({ email: [{ id: 'auth.suspended' }] });
    await startSession(request, reply, user);
    return { data: toCurrentUser(user) };
  });

  app.post('/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });

  // `?optional=1` is the SPA's session bootstrap: for it a visitor is an answer (200 { data: null }),
  // not an error, so no page load logs a failed request. Without it /me is protected like every
  // other call and answers 401 (docs/ARCHITECTURE.md, "The current user").
  app.get<{ Querystring: { optional?: string } }>('/me', async (request) => {
    if (request.query.optional === '1') {
      return { data: request.user ? toCurrentUser(request.user) : null };
    }
    return { data: toCurrentUser(requireUser(request)) };
  });
};
