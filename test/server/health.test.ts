import { buildTestApp, type TestApp } from '../support/server';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with db true while the database is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { db: true } });
  });

  it('answers 503 with db false, and other routes 503 { message }, when the database is down', async () => {
    await t.db.close();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ data: { db: false } });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
  });
});
