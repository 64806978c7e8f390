// `npm run bench:cluster [N]` (BENCH_N, default 200): bench:faults' visitors and fault proxy in
// front of 3 API processes on one port (API_PROCESSES=3, node:cluster) sharing a throwaway
// PostgreSQL cluster, loopback only. The 3 processes start at the same moment on an empty database
// (they race to migrate it); every ~20 s (BENCH_KILL_EVERY_S) one of them is killed with SIGKILL
// and the primary starts another. Then every design report must be mailed exactly once (an .eml
// file per report in MAIL_OUTBOX_DIR). Ends with one line
// `N <n> stored <n> lost 0 duplicated 0 mailed <m> of <m> once`, exit 1 otherwise.
// Bounded: visitors still unsettled at BENCH_TIME_LIMIT_S (default 600 s) are reported as such.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { TABLES, startPlatform } from '../e2e/support/platform.ts';
import { ROOT, childPids, logCount, removeDataDir, startProcess, tempDataDir } from '../server/support/api.ts';
import { freePort, startPostgres } from '../server/support/postgres.ts';
import { buildIfMissing } from './faults.ts';
import { describeProxy, startFaultProxy } from './fault-proxy.ts';
import { runVisitors, seeded } from './visitors.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 600);
const KILL_EVERY_S = Number(process.env.BENCH_KILL_EVERY_S ?? 20);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 100_000);
const PROCESSES = 3;
const MIGRATIONS = readdirSync(join(ROOT, 'packages/server/migrations')).filter((name) => name.endsWith('.sql')).length;

const started = Date.now();
const say = (text: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${text}`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

buildIfMissing();
const postgres = await startPostgres();
const databaseUrl = await postgres.createDatabase();
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
// An idle connection cut (a stray signal to the cluster) must not end the run before it reports.
db.on('error', (error) => say(`database connection lost: ${error.message}`));
const dataDir = tempDataDir();
const outboxDir = join(dataDir, 'outbox');
say(`throwaway PostgreSQL on ${new URL(postgres.url).host}, empty database ${new URL(databaseUrl).pathname.slice(1)}`);

// The proxy is the public origin, as in production (PUBLIC_URL): the images the API makes, and
// the reports that name them, carry it whichever process answered.
const proxyPort = await freePort();

// A short mail lease (MAIL_RETRY_MS) so a report whose process was killed mid-send is picked up
// again within the run; it stays far longer than one send takes.
const api = await startProcess('api', {
  DATABASE_URL: databaseUrl,
  OBRA_DATA_DIR: dataDir,
  MAIL_OUTBOX_DIR: outboxDir,
  API_PROCESSES: String(PROCESSES),
  RATE_LIMIT: '0',
  RATE_LIMIT_READS: '0',
  MIN_FILL_MS: '0',
  MAIL_RETRY_MS: '5000',
  LOG_LEVEL: 'info',
  // Every visitor's report goes to one test address: the mail caps would hold all but 3.
  REPORT_MAILS_PER_ADDRESS: '0',
  REPORT_MAILS_PER_HOUR: '0',
  PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
});
const until = Date.now() + 60_000;
while (logCount(api.output(), 'api ready') < PROCESSES) {
  if (Date.now() > until) throw new Error(`the ${PROCESSES} API processes did not all start:\n${api.output()}`);
  await sleep(100);
}
const [{ n: migrations }] = (await db.query<{ n: number }>('select count(*)::int as n from schema_migrations')).rows as [{ n: number }];
say(
  `${PROCESSES} API processes started together on ${api.base}; migrations recorded ${migrations} of ${MIGRATIONS}${migrations === MIGRATIONS ? ', each once' : ' ✘'}`,
);

const workers = () => childPids(api.child.pid!);
const random = seeded(SEED);
let kills = 0;
let stopKilling = false;
const killer = (async () => {
  while (!stopKilling) {
    const wake = Date.now() + KILL_EVERY_S * 1000;
    while (!stopKilling && Date.now() < wake) await sleep(200);
    if (stopKilling) return;
    const alive = workers();
    const victim = alive[Math.floor(random() * alive.length)];
    if (!victim) continue;
    process.kill(victim, 'SIGKILL');
    kills += 1;
    say(`SIGKILL to API process ${victim} (${alive.length} running)`);
  }
})();

const platform = await startPlatform();
const proxy = await startFaultProxy({ pages: platform.origin, api: api.base }, random, proxyPort);
const count = async (table: string, nombre: string) => {
  const column = table === TABLES.contact ? 'name' : 'nombre';
  // Leads only: a submission taken for spam is stored but not delivered.
  return (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1 and spam_reason is null`, [nombre]))
    .rows[0]!.n;
};
say(`${N} visitors' submissions, ${VISITORS} at a time, through the fault proxy`);
const result = await runVisitors({
  origin: proxy.origin,
  n: N,
  concurrency: VISITORS,
  deadline: started + TIME_LIMIT_S * 1000,
  random,
  count,
});
stopKilling = true;
await killer;
proxy.close();
await platform.close();

