// `npm run bench:faults [N]` (BENCH_N, default 200): N form submissions in real Chromium, spread
// over the four forms (wait list, partner registration, design form, contact popup), through the built bundles
// to the REAL reference API (PGlite) behind fault-proxy.ts, which drops connections before and
// after the API got the request, delays requests and answers, and answers 500 or 429. Visitors
// double-click, press Enter twice, click again impatiently and reload mid-send. Each visitor waits,
// faults still on, until the widget confirms or its outbox has drained; the rows in the database
// then say what was stored, lost and duplicated. Exits 1 unless lost and duplicated are both 0.
// Bounded: a visitor still unsettled at BENCH_TIME_LIMIT_S (default 600 s) is reported as such.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startPlatform } from '../e2e/support/platform.ts';
import { ROOT } from '../server/support/api.ts';
import { describeProxy, startFaultProxy } from './fault-proxy.ts';
import { runVisitors, seeded } from './visitors.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 600);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 100_000);

/** Builds what the visitors load (the widget bundles and the host pages with the contact popup) if missing. */
export function buildIfMissing(): void {
  const build = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(`${ROOT}/dist/widgets/obra-design-form.js`))
    build([`${ROOT}/node_modules/rollup/dist/bin/rollup`, '-c', 'rollup.config.ts', '--silent']);
  if (!existsSync(`${ROOT}/dist/host/pages/es/values.html`)) build(['--conditions=source', 'host/build.ts']);
}

if (import.meta.main) {
  buildIfMissing();
  const random = seeded(SEED);
  const platform = await startPlatform();
  const proxy = await startFaultProxy(platform.origin, random);
  const result = await runVisitors({
    origin: proxy.origin,
    n: N,
    concurrency: VISITORS,
    deadline: Date.now() + TIME_LIMIT_S * 1000,
    random,
    count: platform.count,
  });

  console.log(`bench:faults  seed ${SEED}, ${VISITORS} visitors at a time, time limit ${TIME_LIMIT_S} s, faults on throughout`);
  console.log(describeProxy(proxy));
  for (const line of result.lines) console.log(line);
  const { total } = result;
  console.log(`N ${result.n}  stored ${total.stored}  lost ${total.lost}  duplicated ${total.duplicated}  in ${result.seconds} s`);

  proxy.close();
  await platform.close();
  process.exit(total.lost === 0 && total.duplicated === 0 && result.n === N ? 0 : 1);
}
