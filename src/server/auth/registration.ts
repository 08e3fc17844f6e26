/**
 * Registration that does not tell whether an address has an account (ASVS 6.3.8, docs/ACCOUNTS.md).
 * Both kinds of address take the same steps (hash the password, sweep expired rows, one outbox row
 * and its file) and get the same answer; only the email differs.
 */
import crypto from 'node:crypto';
import type { Locale } from '../../shared/locales';
import { ROUTES } from '../../shared/routes';
import type { Db } from '../db/db';
import { displayNameOf, type UserRow } from '../users';
import { CONFIRMATION_HOURS, queueMail, type OutgoingMail, type QueuedMail } from './mail';
import { hashPassword } from './password';
import { hashToken } from './session';

/** A `next` path is carried into links only when it is a same-site relative path. */
export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 512) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    if (new URL(next, 'http://talka.invalid').origin !== 'http://talka.invalid') return null;
  } catch {
    return null;
  }
  return next;
}

export interface RegistrationRequest {
  full_name: string;
  /** Lower-cased. */
  email: string;
  password: string;
  locale: Locale;
  next: string | null;
  publicUrl: string;
}

/** Starts a registration: a pending row and a confirmation email, or a "you have an account" email. */
export async function beginRegistration(
  db: Db,
  form: RegistrationRequest,
): Promise<{ mail: OutgoingMail; queued: QueuedMail }> {
  // Hashed first, for both kinds of address, so the answer takes the same time.
  const passwordHash = await hashPassword(form.password);
  const token = crypto.randomBytes(32).toString('base64url');
  const nextQuery = form.next ? `&next=${encodeURIComponent(form.next)}` : '';
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM pending_registrations WHERE expires_at < now()');
    const [existing] = await tx.query<Pick<UserRow, 'full_name' | 'email'>>(
      'SELECT full_name, email FROM users WHERE lower(email) = lower($1)',
      [form.email],
    );
    let mail: OutgoingMail;
    if (existing) {
      const login = `${form.publicUrl}/${form.locale}/${ROUTES.login[form.locale]}`;
      mail = {
        to: existing.email,
        locale: form.locale,
        template: 'registration_existing',
        values: {
          name: existing.full_name,
          link: form.next ? `${login}?next=${encodeURIComponent(form.next)}` : login,
        },
      };
    } else {
      await tx.query(
        `INSERT INTO pending_registrations (token_hash, email, password_hash, full_name, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
        [hashToken(token), form.email, passwordHash, form.full_name, CONFIRMATION_HOURS],
      );
      mail = {
        to: form.email,
        locale: form.locale,
        template: 'registration_confirm',
        values: {
          link: `${form.publicUrl}/${form.locale}/${ROUTES.confirmEmail[form.locale]}?token=${token}${nextQuery}`,
        },
      };
    }
    return { mail, queued: await queueMail(tx, mail) };
  });
}

/** Tokens are 32 random bytes in base64url; anything else cannot match and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Turns a pending registration into a user. Null when the token is unknown, expired, already used,
 * or the address got an account meanwhile (then every pending row of the address is void).
 */
export async function confirmRegistration(db: Db, token: unknown): Promise<UserRow | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  return db.transaction(async (tx) => {
    const [pending] = await tx.query<{ email: string; password_hash: string; full_name: string }>(
      `SELECT email, password_hash, full_name FROM pending_registrations
        WHERE token_hash = $1 AND expires_at > now()`,
      [hashToken(token)],
    );
    if (!pending) return null;
    await tx.query('DELETE FROM pending_registrations WHERE lower(email) = lower($1)', [
      pending.email,
    ]);
    const [user] = await tx.query<UserRow>(
      `INSERT INTO users (email, password_hash, full_name, display_name)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (lower(email)) DO NOTHING
       RETURNING *`,
      [pending.email, pending.password_hash, pending.full_name, displayNameOf(pending.full_name)],
    );
    return user ?? null;
  });
}
