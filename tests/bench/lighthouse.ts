// `npm run bench:lighthouse`: Lighthouse (mobile defaults: emulated phone, simulated 4G and 4×
// CPU slowdown) on all 18 page variants of the host site, against the platform started here on a
// free port. Prints performance, accessibility, best practices, SEO, CLS and total blocking time
// per page; exits 1 when any category is below 100, CLS is above 0 or TBT reaches 50 ms.
// Each page is measured `--runs N` times (default 3) and Lighthouse's own median run is kept, as
// Lighthouse advises for variance; page paths as arguments limit the run to them
// (`npm run bench:lighthouse -- --runs 5 /es/formulario`). Not part of `npm test`: it takes
// minutes and measures, rather than checks, behaviour. The reports land in dist/lighthouse/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, type RunnerResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { allRoutes, pathFor } from '../../host/src/routes.ts';
import { ROOT, removeDataDir, startProcess, tempDataDir } from '../server/support/api.ts';

const build = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
if (!existsSync(`${ROOT}/dist/esm/loader.js`)) build([`${ROOT}/node_modules/rollup/dist/bin/rollup`, '-c', 'rollup.config.ts', '--configPlugin', 'esbuild', '--silent']);
build(['--conditions=source', 'host/build.ts']);

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
if (!(RUNS >= 1)) throw new Error('--runs needs a number of runs per page, e.g. --runs 3');
const routes = allRoutes(['sketchup']).filter((route) => !args.length || args.includes(pathFor(route)));
if (!routes.length) throw new Error(`No page matches ${args.join(' ')}; give paths such as /es/formulario.`);

const dataDir = tempDataDir();
const host = await startProcess('host', { OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** Every page's full report, for a closer look at what cost points. */
const REPORTS = `${ROOT}/dist/lighthouse`;
mkdirSync(REPORTS, { recursive: true });
/**
 * Lighthouse's defaults, except that a console error for a host name that does not resolve is not
 * counted: the software detail shows YouTube thumbnails, and a machine without internet cannot
 * resolve i.ytimg.com. Every other console error still costs points.
 */
const CONFIG: Config = {
  extends: 'lighthouse:default',
  audits: [{ path: 'errors-in-console', options: { ignoredPatterns: ['ERR_BLOCKED_BY_CLIENT.Inspector', 'net::ERR_NAME_NOT_RESOLVED'] } }],
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const rows: { path: string; scores: number[]; cls: number; tbt: number; failed: string[] }[] = [];
try {
  for (const route of routes) {
    const path = pathFor(route);
    const runs: RunnerResult['lhr'][] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(host.base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, CONFIG);
      runs.push(result!.lhr);
    }
    const lhr = computeMedianRun(runs) as RunnerResult['lhr'];
    writeFileSync(`${REPORTS}/${path.slice(1).replaceAll('/', '_')}.json`, JSON.stringify(lhr));
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const cls = Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
    const tbt = Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
    // The audits that cost points, so a failing row says what to fix.
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .filter((a) => CATEGORIES.some((c) => lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    rows.push({ path, scores, cls, tbt, failed });
    console.error(`${path}: ${scores.join(' ')} CLS ${cls.toFixed(3)} TBT ${Math.round(tbt)} ms (median of ${runs.length}; TBT of the runs: ${runs.map((r) => Math.round(Number(r.audits['total-blocking-time']?.numericValue))).join(', ')} ms)`);
  }
} finally {
  chrome.kill();
  await host.stop();
  removeDataDir(dataDir);
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(`\n${pad('page', 24)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('seo', 6)}${pad('CLS', 8)}TBT`);
for (const row of rows) console.log(`${pad(row.path, 24)}${row.scores.map((s) => pad(s, 6)).join('')}${pad(row.cls.toFixed(3), 8)}${Math.round(row.tbt)} ms`);
const bad = rows.filter((r) => r.scores.some((s) => s < 100) || !(r.cls <= 0) || !(r.tbt < 50));
for (const row of bad) {
  const limits = [...(row.cls > 0 ? [`CLS ${row.cls.toFixed(3)} > 0`] : []), ...(row.tbt >= 50 ? [`TBT ${Math.round(row.tbt)} ms ≥ 50 ms`] : [])];
  console.log(`✘ ${row.path}: ${[...limits, ...row.failed].join(', ')}`);
}
console.log(bad.length ? `\n${bad.length} of ${rows.length} pages below 100 / CLS > 0 / TBT ≥ 50 ms` : `\nall ${rows.length} pages: 100 in every category, CLS 0, TBT < 50 ms`);
process.exit(bad.length ? 1 : 0);
