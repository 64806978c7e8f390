// `npm run bench:fuzz`: the long run of the API's fuzz (tests/server/support/fuzz.ts; the fixed
// slice is tests/server/fuzz.test.ts). Sends FUZZ_RUNS generated requests (default 3000) from seed
// FUZZ_SEED (default 42) one at a time to an API in this process, on the embedded database, with
// the stored tables' digest read around each; it does not stop at the first problem but counts
// them all. Prints requests/s, the answers' statuses, p50/p99/max time to answer, and each kind of
// problem (route, body shape and what was wrong) with its first request. Exits 1 on any problem.
import fc from 'fast-check';
import { reportOn } from '../server/support/api.ts';
import { describeRequest, problem, requests, send, startFuzzTarget } from '../server/support/fuzz.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 42);

const target = await startFuzzTarget();
const report = await reportOn(target.local.base);
const generated = fc.sample(requests(target, report), { numRuns: RUNS, seed: SEED });
const statuses = new Map<string, number>();
const problems = new Map<string, { count: number; first: string }>();
const times: number[] = [];
const started = performance.now();
let before = await target.digest();
for (const r of generated) {
  const outcome = await send(target.local.base, r);
  const after = await target.digest();
  times.push(outcome.ms);
  const status = 'status' in outcome ? String(outcome.status) : outcome.error;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const wrong = problem(r, outcome, before, after);
  if (wrong) {
    const key = `${r.route} · ${r.shape} · ${wrong.replace(/\d+ ms/, 'n ms')}`;
    const seen = problems.get(key);
    if (seen) seen.count++;
    else problems.set(key, { count: 1, first: describeRequest(r) });
  }
  before = after;
}
const seconds = (performance.now() - started) / 1000;
await target.close();

times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(
  `fuzz: ${generated.length} requests, seed ${SEED}, ${seconds.toFixed(1)} s (${(generated.length / seconds).toFixed(0)} requests/s with the digests)`,
);
console.log(`answer time: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)} ms`);
console.log(
  `statuses: ${[...statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ')}`,
);
console.log(`problems: ${[...problems.values()].reduce((sum, { count }) => sum + count, 0)}`);
for (const [key, { count, first }] of problems) console.log(`  ${count}× ${key}\n     first: ${first}`);
process.exitCode = problems.size ? 1 : 0;
