/**
 * The shared register schema's password rules (issue 14 item 4): the email rule runs on both
 * sides; the common-password list is the server's (passed as context), too large for the bundle.
 */
import { passwordContainsEmail, registerSchema } from '../../src/shared/validation/auth';

const form = (email: string, password: string) => ({
  full_name: 'Anna',
  email,
  password,
  terms: true,
});
const errorsOf = async (values: object, context?: object) => {
  try {
    await registerSchema.validate(values, { abortEarly: false, context });
    return [];
  } catch (err) {
    return (err as { errors: { id: string }[] }).errors.map((e) => e.id);
  }
};

describe('passwordContainsEmail', () => {
  it('finds the whole email or a local part of three or more characters, in any case', () => {
    expect(passwordContainsEmail('Anna.B@example.lv', 'anna.b@example.lv')).toBe(true);
    expect(passwordContainsEmail('xxANNA.Byy', 'anna.b@example.lv')).toBe(true);
    expect(passwordContainsEmail('banana-split', 'an@example.lv')).toBe(false);
    expect(passwordContainsEmail('an@example.lv', 'an@example.lv')).toBe(true);
    expect(passwordContainsEmail('violet-harbour', 'anna.b@example.lv')).toBe(false);
    expect(passwordContainsEmail('anything', '')).toBe(false);
  });
});

describe('registerSchema password', () => {
  it('refuses the email on both sides, with no context needed', async () => {
    expect(await errorsOf(form('anna.b@example.lv', 'anna.b-2024'))).toEqual([
      'validation.password_contains_email',
    ]);
  });

  it('refuses a common password only where the list is given (the server)', async () => {
    const isCommonPassword = (p: string) => p === '12345678';
    expect(await errorsOf(form('a@b.lv', '12345678'))).toEqual([]);
    expect(await errorsOf(form('a@b.lv', '12345678'), { isCommonPassword })).toEqual([
      'validation.password_common',
    ]);
    expect(await errorsOf(form('a@b.lv', 'violet-harbour'), { isCommonPassword })).toEqual([]);
  });
});
