// Sign-in and server-side sessions. The cookie holds a random id; the table holds its sha256, the
// CSRF token and when it was last used (idle expiry) and made (absolute expiry).
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { hashToken, newToken, sameToken } from './tokens.ts';
import type { Role } from './users.ts';

/** The cookie's name. */
const COOKIE = 'obra_admin';
/** A session unused this long ends. */
const IDLE_MS = 8 * 3600_000;
/** A session ends this long after sign-in, used or not. */
const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** Wrong passwords in a row before an account is locked for {@link LOCK_MS}. */
const MAX_FAILURES = 5;
/** How long a lockout lasts. */
const LOCK_MS = 15 * 60_000;

/** The signed-in operator. */
export interface Operator {
  id: string;
  email: string;
  role: Role;
  csrf: string;
  sessionHash: string;
  /** The console's language they chose (null: not yet, the browser's). */
  lang: 'es' | 'en' | null;
  /** Their time zone: their own, else the company's (an IANA name). */
  timeZone: string;
}

/** The session id in the request's cookie, if any. */
export function sessionCookie(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
}

/** Whether the session cookie must be `Secure`: PUBLIC_URL is https, or this request came over TLS. */
const secure = (req: IncomingMessage, config: Config) => publicOrigin(req, config).startsWith('https:');

/** The Set-Cookie value for `id` (or one that clears the cookie). */
export function cookieHeader(req: IncomingMessage, config: Config, id: string | undefined): string {
  const attributes = ['HttpOnly', 'SameSite=Lax', 'Path=/', ...(secure(req, config) ? ['Secure'] : [])];
  return [`${COOKIE}=${id ?? ''}`, ...(id ? [`Max-Age=${ABSOLUTE_MS / 1000}`] : ['Max-Age=0']), ...attributes].join('; ');
}

/** The operator of the request's session (refreshing its idle clock), or a 401. */
export async function requireOperator(db: Db, req: IncomingMessage): Promise<Operator> {
  const id = sessionCookie(req);
  if (id && id.length <= 100) {
    const [row] = await db.query<Omit<Operator, 'sessionHash'>>(
      `update admin_session s set seen_at = now() from admin_user u
       where s.id_hash = $1 and u.id = s.user_id and s.seen_at > now() - make_interval(secs => $2) and s.created_at > now() - make_interval(secs => $3)
       returning u.id, u.email, u.role, s.csrf, u.lang, coalesce(u.time_zone, (select time_zone from console_setting)) as "timeZone"`,
      [hashToken(id), IDLE_MS / 1000, ABSOLUTE_MS / 1000],
    );
    if (row) return { ...row, sessionHash: hashToken(id) };
  }
  throw new HttpError(401, 'Sign in to use the console.', { body: { code: 'session' } });
}

/**
 * Checks an e-mail and password: a new session (its id for the cookie), or 401 (one message for an unknown e-mail and
 * a wrong password) or 423 while the account is locked. Wrong passwords count towards the lockout.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string; csrf: string; user: { id: string; email: string; role: Role } }> {
  const [user] = await db.query<{ id: string; email: string; role: Role; password_hash: string | null; locked: boolean }>(
    'select id, email, role, password_hash, coalesce(locked_until > now(), false) as locked from admin_user where lower(email) = lower($1)',
    [email],
  );
  if (user?.locked)
    throw new HttpError(423, 'Too many wrong passwords: this account is locked for 15 minutes.', { body: { code: 'locked' } });
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !user.password_hash || !ok) {
    if (user) {
      await db.query(
        `update admin_user set failed_signins = case when failed_signins + 1 >= $2 then 0 else failed_signins + 1 end,
           locked_until = case when failed_signins + 1 >= $2 then now() + make_interval(secs => $3) else locked_until end where id = $1`,
        [user.id, MAX_FAILURES, LOCK_MS / 1000],
      );
    }
    throw new HttpError(401, 'The e-mail or the password is wrong.', { body: { code: 'credentials' } });
  }
  await db.query('update admin_user set failed_signins = 0, locked_until = null where id = $1', [user.id]);
  const id = newToken();
  const csrf = newToken();
  await db.query('insert into admin_session (id_hash, user_id, csrf) values ($1, $2, $3)', [hashToken(id), user.id, csrf]);
  // Old sessions of anyone are swept here: sign-ins are rare, and this keeps the table small.
  await db.query(
    'delete from admin_session where seen_at < now() - make_interval(secs => $1) or created_at < now() - make_interval(secs => $2)',
    [IDLE_MS / 1000, ABSOLUTE_MS / 1000],
  );
  return { id, csrf, user: { id: user.id, email: user.email, role: user.role } };
}

/** Ends this session, or every session of the operator. */
export async function signOut(db: Db, operator: Operator, everywhere: boolean): Promise<void> {
  if (everywhere) await db.query('delete from admin_session where user_id = $1', [operator.id]);
  else await db.query('delete from admin_session where id_hash = $1', [operator.sessionHash]);
}

/**
 * Refuses a state-changing call that does not come from the console's own pages: its Origin must
 * be exactly the API's origin (PUBLIC_URL, else the request's scheme and Host), and unless
 * `operator` is undefined (sign-in), X-CSRF-Token must be the session's token.
 */
export function checkOrigin(req: IncomingMessage, config: Config, operator?: Operator): void {
  if (req.headers.origin !== publicOrigin(req, config))
    throw new HttpError(403, 'This call must come from the console itself.', { body: { code: 'origin' } });
  if (operator && !sameToken(req.headers['x-csrf-token'], operator.csrf))
    throw new HttpError(403, 'The CSRF token is missing or wrong; reload the console.', { body: { code: 'csrf' } });
}
