// `npm run bench:api`: loopback load on the reference API, bounded in time (~15 s in all).
// Starts packages/server as its own process (the load generator takes the other core), with the
// rate limit off (RATE_LIMIT=0, RATE_LIMIT_READS=0: every request comes from 127.0.0.1) and the
// default info logs going to a pipe. Prints requests/s and p50/p99 for POST /api/wait-list and
// GET /api/location, then the rows stored against the 201 answers. Exits 1 if they differ.
// It also starts the API twice the way `npm run start -w @obra/server` does (node main.ts): on a
// new data folder (the database is created) and again on it (a normal start), and prints the time
// from spawn to the first healthy answer and the process's resident memory (VmRSS) after that
// start and at the end of the load (docs/contributors/performance.md).
// `npm run bench:api -- --database postgres` runs it on PGlite and then on a throwaway PostgreSQL
// cluster (tests/server/support/postgres.ts) and prints both side by side.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDb } from '@obra/server';
import { removeDataDir, startProcess, tempDataDir, type ApiProcess } from '../server/support/api.ts';
import { startPostgres } from '../server/support/postgres.ts';

const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 8);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const START_MS = 2000;
const RSS_MB = 250;
const WRITE_CONCURRENCY = 16;
const READ_CONCURRENCY = 8;
const QUERIES = [
  'bog',
  'medel',
  'san jo',
  'cali',
  'barranq',
  'lima',
  'buenos',
  'madrid',
  'mexico',
  'caracas',
  'quito',
  'santiago',
  'monterrey',
  'guadal',
  'col',
  'cordoba esp',
  'sao pa',
  'new y',
  'london',
  'par',
];

const { database } = parseArgs({ options: { database: { type: 'string', default: 'pglite' } } }).values;
if (database !== 'pglite' && database !== 'postgres') throw new Error('Usage: npm run bench:api [-- --database pglite|postgres]');

function send(agent: Agent, url: string, method: string, body?: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `once` from `concurrency` loops for `seconds`; latencies in ms and status counts. */
async function load(seconds: number, concurrency: number, once: (n: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const status = await once(n++);
        latencies.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), statuses };
}

type Load = Awaited<ReturnType<typeof load>>;

