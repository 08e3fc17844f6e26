/**
 * Issue 14 item 4 (ASVS 6.2.4, 6.2.11): registration refuses the most common passwords (the
 * zxcvbn-ts common-password list, 49,233 entries) and passwords that are the email or contain its
 * local part, with a translated 422 on the password field; nothing is stored or mailed.
 */
import { agent, buildTestApp, type TestApp } from '../../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (email: string, password: string, locale = 'en') =>
  agent(t.app).post(
    '/api/register',
    { full_name: 'Anna Bērziņa', email, password, terms: true },
    { headers: { 'accept-language': locale } },
  );
const pending = async (email: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM pending_registrations WHERE lower(email) = lower($1))
            + (SELECT count(*) FROM email_outbox WHERE lower(to_email) = lower($1)) AS n`,
      [email],
    )
  )[0].n;

describe('common passwords', () => {
  it.each(['12345678', 'password', 'Password', 'qwertyuiop', 'iloveyou', 'sunshine', 'PASSWORD1'])(
    '%s is a 422 on password, stores and mails nothing',
    async (password) => {
      const email = `common-${password.toLowerCase()}@example.test`;
      const res = await register(email, password);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { password: ['This password is too common. Choose one that is harder to guess.'] },
      });
      expect(Number(await pending(email))).toBe(0);
    },
  );

  it('is translated into the request’s language', async () => {
    const messages = new Set<string>();
    for (const locale of ['lv', 'ru', 'tr', 'et', 'lt']) {
      const res = await register(`common-${locale}@example.test`, '12345678', locale);
      expect(res.statusCode).toBe(422);
      const [text] = res.json().errors.password as string[];
      expect(text).not.toMatch(/too common/);
      messages.add(text);
    }
    expect(messages.size).toBe(5);
  });

  it('a password that is not on the list registers', async () => {
    const res = await register('strong@example.test', 'violet-harbour-7421');
    expect(res.statusCode).toBe(202);
  });
});

describe('passwords made of the email', () => {
  it.each([
    ['anna.berzina@example.test', 'anna.berzina@example.test'],
    ['anna.berzina@example.test', 'ANNA.BERZINA@EXAMPLE.TEST'],
    ['anna.berzina@example.test', 'anna.berzina'],
    ['anna.berzina@example.test', 'my-anna.berzina-2024'],
  ])('%s with password %s is a 422 on password', async (email, password) => {
    const res = await register(email, password);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password: ['The password must not contain your email address.'],
    });
    expect(Number(await pending(email))).toBe(0);
  });

  it('a short local part is only refused as the whole email, not inside any password', async () => {
    expect((await register('an@example.test', 'banana-split-77')).statusCode).toBe(202);
    expect((await register('ab@example.test', 'ab@example.test')).statusCode).toBe(422);
  });
});
