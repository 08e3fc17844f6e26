import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONFIRMATION_HOURS, mailTexts } from '../../src/server/auth/mail';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { LOCALES } from '../../src/shared/locales';
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

interface OutboxRow {
  id: string;
  to_email: string;
  locale: string;
  template: string;
  subject: string;
  body: string;
  sent_at: Date | null;
}
const outboxFor = (email: string) =>
  t.db.query<OutboxRow>(
    'SELECT id::text AS id, to_email, locale, template, subject, body, sent_at FROM email_outbox WHERE lower(to_email) = lower($1) ORDER BY id',
    [email],
  );
const usersWith = async (email: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
      [email],
    )
  )[0].n;
const linkIn = (body: string): URL => {
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error(`no link in ${body}`);
  return new URL(match[0]);
};
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  full_name: 'Jānis Ozoliņš',
  email,
  password: 'long-enough',
  terms: true,
  ...extra,
});
/** Registers a new address and follows its emailed link; resolves to the confirm response. */
async function registerAndConfirm(email: string) {
  const a = agent(t.app);
  expect((await a.post('/api/register', form(email), EN)).statusCode).toBe(202);
  const [mail] = await outboxFor(email);
  const token = linkIn(mail.body).searchParams.get('token');
  return { a, res: await a.post('/api/register/confirm', { token }, EN) };
}

describe('POST /api/register', () => {
  it('answers 202 { data: { email } } for a new address, creates no user yet and mails a confirmation link', async () => {
    const a = agent(t.app);
    const res = await a.post(
      '/api/register',
      form('Janis@Example.test', { next: '/en/tasks/TKOPEN01' }),
      EN,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { email: 'janis@example.test' } });
    expect(res.cookies.find((c) => c.name === 'talka_session')).toBeUndefined();
    expect(await usersWith('janis@example.test')).toBe(0);
    expect((await a.get('/api/me')).statusCode).toBe(401);

    const outbox = await outboxFor('janis@example.test');
    expect(outbox).toHaveLength(1);
    const [mail] = outbox;
    expect(mail).toMatchObject({
      to_email: 'janis@example.test',
      locale: 'en',
      template: 'registration_confirm',
      subject: 'Confirm your Talka account',
      sent_at: null,
    });
    // The form's name is not echoed: anyone can make the API mail any address.
    expect(mail.body).not.toContain('Jānis');
    const link = linkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.public.publicUrl}/en/confirm-email`);
    expect(link.searchParams.get('next')).toBe('/en/tasks/TKOPEN01');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is stored, with the password already hashed.
    const [pending] = await t.db.query<{ token_hash: string; password_hash: string }>(
      'SELECT token_hash, password_hash FROM pending_registrations WHERE email = $1',
      ['janis@example.test'],
    );
    expect(pending.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(await verifyPassword('long-enough', pending.password_hash)).toBe(true);

    // The message is also a file under DATA_DIR/outbox, which developers and e2e tests read.
    const file = path.join(t.config.dataDir, 'outbox', `${mail.id.padStart(8, '0')}.eml`);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('To: janis@example.test\n');
    expect(text).toContain('Subject: Confirm your Talka account\n');
    expect(text).toContain(link.href);

    // A pending registration cannot log in: the same answer as a wrong password.
    const login = await agent(t.app).login('janis@example.test', 'long-enough');
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toEqual({
      email: ['Nepareiza e-pasta adrese vai parole.'],
    });
  });

  it('answers a registered address exactly like a new one and mails its owner instead', async () => {
    const owner = await createUser(t.db, {
      email: 'taken@example.test',
      full_name: 'Ilze Kalniņa',
    });
    const fresh = await agent(t.app).post('/api/register', form('fresh@example.test'), {
      headers: { 'accept-language': 'ru' },
    });
    const taken = await agent(t.app).post(
      '/api/register',
      form('TAKEN@example.test', { next: '/ru/tasks/TKOPEN01' }),
      { headers: { 'accept-language': 'ru' } },
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({ data: { email: 'taken@example.test' } });
    expect(fresh.json()).toEqual({ data: { email: 'fresh@example.test' } });
    const cookieNames = (res: typeof fresh) => res.cookies.map((c) => c.name).sort();
    expect(cookieNames(taken)).toEqual(cookieNames(fresh));
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    // Nothing about the account changed; no pending registration was made for it.
    const [row] = await t.db.query<{ password_hash: string; full_name: string }>(
      'SELECT password_hash, full_name FROM users WHERE uuid = $1',
      [owner.uuid],
    );
    expect(row.full_name).toBe('Ilze Kalniņa');
    expect(await verifyPassword(owner.password, row.password_hash)).toBe(true);
    const pending = await t.db.query(
      'SELECT 1 FROM pending_registrations WHERE lower(email) = $1',
      ['taken@example.test'],
    );
    expect(pending).toHaveLength(0);

    // The owner is told, in the request's language, with a link to log in (next kept).
    const [mail] = await outboxFor('taken@example.test');
    expect(mail).toMatchObject({
      to_email: 'taken@example.test',
      locale: 'ru',
      template: 'registration_existing',
      subject: 'Кто-то пытался зарегистрироваться с вашим адресом',
    });
    expect(mail.body).toContain('Здравствуйте, Ilze Kalniņa!');
    const link = linkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.public.publicUrl}/ru/vhod`);
    expect(link.searchParams.get('next')).toBe('/ru/tasks/TKOPEN01');
    expect(link.searchParams.has('token')).toBe(false);
    const [freshMail] = await outboxFor('fresh@example.test');
    expect(freshMail.template).toBe('registration_confirm');
    expect(freshMail.subject).toBe('Подтвердите свой аккаунт Talka');
  });

  it('hashes the password for a registered address too, so both take about as long', async () => {
    await createUser(t.db, { email: 'timing@example.test' });
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await agent(t.app).post('/api/register', form(email));
      expect(res.statusCode).toBe(202);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time('warm-up@example.test');
    const taken: number[] = [];
    const fresh: number[] = [];
    // Interleaved, so load on the machine hits both alike.
    for (let i = 0; i < 5; i += 1) {
      taken.push(await time('timing@example.test'));
      fresh.push(await time(`timing-${i}@example.test`));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const [scryptStart, scryptEnd] = [process.hrtime.bigint(), await hashPassword('x'.repeat(12))];
    const scryptMs = Number(process.hrtime.bigint() - scryptStart) / 1e6;
    expect(scryptEnd).toMatch(/^scrypt\$/);
    // Without the hash the registered address would answer faster by about one scrypt.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.6);
    expect(median(taken)).toBeGreaterThan(scryptMs * 0.6);
  });

  it('drops an unsafe next from the link', async () => {
    await agent(t.app).post(
      '/api/register',
      form('next@example.test', { next: '//evil.test/x' }),
      EN,
    );
    const [mail] = await outboxFor('next@example.test');
    expect(linkIn(mail.body).searchParams.has('next')).toBe(false);
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
    const ru = await agent(t.app).post(
      '/api/register',
      { email: 'bad@example.test', password: 'long-enough', terms: true },
      { headers: { 'accept-language': 'ru' } },
    );
    expect(ru.statusCode).toBe(422);
    expect(ru.json().errors).toEqual({ full_name: ['Это поле обязательно.'] });
    expect(await outboxFor('bad@example.test')).toHaveLength(0);
    expect(await outboxFor('not-an-email')).toHaveLength(0);
  });
});

