import { agent, buildTestApp, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('error shapes', () => {
  it('422 is { message, errors: { field: [text] } } with every failing field', async () => {
    const res = await agent(t.app).post('/api/login', {}, { headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Переданные данные некорректны.',
      errors: { email: ['Это поле обязательно.'], password: ['Это поле обязательно.'] },
    });
  });

  it('formats values and plurals in the message (ru: 8 символов)', async () => {
    const res = await agent(t.app).post(
      '/api/register',
      { full_name: 'Иван Петров', email: 'ivan@example.test', password: 'short', terms: true },
      { headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } },
    );
    expect(res.json().errors).toEqual({ password: ['Минимум 8 символов.'] });
  });

  it('defaults to lv and honours Accept-Language quality order', async () => {
    const lv = await agent(t.app).get('/api/me');
    expect(lv.json()).toEqual({ message: 'Lūdzu, piesakieties, lai turpinātu.' });
    const et = await agent(t.app).get('/api/me', {
      headers: { 'accept-language': 'de;q=1, en;q=0.5, et;q=0.8' },
    });
    expect(et.json()).toEqual({ message: 'Jätkamiseks logige sisse.' });
  });

  it('unknown /api route: 404 { message }', async () => {
    const res = await agent(t.app).get('/api/nope', { headers: { 'accept-language': 'tr' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Bulunamadı.' });
    const post = await agent(t.app).post('/api/nope', {});
    expect(post.statusCode).toBe(404);
  });

  it('a malformed JSON body is a 400 { message }, not a 500', async () => {
    const res = await agent(t.app).request('POST', '/api/login', '{"email": ', {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request could not be understood.' });
  });

  it('an unexpected error is a logged 500 { message: Server error } and the server keeps serving', async () => {
    t.app.log.error = jest.fn() as never;
    const spy = jest.spyOn(t.db, 'query').mockRejectedValueOnce(new Error('boom: secret detail'));
    const res = await agent(t.app).get('/api/categories', { headers: { 'accept-language': 'en' } });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error' });
    expect((await agent(t.app).get('/api/categories')).statusCode).toBe(200);
  });

  it('sends the security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limits', () => {
  it('answers 429 { message } after loginRateLimit login attempts a minute', async () => {
    const limited = await buildTestApp({ loginRateLimit: 3 });
    try {
      const a = agent(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await a.request(
          'POST',
          '/api/login',
          { email: 'x@example.test', password: 'whatever' },
          { headers: { 'accept-language': 'en' } },
        );
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toEqual({
            message: 'Too many requests. Please wait a minute and try again.',
          });
        }
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
      // Other routes keep the generous global limit.
      expect((await a.get('/api/health')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('applies the global limit to everything', async () => {
    const limited = await buildTestApp({ rateLimit: 2 });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject('/api/health')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