// Every stored report is mailed, once: wait for the outbox to drain (a report claimed by a killed
// process waits out its lease), then count the .eml files per report id.
// Reports the API marked as spam are stored and, by design, never mailed: they are left out.
const pendingMail = async () =>
  (
    await db.query<{ n: number }>(
      "select count(*)::int as n from report where mailed_at is null and spam_reason is null and mail_status = 'queued'",
    )
  ).rows[0]!.n;
const drainBy = Date.now() + 60_000;
while ((await pendingMail()) > 0 && Date.now() < drainBy) await sleep(200);
const reports = (await db.query<{ id: string }>("select id from report where spam_reason is null and mail_status <> 'held'")).rows.map(
  (row) => row.id,
);
const files = existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith('.eml')) : [];
const states = (
  await db.query<{ mail_status: string; mailed: boolean; n: number }>(
    "select mail_status || coalesce(' spam:' || spam_reason, '') as mail_status, mailed_at is not null as mailed, count(*)::int as n from report group by 1, 2",
  )
).rows;
const mailErrors = (await db.query<{ mail_error: string }>('select distinct mail_error from report where mail_error is not null')).rows.map(
  (row) => row.mail_error,
);
const mails = reports.map((id) => files.filter((name) => name.endsWith(`-${id}.eml`)).length);
const mailedOnce = mails.filter((n) => n === 1).length;
const restarts = logCount(api.output(), 'an API process died; starting another');
const readies = logCount(api.output(), 'api ready');

const exitCode = await api.stop('SIGTERM');
// What the primary said about its processes (not the request lines), when it did not stop cleanly.
if (exitCode !== 0)
  console.log(
    api
      .output()
      .split('\n')
      .filter((line) => /"level":"(warn|error)"/.test(line))
      .slice(-10)
      .join('\n'),
  );
await db.end();
await postgres.stop();
removeDataDir(dataDir);

console.log(
  `\nbench:cluster  seed ${SEED}, ${PROCESSES} API processes (node:cluster) on one PostgreSQL, ${VISITORS} visitors at a time, faults on throughout, time limit ${TIME_LIMIT_S} s`,
);
console.log(
  `processes  SIGKILLed ${kills} (one every ~${KILL_EVERY_S} s), restarted by the primary ${restarts}, started in all ${readies}; on SIGTERM the primary exited ${exitCode}`,
);
console.log(describeProxy(proxy));
for (const line of result.lines) console.log(line);
console.log(
  `report e-mails  ${reports.length} reports to mail; all report rows (${states.map((row) => `${row.mail_status}${row.mailed ? ', mailed' : ''} ${row.n}`).join('; ')}), ${files.length} .eml files: mailed once ${mailedOnce}, more than once ${mails.filter((n) => n > 1).length}, never ${mails.filter((n) => n === 0).length}`,
);
for (const error of mailErrors) console.log(`  last mail error: ${error}`);
const { total } = result;
console.log(
  `N ${result.n}  stored ${total.stored}  lost ${total.lost}  duplicated ${total.duplicated}  mailed ${mailedOnce} of ${reports.length} once`,
);
const ok =
  result.n === N &&
  total.lost === 0 &&
  total.duplicated === 0 &&
  mailedOnce === reports.length &&
  files.length === reports.length &&
  migrations === MIGRATIONS &&
  exitCode === 0;
process.exit(ok ? 0 : 1);
