// Users admin: everyone signed in may list operators (to assign leads); only admins invite,
// change roles and remove, and never leave the console without an admin.
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import { NO_CONTENT, readObject, requireAdmin, type AdminHandler } from './context.ts';
import { checkEmail, checkRole, inviteLink, inviteUser } from './users.ts';

/** GET /api/admin/users: id, e-mail, role, whether the password is set. */
export const listUsers: AdminHandler = async ({ db }) => {
  const users = await db.query(
    'select id, email, role, password_hash is not null as active, created_at from admin_user order by lower(email)',
  );
  return { status: 200, body: { users } };
};

/** POST /api/admin/users {email, role} (admins): the account and its one-time link. */
export const createUser: AdminHandler = async ({ req, config, db, operator }) => {
  requireAdmin(operator);
  const body = await readObject(req);
  const email = checkEmail(body.email);
  const { id, token } = await inviteUser(db, email, checkRole(body.role));
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'user.invited', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  return { status: 201, body: { id, link: inviteLink(publicOrigin(req, config), token) } };
};

async function keepAnAdmin(db: Parameters<AdminHandler>[0]['db'], id: string): Promise<void> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from admin_user where role = 'admin' and id <> $1", [id]);
  if (!row?.n) throw new HttpError(409, 'The console needs at least one admin.', { body: { code: 'last-admin' } });
}

/** PATCH /api/admin/users/:id {role} (admins). */
export const updateUser: AdminHandler = async ({ req, db, id, operator }) => {
  requireAdmin(operator);
  const role = checkRole((await readObject(req)).role);
  if (role !== 'admin') await keepAnAdmin(db, id);
  if (!(await db.query('update admin_user set role = $2 where id = $1 returning id', [id, role])).length)
    throw new HttpError(404, 'There is no such user.');
  return NO_CONTENT;
};

/** DELETE /api/admin/users/:id (admins): the account and its sessions; its leads lose their assignee. */
export const removeUser: AdminHandler = async ({ db, id, operator }) => {
  requireAdmin(operator);
  await keepAnAdmin(db, id);
  if (!(await db.query('delete from admin_user where id = $1 returning id', [id])).length)
    throw new HttpError(404, 'There is no such user.');
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'user.removed', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  return NO_CONTENT;
};
