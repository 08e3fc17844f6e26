/**
 * GET /api/me?optional=1: the SPA's session bootstrap answers a visitor 200 { data: null }, so no
 * page load logs a failed request; plain GET /api/me keeps SPEC's 401 for a missing session.
 */
import { agent, buildTestApp, createUser, loggedInAgent, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/me?optional=1 (session bootstrap)', () => {
  it('answers a visitor 200 with data null, while plain /api/me stays 401', async () => {
    const visitor = agent(t.app);
    const optional = await visitor.get('/api/me?optional=1');
    expect(optional.statusCode).toBe(200);
    expect(optional.json()).toEqual({ data: null });
    expect((await visitor.get('/api/me')).statusCode).toBe(401);
    // Only the exact flag relaxes the answer.
    expect((await visitor.get('/api/me?optional=0')).statusCode).toBe(401);
  });

  it('answers a logged-in user with the same current user as /api/me', async () => {
    const user = await createUser(t.db, { full_name: 'Ilze Kalniņa' });
    const a = await loggedInAgent(t.app, user);
    const optional = await a.get('/api/me?optional=1');
    expect(optional.statusCode).toBe(200);
    expect(optional.json()).toEqual((await a.get('/api/me')).json());
    expect(optional.json().data).toMatchObject({ uuid: user.uuid, email: user.email });
  });

  it('answers null, not 401, once the session has expired; /api/me answers 401', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 + 1) WHERE user_uuid = $1`,
      [user.uuid, t.config.sessionIdleMinutes],
    );
    const optional = await a.get('/api/me?optional=1');
    expect(optional.statusCode).toBe(200);
    expect(optional.json()).toEqual({ data: null });
    expect((await a.get('/api/me')).statusCode).toBe(401);
  });
});
