// Operator accounts: made with a one-time link (from the CLI or an admin's invitation) that sets
// the password; nothing is mailed, the person who invites passes the link on.
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, passwordProblem } from './password.ts';
import { hashToken, newToken } from './tokens.ts';
import type { OperatorRole } from '@obra/schema/console';

/** An operator's role. */
export type Role = OperatorRole;

/** How long a one-time link works. */
export const INVITE_HOURS = 72;

/** A password the policy takes for the account `email` (password.ts), or a 400 `password` with the reason. */
export function checkPassword(value: unknown, email: string): string {
  const problem = typeof value === 'string' ? passwordProblem(value, email) : 'length';
  if (problem)
    throw new HttpError(
      400,
      `The password must have ${MIN_PASSWORD_LENGTH} to 200 characters, at least 6 different ones, and not hold your e-mail's name or the product's.`,
      { body: { code: 'password', reason: problem } },
    );
  return value as string;
}

/**
 * Creates an account (or renews the link of one that never set its password); returns its id and
 * the one-time token. 409 when an account with that e-mail already has a password.
 */
export async function inviteUser(db: Queryable, email: string, role: Role): Promise<{ id: string; token: string }> {
  const token = newToken();
  const [row] = await db.query<{ id: string }>(
    `insert into admin_user (email, role, invite_hash, invite_expires_at) values ($1, $2, $3, now() + make_interval(hours => $4))
     on conflict (lower(email)) do update set role = excluded.role, invite_hash = excluded.invite_hash, invite_expires_at = excluded.invite_expires_at
       where admin_user.password_hash is null
     returning id`,
    [email, role, hashToken(token), INVITE_HOURS],
  );
  if (!row) throw new HttpError(409, `${email} already has an account.`, { body: { code: 'exists' } });
  return { id: row.id, token };
}

/** The link that sets the password (the token is in the fragment: never sent to a server log). */
export const inviteLink = (origin: string, token: string) => `${origin}/admin/set-password#token=${token}`;

/** Sets the password of the account whose one-time `token` is valid, and spends the token; 400 when it is not. */
export async function setPassword(db: Queryable, token: unknown, password: unknown): Promise<void> {
  const invalid = () =>
    new HttpError(400, 'This link is not valid or has expired; ask an admin for a new one.', { body: { code: 'link' } });
  if (typeof token !== 'string' || token.length > 100) throw invalid();
  const [account] = await db.query<{ email: string }>('select email from admin_user where invite_hash = $1 and invite_expires_at > now()', [
    hashToken(token),
  ]);
  if (!account) throw invalid();
  const hash = await hashPassword(checkPassword(password, account.email));
  const rows = await db.query(
    `update admin_user set password_hash = $2, invite_hash = null, invite_expires_at = null
     where invite_hash = $1 and invite_expires_at > now() returning id`,
    [hashToken(token), hash],
  );
  if (!rows.length) throw invalid();
}