describe('POST /api/register/confirm', () => {
  it('creates the user from the link, answers 201 { data: CurrentUser } and logs in', async () => {
    const { a, res } = await registerAndConfirm('Confirm@Example.test');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        uuid: expect.any(String),
        email: 'confirm@example.test',
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
    expect(me.json().data.email).toBe('confirm@example.test');
    expect((await agent(t.app).login('confirm@example.test', 'long-enough')).statusCode).toBe(200);
    const left = await t.db.query('SELECT 1 FROM pending_registrations WHERE email = $1', [
      'confirm@example.test',
    ]);
    expect(left).toHaveLength(0);
  });

  it('refuses a used, unknown, malformed or expired token with a translated 422 on token', async () => {
    const email = 'twice@example.test';
    const a = agent(t.app);
    await a.post('/api/register', form(email), EN);
    await a.post('/api/register', form(email, { password: 'another-one' }), EN);
    const [first, second] = (await outboxFor(email)).map((m) =>
      linkIn(m.body).searchParams.get('token')!,
    );
    expect((await a.post('/api/register/confirm', { token: first }, EN)).statusCode).toBe(201);
    // The address has its account now: the other link is void, and so is the used one.
    for (const token of [second, first, 'A'.repeat(43), 'short', 42, null]) {
      const res = await agent(t.app).post('/api/register/confirm', { token }, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The given data was invalid.',
        errors: {
          token: ['This confirmation link is invalid, has expired or has already been used.'],
        },
      });
    }
    expect(await usersWith(email)).toBe(1);

    await agent(t.app).post('/api/register', form('late@example.test'), EN);
    await t.db.query(
      `UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE email = $1`,
      ['late@example.test'],
    );
    const [late] = await outboxFor('late@example.test');
    const lv = await agent(t.app).post('/api/register/confirm', {
      token: linkIn(late.body).searchParams.get('token'),
    });
    expect(lv.statusCode).toBe(422);
    expect(lv.json().errors).toEqual({
      token: [
        'Šī apstiprinājuma saite nav derīga, tās termiņš ir beidzies vai tā jau ir izmantota.',
      ],
    });
    expect(await usersWith('late@example.test')).toBe(0);
  });

  // The links' paths come from the SPA's own table (src/shared/routes.ts); the ru and en mails above check them.
  it("every locale's mails carry their link, the name and the hours", () => {
    for (const locale of LOCALES) {
      for (const template of ['registration_confirm', 'registration_existing'] as const) {
        expect(mailTexts[locale][template].body).toContain('{link}');
      }
      expect(mailTexts[locale].registration_confirm.body).toContain(`${CONFIRMATION_HOURS}`);
      expect(mailTexts[locale].registration_existing.body).toContain('{name}');
    }
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
      errors: { email: ['Nepareiza e-pasta adrese vai parole.'] },
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
