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
