// Users admin: everyone signed in may list operators (to assign leads); only admins invite,
// change roles and remove, and never leave the console without an admin.
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import type { Queryable } from '../db/index.ts';
import type { OperatorItem } from '@obra/schema/admin-contract';
import { NO_CONTENT, type RouteHandler } from './context.ts';
import { inviteLink, inviteUser } from './users.ts';

/** GET /api/admin/users: id, e-mail, role, whether the password is set. */
export const listUsers: RouteHandler<'GET users'> = async ({ db }) => {
  const users = await db.query<OperatorItem>(
    'select id, email, role, password_hash is not null as active, created_at from admin_user order by lower(email)',
  );
  return { status: 200, body: { users } };
};

/** POST /api/admin/users {email, role} (admins): the account and its one-time link. */
export const createUser: RouteHandler<'POST users'> = async ({ req, body: { email, role }, config, db, operator }) => {
  const { id, token } = await inviteUser(db, email, role);
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'user.invited', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  return { status: 201, body: { id, link: inviteLink(publicOrigin(req, config), token) } };
};

async function keepAnAdmin(db: Queryable, id: string): Promise<void> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from admin_user where role = 'admin' and id <> $1", [id]);
  if (!row?.n) throw new HttpError(409, 'The console needs at least one admin.', { body: { code: 'last-admin' } });
}

/** PATCH /api/admin/users/:id {role} (admins). */
export const updateUser: RouteHandler<'PATCH users/:id'> = async ({ body: { role }, db, id }) => {
  if (role !== 'admin') await keepAnAdmin(db, id);
  if (!(await db.query('update admin_user set role = $2 where id = $1 returning id', [id, role])).length)
    throw new HttpError(404, 'There is no such user.');
  return NO_CONTENT;
};

/** DELETE /api/admin/users/:id (admins): the account and its sessions; its leads lose their assignee. */
export const removeUser: RouteHandler<'DELETE users/:id'> = async ({ db, id, operator }) => {
  await keepAnAdmin(db, id);
  if (!(await db.query('delete from admin_user where id = $1 returning id', [id])).length)
    throw new HttpError(404, 'There is no such user.');
  await db.query("insert into admin_audit (actor_email, action, detail) values ($1, 'user.removed', $2)", [
    operator.email,
    JSON.stringify({ id }),
  ]);
  return NO_CONTENT;
};
