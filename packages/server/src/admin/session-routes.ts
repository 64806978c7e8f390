// Signing in and out, and setting a password from a one-time link: the only admin calls that
// work without a session (the Origin check still applies to them).
import type { Reply } from '../routes/types.ts';
import { cookieHeader, deviceCookie, deviceCookieHeader, signIn, signOut } from './auth.ts';
import { readObject, type AdminContext, type AdminHandler } from './context.ts';
import { forgiveAttempt, SIGN_IN_LIMITS, takeAttempt } from './throttle.ts';
import { setPassword } from './users.ts';

/** A call without a session; `client` is the caller's address as the limits count it (an IPv4 address or an IPv6 /64). */
type Open = (context: Omit<AdminContext, 'operator' | 'id'> & { client: string }) => Promise<Reply>;

/** POST /api/admin/session {email, password}: sets the session cookie (and the device cookie); the operator and CSRF token. */
export const createSession: Open = async ({ req, config, db, client }) => {
  const body = await readObject(req);
  const { id, user, csrf, device } = await signIn(
    db,
    typeof body.email === 'string' ? body.email.trim().slice(0, 300) : '',
    typeof body.password === 'string' ? body.password.slice(0, 200) : '',
    { client, device: deviceCookie(req) },
  );
  const cookies = [cookieHeader(req, config, id), ...(device ? [deviceCookieHeader(req, config, device)] : [])];
  return { status: 201, body: { user, csrf }, headers: { 'Set-Cookie': cookies } };
};

/** POST /api/admin/password {token, password}: the one-time link's form; its tries count with the address's failed sign-ins. */
export const choosePassword: Open = async ({ req, db, client }) => {
  const body = await readObject(req);
  await takeAttempt(db, [{ key: `address:${client}`, limit: SIGN_IN_LIMITS.address }]);
  await setPassword(db, body.token, body.password);
  await forgiveAttempt(db, `address:${client}`, []);
  return { status: 204, body: undefined };
};

/** GET /api/admin/session: who is signed in, and the CSRF token for this session. */
export const currentSession: AdminHandler = async ({ operator }) => ({
  status: 200,
  body: { user: { id: operator.id, email: operator.email, role: operator.role }, csrf: operator.csrf },
});

/** POST /api/admin/sign-out {everywhere?}: ends this session (or all of the operator's) and clears the cookie. */
export const endSession: AdminHandler = async ({ req, config, db, operator }) => {
  const body = await readObject(req).catch((): Record<string, unknown> => ({}));
  await signOut(db, operator, body.everywhere === true);
  return { status: 204, body: undefined, headers: { 'Set-Cookie': cookieHeader(req, config, undefined) } };
};
