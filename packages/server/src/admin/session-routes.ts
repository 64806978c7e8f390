// Signing in and out, and setting a password from a one-time link: the only admin calls that
// work without a session (the Origin check still applies to them).
import type { Reply } from '../routes/types.ts';
import { cookieHeader, signIn, signOut } from './auth.ts';
import { readObject, type AdminContext, type AdminHandler } from './context.ts';
import { settingsOf } from './me-routes.ts';
import { setPassword } from './users.ts';

type Open = (context: Omit<AdminContext, 'operator' | 'id'>) => Promise<Reply>;

/** POST /api/admin/session {email, password}: sets the session cookie; the operator and CSRF token. */
export const createSession: Open = async ({ req, config, db }) => {
  const body = await readObject(req);
  const { id, user, csrf } = await signIn(
    db,
    typeof body.email === 'string' ? body.email.trim().slice(0, 300) : '',
    typeof body.password === 'string' ? body.password.slice(0, 200) : '',
  );
  return { status: 201, body: { user, csrf }, headers: { 'Set-Cookie': cookieHeader(req, config, id) } };
};

/** POST /api/admin/password {token, password}: the one-time link's form. */
export const choosePassword: Open = async ({ req, db }) => {
  const body = await readObject(req);
  await setPassword(db, body.token, body.password);
  return { status: 204, body: undefined };
};

/** GET /api/admin/session: who is signed in, their settings, and the CSRF token for this session. */
export const currentSession: AdminHandler = async ({ db, operator }) => ({
  status: 200,
  body: {
    user: { id: operator.id, email: operator.email, role: operator.role },
    csrf: operator.csrf,
    settings: await settingsOf(db, operator),
  },
});

/** POST /api/admin/sign-out {everywhere?}: ends this session (or all of the operator's) and clears the cookie. */
export const endSession: AdminHandler = async ({ req, config, db, operator }) => {
  const body = await readObject(req).catch((): Record<string, unknown> => ({}));
  await signOut(db, operator, body.everywhere === true);
  return { status: 204, body: undefined, headers: { 'Set-Cookie': cookieHeader(req, config, undefined) } };
};
