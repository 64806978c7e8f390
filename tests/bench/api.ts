// `npm run bench:api`: loopback load on the reference API, bounded in time (~15 s in all).
// Starts packages/server as its own process (the load generator takes the other core), with the
// rate limit off (RATE_LIMIT=0, RATE_LIMIT_READS=0: every request comes from 127.0.0.1) and the
// default info logs going to a pipe. Prints requests/s and p50/p99 for POST /api/wait-list and
// GET /api/location, then the rows stored against the 201 answers. Exits 1 if they differ.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { openDb } from '@obra/server';
import { removeDataDir, startProcess, tempDataDir } from '../server/support/api.ts';

const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 8);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const WRITE_CONCURRENCY = 16;
const READ_CONCURRENCY = 8;
const QUERIES = ['bog', 'medel', 'san jo', 'cali', 'barranq', 'lima', 'buenos', 'madrid', 'mexico', 'caracas', 'quito', 'santiago', 'monterrey', 'guadal', 'col', 'cordoba esp', 'sao pa', 'new y', 'london', 'par'];

const dataDir = tempDataDir();
const server = await startProcess('api', { OBRA_DATA_DIR: dataDir, RATE_LIMIT: '0', RATE_LIMIT_READS: '0' });
const agent = new Agent({ keepAlive: true, maxSockets: Math.max(WRITE_CONCURRENCY, READ_CONCURRENCY) });

function send(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.base}${path}`, { method, agent, headers }, (res) => {
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
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const status = await once(n++);
      latencies.push(performance.now() - t);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), statuses };
}

// A short warm-up so the JIT and PGlite's caches are not what gets measured.
for (let i = 0; i < 200; i += 1) await send('GET', `/api/location?query=${QUERIES[i % QUERIES.length]}`);

const writes = await load(WRITE_SECONDS, WRITE_CONCURRENCY, (n) => {
  const body = JSON.stringify({ interesado: n % 2 ? 'cliente' : 'proveedor', nombre: `Bench ${n}`, correo: `bench${n}@example.com`, telefono: '+57 300 123 4567', comentario: 'Carga de prueba' });
  return send('POST', '/api/wait-list', body, { 'content-type': 'application/json', 'idempotency-key': randomUUID() });
});
const reads = await load(READ_SECONDS, READ_CONCURRENCY, (n) => send('GET', `/api/location?query=${encodeURIComponent(QUERIES[n % QUERIES.length]!)}&lang=${n % 3 ? 'es' : 'en'}`));

agent.destroy();
const exitCode = await server.stop();
const db = await openDb({ dataDir, databaseUrl: undefined });
const [{ rows }] = (await db.query<{ rows: number }>('select count(*)::int as rows from wait_list')) as [{ rows: number }];
await db.close();
removeDataDir(dataDir);

const accepted = writes.statuses.get(201) ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const line = (name: string, r: typeof writes, p99Target: number, rpsTarget: number) =>
  `${name.padEnd(22)} ${String(r.requests).padStart(7)} req ${r.perSecond.toFixed(0).padStart(6)} req/s   p50 ${fmt(r.p50).padStart(8)}   p99 ${fmt(r.p99).padStart(8)}   ` +
  `statuses ${JSON.stringify(Object.fromEntries(r.statuses))}   ${r.p99 < p99Target && r.perSecond >= rpsTarget ? '✔' : '✘'} target p99 < ${p99Target} ms${rpsTarget ? `, ≥ ${rpsTarget} req/s` : ''}`;
console.log(`\nreference API on loopback, ${process.env.HOSTNAME ?? 'this machine'}: writes ${WRITE_SECONDS} s × ${WRITE_CONCURRENCY} clients, location ${READ_SECONDS} s × ${READ_CONCURRENCY} clients (PGlite, RATE_LIMIT=0)`);
console.log(line('POST /api/wait-list', writes, 50, 1000));
console.log(line('GET /api/location', reads, 10, 0));
console.log(`rows in wait_list: ${rows}; 201 answers: ${accepted}; ${rows === accepted ? '✔ equal' : '✘ DIFFERENT'}; server exit code ${exitCode}`);
process.exit(rows === accepted && exitCode === 0 ? 0 : 1);
