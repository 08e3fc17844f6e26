/**
 * Issue 14 item 6: a percent-encoded `/api` prefix (`/%61pi/...`) reaches the same routes as `/api/...`
 * (the router decodes the path), so every guard keyed on the prefix must see it too: the NUL guard,
 * `Cache-Control: no-store` and the session lookup.
 */
import { DEMO_EMAILS, buildSeededApp, loginAgent } from './support';
import type { TestApp } from '../../support/server';

describe('an encoded /api prefix gets every API guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildSeededApp();
  });
  afterAll(() => t.close());

  const spellings = ['/%61pi', '/%61%70%69', '/ap%69', '/a%70i'];

  it.each(spellings)('%s/tasks?city=a%%00b is a 422 on city, not a 500', async (prefix) => {
    const res = await t.app.inject({ method: 'GET', url: `${prefix}/tasks?city=a%00b` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: expect.any(String),
      errors: { city: [expect.any(String)] },
    });
  });

  it.each(spellings)(
    '%s/tasks/TKOPEN02 is not stored and knows who is logged in',
    async (prefix) => {
      const a = await loginAgent(t, DEMO_EMAILS.owner);
      const plain = await a.get('/api/tasks/TKOPEN02');
      const encoded = await a.get(`${prefix}/tasks/TKOPEN02`);
      expect(encoded.statusCode).toBe(200);
      expect(encoded.headers['cache-control']).toBe('no-store');
      // The session was looked up: the same answer as the plain prefix, personal fields included.
      expect(encoded.json()).toEqual(plain.json());
      const me = await a.get(`${prefix}/me`);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(DEMO_EMAILS.owner);
    },
  );

  it('a NUL in a path parameter under the encoded prefix is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/tasks/TK%00' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
