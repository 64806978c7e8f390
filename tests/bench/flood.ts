// `npm run bench:flood`: can a fresh address still be served while many addresses flood the API
// with idle connections? Starts packages/server as its own process with its default connection
// limits (docs/operators/configuration.md#sites-limits-and-timeouts), then, for 10 and then 50 flooding addresses
// (127.0.0.10 and up: Linux routes all of 127/8 to the loopback interface, and each client
// socket is bound to its address with `localAddress`), each address opens BENCH_PER_ADDRESS (100)
// connections that send nothing and opens another BENCH_RECONNECT_MS (100 ms) after any of them
// is closed or refused. After BENCH_RAMP_MS (2 s) of that, a fresh address (127.0.0.250) sends
// `GET /api/health` on a new connection each time, one after the other, for BENCH_FLOOD_SECONDS
// (15 s, longer than HEADERS_TIMEOUT_MS so the flood's reconnections are in it), each given 5 s.
// Prints, with no flood and under each flood, the fresh address's success rate, its failures by
// kind and the p50/p90/p99/max latency of its answers, and how many flood connections the server's
// side held (/proc/net/tcp) as the probes began and as they ended. What it measures and its limits:
// docs/benchmarks.md#connection-floods.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { removeDataDir, startProcess, tempDataDir } from '../server/support/api.ts';

const PER_ADDRESS = Number(process.env.BENCH_PER_ADDRESS ?? 100);
const RECONNECT_MS = Number(process.env.BENCH_RECONNECT_MS ?? 100);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 2000);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 15);
const FLOODS = (process.env.BENCH_FLOODS ?? '10,50').split(',').map(Number);
const TIMEOUT_MS = 5000;
const FRESH = '127.0.0.250';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `addresses` addresses each holding up to PER_ADDRESS idle connections, reconnecting when one
 * closes, in a worker thread of its own (the flood's event loop does not delay the probes');
 * resolves once the worker has asked for all of them.
 */
async function flood(port: number, addresses: number) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { port, addresses } });
  await once(worker, 'message');
  return { stop: () => worker.terminate() };
}

/** The flood itself (the worker thread's side of {@link flood}). */
function holdConnections(port: number, addresses: number): void {
  const open = (from: string) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined);
    // Flowing, so the server's FIN is read and 'close' follows.
    socket.resume();
    socket.on('close', () => setTimeout(() => open(from), RECONNECT_MS));
  };
  for (let a = 0; a < addresses; a += 1) for (let i = 0; i < PER_ADDRESS; i += 1) open(`127.0.0.${10 + a}`);
  parentPort!.postMessage('flooding');
}

/**
 * The connections from flooding addresses the server's side has established, as /proc/net/tcp
 * lists them: those the API holds, and those waiting in the listening socket's accept queue (511
 * at most). Counted on the server's side: the client's believes a connection up once the
 * handshake's last packet is sent, even when a full accept queue drops it.
 */
function held(port: number): number {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  // 127.0.0.250 as the kernel writes it: the address's bytes in host order (little-endian).
  const fresh = `${FRESH.split('.')
    .reverse()
    .map((byte) => Number(byte).toString(16).toUpperCase().padStart(2, '0'))
    .join('')}:`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, from, to, state]) => from?.endsWith(local) && state === '01' && !to?.startsWith(fresh)).length;
}

/** One GET /api/health from FRESH on a connection of its own: the outcome and the time it took. */
function probe(port: number): Promise<{ outcome: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: string) => resolve({ outcome, ms: performance.now() - started });
    const req = request({ port, host: '127.0.0.1', path: '/api/health', localAddress: FRESH, agent: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done(String(res.statusCode)));
      res.on('error', () => done('cut'));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: `no answer in ${TIMEOUT_MS / 1000} s` })));
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    req.end();
  });
}

/** Probes one after the other for `seconds`; the success rate, failures by kind and latency percentiles. */
async function probes(port: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let sent = 0;
  while (performance.now() < until) {
    const { outcome, ms } = await probe(port);
    sent += 1;
    if (outcome === '200') latencies.push(ms);
    else failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
    await sleep(20);
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : NaN);
  return { sent, ok: latencies.length, failures, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

if (!isMainThread) holdConnections(workerData.port, workerData.addresses);
else await main();

async function main() {
  const dataDir = tempDataDir();
  const server = await startProcess('api', { OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const port = Number(new URL(server.base).port);
  const rows: string[][] = [];
  const row = (label: string, result: Awaited<ReturnType<typeof probes>>, holding: string) => {
    const failures = [...result.failures].map(([kind, n]) => `${n} ${kind}`).join(', ') || '—';
    const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));
    rows.push([
      label,
      `${result.ok}/${result.sent} (${((100 * result.ok) / result.sent).toFixed(1)} %)`,
      failures,
      `${ms(result.p50)} / ${ms(result.p90)} / ${ms(result.p99)} / ${ms(result.max)}`,
      holding,
    ]);
    console.log(rows.at(-1)!.join('  |  '));
  };

  try {
    // Warm-up: the first answers pay for the JIT and the database's caches.
    for (let i = 0; i < 50; i += 1) await probe(port);
    row('no flood', await probes(port, 3), '0');
    for (const addresses of FLOODS) {
      const attack = await flood(port, addresses);
      await sleep(RAMP_MS);
      const heldAtStart = held(port);
      const result = await probes(port, FLOOD_SECONDS);
      row(`${addresses} addresses × ${PER_ADDRESS}`, result, `${heldAtStart} → ${held(port)}`);
      await attack.stop();
      // The server sees the flood's sockets close before the next round.
      await sleep(1000);
    }
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }

  console.log(
    `\nThe fresh address ${FRESH}: GET /api/health on a new connection, one after the other, ${FLOOD_SECONDS} s under each flood` +
      ` (${PER_ADDRESS} idle connections per address, reconnecting ${RECONNECT_MS} ms after a close); load average ${loadavg()[0]!.toFixed(2)}.\n`,
  );
  const header = ['', 'answered 200', 'failures', 'p50 / p90 / p99 / max (ms)', 'flood connections held (start → end)'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((cells) => cells[i]!.length)));
  for (const cells of [header, widths.map((w) => '-'.repeat(w)), ...rows])
    console.log(`| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
}
