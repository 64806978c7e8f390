// Signing in and out, and setting a password from a one-time link: the only admin calls that
// work without a session (the Origin check still applies to them).
import { cookieHeader, deviceCookie, deviceCookieHeader, signIn, signOut } from './auth.ts';
import type { AdminBodyRoute } from '@obra/schema/admin-contract';
import { readBody, readObject, type AdminContext, type RouteHandler, type RouteReply } from './context.ts';
import { settingsOf } from './me-routes.ts';
import { forgiveAttempt, SIGN_IN_LIMITS, takeAttempt } from './throttle.ts';
import { HttpError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkPassword, setPassword } from './users.ts';

/** A call without a session; `client` is the caller's address as the limits count it (an IPv4 address or an IPv6 /64). */
type Open<K extends AdminBodyRoute> = (context: Omit<AdminContext, 'operator' | 'id'> & { client: string }) => Promise<RouteReply<K>>;

/** POST /api/admin/session {email, password}: sets the session cookie (and the device cookie); the operator and CSRF token. */
export const createSession: Open<'POST session'> = async ({ req, config, db, client }) => {
  const { email, password } = await readBody(req, 'POST session');
  const { id, user, csrf, device } = await signIn(db, email.trim(), password, { client, device: deviceCookie(req) });
  const cookies = [cookieHeader(req, config, id), ...(device ? [deviceCookieHeader(req, config, device)] : [])];
  return { status: 201, body: { user, csrf }, headers: { 'Set-Cookie': cookies } };
};

/** POST /api/admin/password {token, password}: the one-time link's form; its tries count with the address's failed sign-ins. */
export const choosePassword: Open<'POST password'> = async ({ req, db, client }) => {
  const body = await readBody(req, 'POST password');
  await takeAttempt(db, [{ key: `address:${client}`, limit: SIGN_IN_LIMITS.address }]);
  await setPassword(db, body.token, body.password);
  await forgiveAttempt(db, `address:${client}`, []);
  return { status: 204, body: undefined };
};

/** GET /api/admin/session: who is signed in, their settings, and the CSRF token for this session. */
export const currentSession: RouteHandler<'GET session'> = async ({ db, operator }) => ({
  status: 200,
  body: {
    user: { id: operator.id, email: operator.email, role: operator.role },
    csrf: operator.csrf,
    settings: await settingsOf(db, operator),
  },
});

/** POST /api/admin/sign-out {everywhere?}: ends this session (or all of the operator's) and clears the cookie. */
export const endSession: RouteHandler<'POST sign-out'> = async ({ req, config, db, operator }) => {
  const body = await readObject(req).catch((): Record<string, unknown> => ({}));
  await signOut(db, operator, body.everywhere === true);
  return { status: 204, body: undefined, headers: { 'Set-Cookie': cookieHeader(req, config, undefined) } };
};

/**
 * POST /api/admin/account/password {current, password}: the signed-in operator changes their own
 * password. The current one is checked first (a 400 `current`; tries count like sign-ins, per
 * account), the new one against the policy (400 `password`); then every other session of the
 * operator ends and the browsers it knew are forgotten: a password changed because it leaked
 * leaves no one signed in with it.
 */
export const changePassword: RouteHandler<'POST account/password'> = async ({ body, db, operator }) => {
  const counter = { key: `change:${operator.id}`, limit: SIGN_IN_LIMITS.account };
  await takeAttempt(db, [counter]);
  const [user] = await db.query<{ password_hash: string | null }>('select password_hash from admin_user where id = $1', [operator.id]);
  const { current } = body;
  if (!user?.password_hash || !(await verifyPassword(current, user.password_hash)))
    throw new HttpError(400, 'The current password is wrong.', { body: { code: 'current' } });
  const hash = await hashPassword(checkPassword(body.password, operator.email));
  await db.transaction(async (tx) => {
    await tx.query('update admin_user set password_hash = $2 where id = $1', [operator.id, hash]);
    await tx.query('delete from admin_session where user_id = $1 and id_hash <> $2', [operator.id, operator.sessionHash]);
    await tx.query('delete from admin_device where user_id = $1', [operator.id]);
    await tx.query("insert into admin_audit (actor_email, action) values ($1, 'user.password')", [operator.email]);
  });
  await forgiveAttempt(db, counter.key, [counter.key]);
  return { status: 204, body: undefined };
};
