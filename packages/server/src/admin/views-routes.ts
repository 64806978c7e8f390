// Saved views: an operator names the inbox's current filter and sort, and opens it again from a
// list of their own. A view is its query string: the same URL opens it for anyone it is sent to.
import { HttpError } from '../http/errors.ts';
import { ADMIN_QUERIES, queryString, queryValues, type SavedView } from '@obra/schema/admin-contract';
import { NO_CONTENT, readQuery, type RouteHandler } from './context.ts';

/** The most views one operator keeps. */
const MAX_VIEWS = 30;

/** The query string of `value` with only the inbox's filter and sort keys, in a stable order; 400 when a value is not valid. */
function checkQuery(value: string): string {
  const inbox = ADMIN_QUERIES['GET leads'];
  // The inbox's query but its page: a view opens on the first.
  const { after: _after, ...kept } = queryValues(inbox.keys, value.replace(/^\?/, ''));
  const query = queryString(inbox.keys, kept);
  readQuery(inbox, new URLSearchParams(query));
  return query.slice(1);
}

/** GET /api/admin/views: the operator's views, by name. */
export const listViews: RouteHandler<'GET views'> = async ({ db, operator }) => {
  const views = await db.query<SavedView>('select id, name, query from saved_view where user_id = $1 order by lower(name)', [operator.id]);
  return { status: 200, body: { views } };
};

/** POST /api/admin/views {name, query}: saves a view (the same name again replaces it); 201 {id}. */
export const saveView: RouteHandler<'POST views'> = async ({ body: { name, ...body }, db, operator }) => {
  const query = checkQuery(body.query);
  const row = await db.transaction(async (tx) => {
    // The operator's row locked first: two saves at once count one after the other.
    await tx.query('select 1 from admin_user where id = $1 for update', [operator.id]);
    const [saved] = await tx.query<{ id: string }>(
      `insert into saved_view (user_id, name, query)
       select $1, $2, $3 where (select count(*) from saved_view where user_id = $1 and lower(name) <> lower($2)) < $4
       on conflict (user_id, lower(name)) do update set query = excluded.query, name = excluded.name
       returning id`,
      [operator.id, name, query, MAX_VIEWS],
    );
    return saved;
  });
  if (!row) throw new HttpError(409, `You have ${MAX_VIEWS} views already; delete one first.`, { body: { code: 'too-many' } });
  return { status: 201, body: { id: row.id, name, query } };
};

/** DELETE /api/admin/views/:id: one of the operator's own views (another's is a 404). */
export const removeView: RouteHandler<'DELETE views/:id'> = async ({ db, id, operator }) => {
  if (!(await db.query('delete from saved_view where id = $1 and user_id = $2 returning id', [id, operator.id])).length)
    throw new HttpError(404, 'There is no such view.', { body: { code: 'gone' } });
  return NO_CONTENT;
};
