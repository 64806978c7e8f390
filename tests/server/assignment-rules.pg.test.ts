// Round robin under real concurrency (the `server-pg` project only): three API processes on one
// PostgreSQL store 60 leads at once; the rule's turn is read and raised under its row lock, so the
// three operators get 20 each, in turn, with no turn given twice.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase, postJson, startProcess, VALID, type ApiProcess, type TestDatabase } from './support/api.ts';
import { queryOnce } from './support/postgres.ts';

let database: TestDatabase;
let processes: ApiProcess[] = [];
const query = <T extends object>(sql: string, params: unknown[] = []) => queryOnce<T>(database.env.DATABASE_URL!, sql, params);

beforeAll(async () => {
  database = await freshDatabase();
  processes = await Promise.all(
    Array.from({ length: 3 }, () => startProcess('api', { ...database.env, RATE_LIMIT: '0', MIN_FILL_MS: '0', LOG_LEVEL: 'info' })),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  await database?.drop();
});

it('gives 60 leads stored at once by three processes to three operators in turn, 20 each', async () => {
  await query(
    "insert into admin_user (email, role) values ('uno@example.com', 'agent'), ('dos@example.com', 'agent'), ('tres@example.com', 'agent')",
  );
  await query(
    `insert into assignment_rule (position, name, operators)
     select 0, 'Por turnos', array_agg(id order by email) from admin_user where email in ('uno@example.com', 'dos@example.com', 'tres@example.com')`,
  );
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      postJson(`${processes[i % 3]!.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Turno ${i}` }).then((r) =>
        expect(r.status).toBe(201),
      ),
    ),
  );
  expect(await query('select turn::int from assignment_rule')).toEqual([{ turn: 60 }]);
  expect(
    await query<{ email: string; n: number }>(
      'select u.email, count(*)::int as n from lead l join admin_user u on u.id = l.assignee group by u.email order by u.email',
    ),
  ).toEqual([
    { email: 'dos@example.com', n: 20 },
    { email: 'tres@example.com', n: 20 },
    { email: 'uno@example.com', n: 20 },
  ]);
  // In the order the turns were taken (the events are written under the rule's lock), the operators alternate.
  const order = (
    await query<{ email: string }>("select split_part(detail, E'\\n', 1) as email from lead_event where type = 'rule-assign' order by id")
  ).map((row) => row.email);
  expect(order).toEqual(Array(20).fill(['dos@example.com', 'tres@example.com', 'uno@example.com']).flat());
}, 60_000);
