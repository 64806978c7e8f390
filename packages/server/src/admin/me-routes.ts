// An operator's own settings (language, time zone, morning e-mail) and the company's time zone:
// every operator sets their own; only admins set the company's, which rebuilds the dashboard's
// weeks (their Mondays move with it).
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Operator } from './auth.ts';
import type { Settings } from '@obra/schema/admin-contract';
import { NO_CONTENT, type RouteHandler } from './context.ts';

/** A time zone (its form checked by the contract) both the console (Intl) and the database know, or a 400. */
async function checkTimeZone(db: Queryable, value: string): Promise<string> {
  const known = (name: string) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  };
  if (!known(value) || !(await db.query('select 1 from pg_timezone_names where name = $1', [value])).length)
    throw new HttpError(400, 'timeZone must be an IANA time zone such as America/Bogota.', { body: { code: 'time-zone' } });
  return value;
}

/** What the console shows of an operator's settings, and the company's time zone. */
export async function settingsOf(db: Queryable, operator: Operator): Promise<Settings> {
  const [row] = await db.query<{ own: string | null; morning: number | null; company: string }>(
    'select u.time_zone as own, u.morning_hour as morning, s.time_zone as company from admin_user u, console_setting s where u.id = $1',
    [operator.id],
  );
  // The signed-in operator's row beside the one settings row: always one row.
  const { own, morning, company } = row!;
  return { lang: operator.lang, timeZone: operator.timeZone, ownTimeZone: own, morningHour: morning, companyTimeZone: company };
}

/** PATCH /api/admin/me {lang?, timeZone? (null: the company's), morningHour? (0–23, null: none)}: the operator's own settings. */
export const updateMe: RouteHandler<'PATCH me'> = async ({ body, db, operator }) => {
  const sets: [string, unknown][] = [];
  if (body.lang) sets.push(['lang', body.lang]);
  if (body.timeZone !== undefined) sets.push(['time_zone', body.timeZone === null ? null : await checkTimeZone(db, body.timeZone)]);
  if (body.morningHour !== undefined) sets.push(['morning_hour', body.morningHour]);
  await db.query(`update admin_user set ${sets.map(([column], i) => `${column} = $${i + 2}`).join(', ')} where id = $1`, [
    operator.id,
    ...sets.map(([, value]) => value),
  ]);
  return NO_CONTENT;
};

/** PUT /api/admin/company {timeZone} (admins): the company's time zone; the dashboard's weekly counts are rebuilt in its transaction. */
export const updateCompany: RouteHandler<'PUT company'> = async ({ body, db, operator }) => {
  const timeZone = await checkTimeZone(db, body.timeZone);
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ time_zone: string }>('select time_zone from console_setting for update');
    await tx.query('update console_setting set time_zone = $1, updated_at = now(), updated_by = $2', [timeZone, operator.email]);
    if (before?.time_zone !== timeZone) await tx.query('select lead_rollup_rebuild()');
    await tx.query("insert into admin_audit (actor_email, action, detail) values ($1, 'company.time-zone', $2)", [
      operator.email,
      JSON.stringify({ timeZone }),
    ]);
  });
  return NO_CONTENT;
};
