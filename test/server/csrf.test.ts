import { agent, buildTestApp, createUser, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('CSRF double submit', () => {
  it('sets a readable XSRF-TOKEN cookie on a response when the request lacks it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie!.httpOnly).toBeFalsy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': cookie!.value },
    });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers 419 { message } to a mutating request without the header', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app, { csrf: false });
    await a.get('/api/health');
    expect(a.cookies.has('XSRF-TOKEN')).toBe(true);
    const res = await a.post(
      '/api/login',
      { email: user.email, password: user.password },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'The page has expired. Please try again.' });
  });

  it('answers 419 when the header does not match the cookie', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.get('/api/health');
    const res = await a.post(
      '/api/login',
      { email: user.email, password: user.password },
      { headers: { 'x-xsrf-token': 'x'.repeat(43) } },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'Lapas derīgums ir beidzies. Lūdzu, mēģiniet vēlreiz.' });
  });

  it('answers 419 when a header comes without the cookie (a forged cross-site request)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-xsrf-token': 'y'.repeat(43) },
    });
    expect(res.statusCode).toBe(419);
  });

  it('lets the request through when the header equals the cookie', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    const res = await a.login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect((await a.post('/api/logout')).statusCode).toBe(204);
  });

  it('checks every mutating method, not only POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/me' });
      expect(res.statusCode).toBe(419);
    }
  });
});

describe('CSRF token bound to the session (ASVS 3.5.1)', () => {
  it('a logged-in request with a planted cookie and header pair is refused, and changes nothing', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    expect((await a.login(user.email, user.password)).statusCode).toBe(200);
    // An attacker who can plant a cookie (a sibling subdomain) sends a pair of their own choice.
    const planted = 'q'.repeat(43);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/become-freelancer',
      headers: {
        cookie: `talka_session=${a.cookies.get('talka_session')}; XSRF-TOKEN=${planted}`,
        'x-xsrf-token': planted,
      },
    });
    expect(res.statusCode).toBe(419);
    const [row] = await t.db.query<{ is_freelancer: boolean }>(
      'SELECT is_freelancer FROM users WHERE uuid = $1',
      [user.uuid],
    );
    expect(row.is_freelancer).toBe(false);
    // The answer hands back the session's own token, so the SPA recovers on its next try.
    const fresh = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(fresh?.value).toBe(a.cookies.get('XSRF-TOKEN'));
    expect(fresh?.value).not.toBe(planted);
  });

  it('login rotates the token: the one held before login is refused after it', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.get('/api/health');
    const before = a.cookies.get('XSRF-TOKEN')!;
    const login = await a.login(user.email, user.password);
    expect(login.statusCode).toBe(200);
    const after = login.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    const stale = await a.post('/api/logout', undefined, { headers: { 'x-xsrf-token': before } });
    expect(stale.statusCode).toBe(419);
    expect((await a.post('/api/logout')).statusCode).toBe(204);
  });

  it("one session's token does not work for another session of the same user", async () => {
    const user = await createUser(t.db);
    const first = agent(t.app);
    const second = agent(t.app);
    await first.login(user.email, user.password);
    await second.login(user.email, user.password);
    expect(first.cookies.get('XSRF-TOKEN')).not.toBe(second.cookies.get('XSRF-TOKEN'));
    const res = await first.post('/api/logout', undefined, {
      headers: { 'x-xsrf-token': second.cookies.get('XSRF-TOKEN')! },
    });
    expect(res.statusCode).toBe(419);
  });

  it('logout hands out a new random token, no longer tied to the ended session', async () => {
    const user = await createUser(t.db);
    const a = agent(t.app);
    await a.login(user.email, user.password);
    const during = a.cookies.get('XSRF-TOKEN');
    const out = await a.post('/api/logout');
    expect(out.statusCode).toBe(204);
    expect(a.cookies.get('XSRF-TOKEN')).not.toBe(during);
    // The visitor can log in again with it.
    expect((await a.login(user.email, user.password)).statusCode).toBe(200);
  });

  it('over HTTPS the cookie is __Host-XSRF-TOKEN and an unprefixed XSRF-TOKEN is not read', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      const health = await secure.app.inject({ method: 'GET', url: '/api/health' });
      const cookie = health.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
      expect(cookie).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
      expect(cookie!.domain).toBeUndefined();
      expect(health.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
      const user = await createUser(secure.db);
      const plain = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { cookie: `XSRF-TOKEN=${'r'.repeat(43)}`, 'x-xsrf-token': 'r'.repeat(43) },
        payload: { email: user.email, password: user.password },
      });
      expect(plain.statusCode).toBe(419);
      const a = agent(secure.app);
      expect((await a.login(user.email, user.password)).statusCode).toBe(200);
      expect((await a.post('/api/logout')).statusCode).toBe(204);
    } finally {
      await secure.close();
    }
  });
});