/** A process's resident memory in MB, from /proc/<pid>/status. */
const rssMB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Starts the API process and times it from spawn to its first 200 on /api/health (polled). */
async function start(env: Record<string, string>): Promise<{ server: ApiProcess; ms: number; rss: number }> {
  const started = performance.now();
  const server = await startProcess('api', env);
  for (;;) {
    const healthy = await fetch(`${server.base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { server, ms: performance.now() - started, rss: rssMB(server.child.pid!) };
}

/** The whole run on one database: the API as its own process, warm-up, writes, reads, rows. */
async function measure(databaseUrl: string | undefined) {
  const dataDir = tempDataDir();
  const env = { OBRA_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), RATE_LIMIT: '0', RATE_LIMIT_READS: '0' };
  // The first start creates the database and applies the migrations; the second is any later start.
  const first = await start(env);
  await first.server.stop();
  const { server, ms: startMs, rss: startRss } = await start(env);
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(WRITE_CONCURRENCY, READ_CONCURRENCY) });
  const call = (method: string, path: string, body?: string, headers?: Record<string, string>) =>
    send(agent, `${server.base}${path}`, method, body, headers);
  // A short warm-up so the JIT and the database's caches are not what gets measured.
  for (let i = 0; i < 200; i += 1) await call('GET', `/api/location?query=${QUERIES[i % QUERIES.length]}`);
  const writes = await load(WRITE_SECONDS, WRITE_CONCURRENCY, (n) => {
    const body = JSON.stringify({
      interesado: n % 2 ? 'cliente' : 'proveedor',
      nombre: `Bench ${n}`,
      correo: `bench${n}@example.com`,
      telefono: '+57 300 123 4567',
      comentario: 'Carga de prueba',
    });
    return call('POST', '/api/wait-list', body, { 'content-type': 'application/json', 'idempotency-key': randomUUID() });
  });
  const reads = await load(READ_SECONDS, READ_CONCURRENCY, (n) =>
    call('GET', `/api/location?query=${encodeURIComponent(QUERIES[n % QUERIES.length]!)}&lang=${n % 3 ? 'es' : 'en'}`),
  );
  agent.destroy();
  const endRss = rssMB(server.child.pid!);
  const exitCode = await server.stop();
  const db = await openDb({ dataDir, databaseUrl });
  const [{ rows }] = (await db.query<{ rows: number }>('select count(*)::int as rows from wait_list')) as [{ rows: number }];
  await db.close();
  removeDataDir(dataDir);
  return {
    writes,
    reads,
    rows,
    accepted: writes.statuses.get(201) ?? 0,
    exitCode,
    first: { ms: first.ms, rss: first.rss },
    startMs,
    startRss,
    endRss,
  };
}

// Timings on a shared machine mean little: say how busy it was.
const load1 = loadavg()[0]!;
const runs: { name: string; result: Awaited<ReturnType<typeof measure>> }[] = [{ name: 'PGlite', result: await measure(undefined) }];
if (database === 'postgres') {
  const postgres = await startPostgres();
  try {
    runs.push({ name: 'PostgreSQL', result: await measure(await postgres.createDatabase()) });
  } finally {
    await postgres.stop();
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const cell = (r: Load, p99Target: number, rpsTarget: number) =>
  `${String(r.requests).padStart(7)} req ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${fmt(r.p50).padStart(8)}  p99 ${fmt(r.p99).padStart(8)} ${r.p99 < p99Target && r.perSecond >= rpsTarget ? '✔' : '✘'}`;
console.log(
  `\nreference API on loopback, ${process.env.HOSTNAME ?? 'this machine'}: writes ${WRITE_SECONDS} s × ${WRITE_CONCURRENCY} clients, location ${READ_SECONDS} s × ${READ_CONCURRENCY} clients (one API process, RATE_LIMIT=0)`,
);
console.log(`targets: POST p99 < 50 ms and ≥ 1000 req/s; GET p99 < 10 ms; start ≤ ${START_MS} ms and RSS ≤ ${RSS_MB} MB after it`);
console.log(
  `machine load before the run: ${load1.toFixed(2)} (1-minute average, ${availableParallelism()} cores)${load1 >= 2 ? ' ✘ busy: the figures are not comparable' : ''}`,
);
/** One line: a label, then one column per database. */
const row = (label: string, cells: string[]) =>
  console.log(`${label.padEnd(22)} ${cells.map((text) => text.padEnd(58)).join(' │ ')}`.trimEnd());
row(
  '',
  runs.map((run) => run.name),
);
row(
  'POST /api/wait-list',
  runs.map((run) => cell(run.result.writes, 50, 1000)),
);
row(
  'GET /api/location',
  runs.map((run) => cell(run.result.reads, 10, 0)),
);
const mb = (value: number) => `${value.toFixed(0)} MB`;
const mark = (ok: boolean) => (ok ? '✔' : '✘');
row(
  'first start (new db)',
  runs.map(({ result: r }) => `${r.first.ms.toFixed(0)} ms, RSS ${mb(r.first.rss)}`),
);
row(
  'start',
  runs.map(({ result: r }) => `${r.startMs.toFixed(0)} ms ${mark(r.startMs <= START_MS)}`),
);
row(
  'RSS after start',
  runs.map(({ result: r }) => `${mb(r.startRss)} ${mark(r.startRss <= RSS_MB)}`),
);
row(
  'RSS at end',
  runs.map(({ result: r }) => `${mb(r.endRss)} ${mark(r.endRss <= RSS_MB)}`),
);
row(
  'statuses (writes)',
  runs.map((run) => JSON.stringify(Object.fromEntries(run.result.writes.statuses))),
);
row(
  'stored vs answered',
  runs.map(
    ({ result: r }) => `rows ${r.rows}, 201s ${r.accepted} ${r.rows === r.accepted ? '✔ equal' : '✘ DIFFERENT'}, exit ${r.exitCode}`,
  ),
);
process.exit(runs.every(({ result: r }) => r.rows === r.accepted && r.exitCode === 0) ? 0 : 1);
