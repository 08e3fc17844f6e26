/** Register, login, logout and the current user. */
import type { FastifyPluginAsync } from 'fastify';
import { loginSchema, registerSchema } from '../../shared/validation/auth';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import { endSession, requireUser, startSession } from '../auth/session';
import { FieldErrors } from '../errors';
import { displayNameOf, toCurrentUser, type UserRow } from '../users';
import { validateBody } from '../validate';
import '../types';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const strict = { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } };

  app.post('/register', { config: strict }, async (request, reply) => {
    const form = await validateBody(registerSchema, request.body);
    const email = form.email.toLowerCase();
    // Registration cannot hide that an address is taken (the person must be told to log in
    // instead), so like GitHub or Laravel Breeze we say so plainly; the hash is computed before
    // the lookup so timing adds no second signal, and the route is rate-limited like login.
    const passwordHash = await hashPassword(form.password);
    const rows = await db.query<UserRow>(
      `INSERT INTO users (email, password_hash, full_name, display_name)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (lower(email)) DO NOTHING
       RETURNING *`,
      [email, passwordHash, form.full_name, displayNameOf(form.full_name)],
    );
    const user = rows[0];
    if (!user) throw new FieldErrors({ email: [{ id: 'auth.email_taken' }] });
    await startSession(request, reply, user);
    return reply.code(201).send({ data: toCurrentUser(user) });
  });

  app.post('/login', { config: strict }, async (request, reply) => {
    const form = await validateBody(loginSchema, request.body);
    const rows = await db.query<UserRow>(
      'SELECT * FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
      [form.email],
    );
    const user = rows[0];
    // An unknown email is checked against a dummy hash so it costs the same time as a wrong password.
    const ok = await verifyPassword(form.password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) throw new FieldErrors({ email: [{ id: 'auth.invalid_credentials' }] });
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
