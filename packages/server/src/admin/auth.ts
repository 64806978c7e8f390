// Sign-in and server-side sessions. The cookie holds a random id; the table holds its sha256, the
// CSRF token and when it was last used (idle expiry) and made (absolute expiry).
import type { IncomingMessage } from 'node:http';
import type { Lang } from '@obra/schema';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { forgiveAttempt, SIGN_IN_LIMITS, takeAttempt } from './throttle.ts';
import { hashToken, newToken, sameToken } from './tokens.ts';
import type { Role } from './users.ts';

/** The cookie's name. */
const COOKIE = 'obra_admin';
/** A session unused this long ends. */
const IDLE_MS = 8 * 3600_000;
/** A session ends this long after sign-in, used or not. */
const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** How long a browser stays known to the accounts it signed in to (the `obra_device` cookie). */
const DEVICE_MS = 180 * 24 * 3600_000;
/** The device cookie's name. */
const DEVICE_COOKIE = 'obra_device';

/** The signed-in operator. */
export interface Operator {
  id: string;
  email: string;
  role: Role;
  csrf: string;
  sessionHash: string;
  /** The console's language they chose (null: not yet, the browser's). */
  lang: Lang | null;
  /** Their time zone: their own, else the company's (an IANA name). */
  timeZone: string;
}

/** The value of the request's cookie `wanted`, if any. */
function cookie(req: IncomingMessage, wanted: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === wanted) return value.join('=');
  }
}

/** The session id in the request's cookie, if any. */
export const sessionCookie = (req: IncomingMessage): string | undefined => cookie(req, COOKIE);

/** Whether the session cookie must be `Secure`: PUBLIC_URL is https, or this request came over TLS. */
const secure = (req: IncomingMessage, config: Config) => publicOrigin(req, config).startsWith('https:');

/**
 * The Set-Cookie value that tells this browser's `token` back on sign-in only (its path), for
 * {@link DEVICE_MS}: with it, the browser an operator uses is never throttled by a stranger's
 * wrong passwords for their account.
 */
export const deviceCookieHeader = (req: IncomingMessage, config: Config, token: string): string =>
  [
    `${DEVICE_COOKIE}=${token}`,
    `Max-Age=${DEVICE_MS / 1000}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/api/admin/session',
    ...(secure(req, config) ? ['Secure'] : []),
  ].join('; ');

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
 * Checks an e-mail and password: a new session (its id for the cookie, and a device token when the
 * browser was not known to this account), or 401 (one message for an unknown e-mail and a wrong
 * password), or 429 while the address, or the account from a browser it does not know, or that
 * known browser, has failed too often (one message for every case and for unknown accounts too).
 * The attempt is counted before the password is checked (throttle.ts). A throttle, never a
 * lockout: the browser the operator signed in with before keeps its own count.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  { client, device }: { client: string; device: string | undefined },
): Promise<{ id: string; csrf: string; device: string | undefined; user: { id: string; email: string; role: Role } }> {
  const address = `address:${client}`;
  const deviceHash = device && device.length <= 100 ? hashToken(device) : undefined;
  const [known] = deviceHash
    ? await db.query<{ user_id: string }>(
        `select d.user_id from admin_device d join admin_user u on u.id = d.user_id
         where d.id_hash = $1 and lower(u.email) = lower($2) and d.used_at > now() - make_interval(secs => $3)`,
        [deviceHash, email, DEVICE_MS / 1000],
      )
    : [];
  const own = known
    ? { key: `device:${deviceHash}`, limit: SIGN_IN_LIMITS.device }
    : { key: `account:${email.toLowerCase()}`, limit: SIGN_IN_LIMITS.account };
  await takeAttempt(db, [{ key: address, limit: SIGN_IN_LIMITS.address }, own]);
  const [user] = await db.query<{ id: string; email: string; role: Role; password_hash: string | null }>(
    'select id, email, role, password_hash from admin_user where lower(email) = lower($1)',
    [email],
  );
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !user.password_hash || !ok)
    throw new HttpError(401, 'The e-mail or the password is wrong.', { body: { code: 'credentials' } });
  await forgiveAttempt(db, address, [own.key]);
  let newDevice: string | undefined;
  if (known) await db.query('update admin_device set used_at = now() where id_hash = $1', [deviceHash]);
  else {
    newDevice = newToken();
    await db.query('insert into admin_device (id_hash, user_id) values ($1, $2)', [hashToken(newDevice), user.id]);
  }
  const id = newToken();
  const csrf = newToken();
  await db.query('insert into admin_session (id_hash, user_id, csrf) values ($1, $2, $3)', [hashToken(id), user.id, csrf]);
  // Old sessions and devices of anyone are swept here: sign-ins are rare, and this keeps the tables small.
  await db.query(
    'delete from admin_session where seen_at < now() - make_interval(secs => $1) or created_at < now() - make_interval(secs => $2)',
    [IDLE_MS / 1000, ABSOLUTE_MS / 1000],
  );
  await db.query('delete from admin_device where used_at < now() - make_interval(secs => $1)', [DEVICE_MS / 1000]);
  return { id, csrf, device: newDevice, user: { id: user.id, email: user.email, role: user.role } };
}

/** The browser's device token (the `obra_device` cookie), if it sent one. */
export const deviceCookie = (req: IncomingMessage): string | undefined => cookie(req, DEVICE_COOKIE);

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
