import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { agent, buildTestApp, createUser, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const EN = { headers: { 'accept-language': 'en' } };
const sessionCount = async (userUuid: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_uuid = $1',
      [userUuid],
    )
  )[0].n;

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const hash = await hashPassword('talka-demo');
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('talka-demo', hash)).toBe(true);
    expect(await verifyPassword('talka-demO', hash)).toBe(false);
    expect(await verifyPassword('talka-demo', 'garbage')).toBe(false);
    expect(await hashPassword('talka-demo')).not.toBe(hash); // salted
  });
});

describe('POST /api/register', () => {
  it('creates the user, answers 201 { data: CurrentUser } and logs in', async () => {
    const a = agent(t.app);
    const res = await a.post('/api/register', {
      full_name: 'Jānis Ozoliņš',
      email: 'Janis@Example.test',
      password: 'long-enough',
      terms: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        uuid: expect.any(String),
        email: 'janis@example.test',
        full_name: 'Jānis Ozoliņš',
        display_name: 'Jānis O.',
        is_freelancer: false,
        is_legal: false,
        photo: null,
        phone_number: null,
        languages: [],
        categories: [],
      },
    });
    const me = await a.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('janis@example.test');
    const [row] = await t.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      ['janis@example.test'],
    );
    expect(await verifyPassword('long-enough', row.password_hash)).toBe(true);
  });

  it('answers 422 with field errors for every broken rule, in the request language', async () => {
    const res = await agent(t.app).post(
      '/api/register',
      { full_name: '', email: 'not-an-email', password: 'short', terms: false },
      EN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        full_name: ['This field is required.'],
        email: ['Enter a valid email address.'],
        password: ['Use at least 8 characters.'],
        terms: ['Accept the terms to continue.'],
      },
    });
  });

  it('answers 422 on email when the address is already registered (any letter case)', async () => {
    await createUser(t.db, { email: 'taken@example.test' });
    const res = await agent(t.app).post(
      '/api/register',
      {
        full_name: 'Someone Else',
        email: 'TAKEN@example.test',
        password: 'long-enough',
        terms: true,
      },
      EN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This email address is already registered.'] });
  });
});

describe('POST /api/login', () => {
  it('logs in with the right password and answers { data: CurrentUser }', async () => {
    const user = await createUser(t.db, { is_freelancer: true, photo_path: 'photos/a b.jpg' });
    const a = agent(t.app);
    const res = await a.login(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        uuid: user.uuid,
        email: user.email,
        full_name: user.full_name,
        display_name: user.display_name,
        is_freelancer: true,
        is_legal: false,
        photo: { thumbnail: '/uploads/photos/a%20b.jpg' },
        phone_number: '+371 20000000',
        languages: [],
        categories: [],
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'talka_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Only the token's hash is stored.
    const [session] = await t.db.query<{ id: string }>(
      'SELECT id FROM sessions WHERE user_uuid = $1',
      [user.uuid],
    );
    expect(session.id).toBe(crypto.createHash('sha256').update(cookie!.value).digest('hex'));
    expect(session.id).not.toBe(cookie!.value);
  });

  it('answers 422 { message, errors.email } for a wrong password, and the same for an unknown email', async () => {
    const user = await createUser(t.db);
    const wrong = await agent(t.app).login(user.email, 'wrong-password');
    const unknown = await agent(t.app).login('nobody@example.test', 'wrong-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: expect.any(String),
      errors: { email: ['Šie pieteikšanās dati neatbilst mūsu ierakstiem.'] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies.find((c) => c.name === 'talka_session')).toBeUndefined();
  });

  it('does not log in a deleted user', async () => {
    const user = await createUser(t.db, { deleted_at: new Date() });
    expect((await agent(t.app).login(user.email, user.password)).statusCode).toBe(422);
  });

  it('rotates the session on login: new cookie value, the old session is gone', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    const first = a.cookies.get('talka_session')!;
    await a.login(user.email, user.password);
    const second = a.cookies.get('talka_session')!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await sessionCount(user.uuid)).toBe(1);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { talka_session: first },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('GET /api/me and POST /api/logout', () => {
  it('answers 401 { message } for a visitor', async () => {
    const res = await agent(t.app).get('/api/me', EN);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue.' });
  });

  it('logout answers 204 and ends the session server-side: the old cookie gets 401', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    const token = a.cookies.get('talka_session')!;
    const out = await a.post('/api/logout');
    expect(out.statusCode).toBe(204);
    expect(a.cookies.has('talka_session')).toBe(false);
    expect(await sessionCount(user.uuid)).toBe(0);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { talka_session: token },
      headers: { 'accept-language': 'en' },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
  });

  it('expires a session idle longer than sessionIdleMinutes', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    expect((await a.get('/api/me')).statusCode).toBe(200);
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 + 1) WHERE user_uuid = $1`,
      [user.uuid, t.config.sessionIdleMinutes],
    );
    expect((await a.get('/api/me')).statusCode).toBe(401);
  });

  it('keeps an active session alive: a request refreshes last_seen_at', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 - 1) WHERE user_uuid = $1`,
      [user.uuid, t.config.sessionIdleMinutes],
    );
    expect((await a.get('/api/me')).statusCode).toBe(200);
    const [s] = await t.db.query<{ fresh: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM sessions WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect(s.fresh).toBe(true);
  });

  it('expires a session past its absolute lifetime even when active', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect((await a.get('/api/me')).statusCode).toBe(401);
  });

  it('sets the absolute expiry from sessionAbsoluteHours', async () => {
    const user = await createUser(t.db);
    await agent(t.app).login(user.email, user.password);
    const [s] = await t.db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
         FROM sessions WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect(s.hours).toBe(t.config.sessionAbsoluteHours);
  });

  it('touches users.last_seen_at for the online dot', async () => {
    const user = await createUser(t.db, { last_seen_at: new Date(Date.now() - 3600_000) });
    const a = agent(t.app);
    await a.login(user.email, user.password);
    await t.db.query(`UPDATE users SET last_seen_at = now() - interval '1 hour' WHERE uuid = $1`, [
      user.uuid,
    ]);
    await a.get('/api/me');
    const [row] = await t.db.query<{ fresh: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM users WHERE uuid = $1`,
      [user.uuid],
    );
    expect(row.fresh).toBe(true);
  });
});

describe('secure cookies', () => {
  it('uses __Host-talka_session with Secure when cookieSecure', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      const user = await createUser(secure.db);
      const res = await agent(secure.app).login(user.email, user.password);
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === '__Host-talka_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(res.cookies.find((c) => c.name === 'talka_session')).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
