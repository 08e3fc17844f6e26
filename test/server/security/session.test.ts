/**
 * ASVS 7.2.4, 7.3.1, 7.3.2 and 7.4.1 beyond test/server/auth.test.ts: a session id chosen by an
 * attacker is never adopted; the idle and absolute lifetimes follow the configuration; a session
 * that ended (logout, idle, absolute) stays dead on the server when its cookie is replayed.
 */
import { loadConfig } from '../../../config';
import { agent, buildTestApp, createUser, loggedInAgent, type TestApp } from '../../support/server';

const EN = { 'accept-language': 'en' };

describe('session lifetimes from the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMinutes: 5, sessionAbsoluteHours: 2 });
  });
  afterAll(() => t.close());

  const replay = (token: string) =>
    t.app.inject({ url: '/api/me', cookies: { talka_session: token }, headers: EN });

  it('reads SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '12' });
    expect(config).toMatchObject({ sessionIdleMinutes: 15, sessionAbsoluteHours: 12 });
  });

  it('idle: alive 4 minutes after the last request, ended after 6 (and stays ended)', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    const token = a.cookies.get('talka_session')!;
    const idle = (minutes: number) =>
      t.db.query(
        `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE user_uuid = $1`,
        [user.uuid, minutes],
      );
    await idle(4);
    expect((await replay(token)).statusCode).toBe(200);
    await idle(6);
    const expired = await replay(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    // The refused request did not revive it.
    await idle(6);
    expect((await replay(token)).statusCode).toBe(401);
  });

  it('absolute: the cookie and the server row last sessionAbsoluteHours, then it ends', async () => {
    const user = await createUser(t.db);
    const res = await agent(t.app).login(user.email, user.password);
    const cookie = res.cookies.find((c) => c.name === 'talka_session')!;
    expect(cookie.maxAge).toBe(2 * 3600);
    const [row] = await t.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes
         FROM sessions WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect(row.minutes).toBe(120);
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now()
        WHERE user_uuid = $1`,
      [user.uuid],
    );
    expect((await replay(cookie.value)).statusCode).toBe(401);
  });
});

describe('session ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('never adopts a session id planted before login (fixation)', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    a.cookies.set('talka_session', planted);
    const res = await a.login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const issued = a.cookies.get('talka_session')!;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    const withPlanted = await t.app.inject({ url: '/api/me', cookies: { talka_session: planted } });
    expect(withPlanted.statusCode).toBe(401);
  });

  it('issues a different id on every login, and two devices have separate sessions', async () => {
    const user = await createUser(t.db);
    const phone = await loggedInAgent(t.app, user);
    const laptop = await loggedInAgent(t.app, user);
    expect(phone.cookies.get('talka_session')).not.toBe(laptop.cookies.get('talka_session'));
    const phoneToken = phone.cookies.get('talka_session')!;
    expect((await phone.post('/api/logout')).statusCode).toBe(204);
    // Logout ended the phone's session on the server, not the laptop's.
    const replay = await t.app.inject({ url: '/api/me', cookies: { talka_session: phoneToken } });
    expect(replay.statusCode).toBe(401);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
  });

  it('a replayed logged-out cookie cannot act: writes answer 401', async () => {
    const user = await createUser(t.db, { is_freelancer: true });
    const a = await loggedInAgent(t.app, user);
    const token = a.cookies.get('talka_session')!;
    await a.post('/api/logout');
    a.cookies.set('talka_session', token);
    const res = await a.put(
      '/api/me/profile',
      { display_name: 'Hijacked', languages: ['lv'] },
      { headers: EN },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Your session has expired. Please log in again.' });
    const [row] = await t.db.query<{ display_name: string }>(
      'SELECT display_name FROM users WHERE uuid = $1',
      [user.uuid],
    );
    expect(row.display_name).toBe(user.display_name);
  });
});
