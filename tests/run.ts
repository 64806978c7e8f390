// `npm test`: every check, in the order a failure is cheapest to find. Builds come first because
// the size check and the browser tests run against the real bundles. Prints each step's time and,
// last, the total count of tests as one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}dist/test-results`;
mkdirSync(results, { recursive: true });

const vitest = (project: string) => [
  'vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', project,
  '--reporter=default', '--reporter=json', `--outputFile.json=${results}/${project}.json`,
];

const steps: { name: string; command: string[]; results?: string }[] = [
  { name: 'typecheck', command: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'widget bundles (rollup)', command: ['rollup', '-c', 'rollup.config.ts', '--configPlugin', 'esbuild', '--silent'] },
  { name: 'host site (esbuild, pre-render)', command: [process.execPath, '--conditions=source', 'host/build.ts'] },
  { name: 'console (esbuild)', command: [process.execPath, '--conditions=source', 'packages/console/build.ts'] },
  { name: 'example pages (esbuild)', command: [process.execPath, '--conditions=source', 'host/examples/build.ts'] },
  { name: 'library builds (tsup)', command: ['npm', 'run', '--silent', 'build:lib'] },
  { name: 'unit, component and size tests', command: vitest('unit'), results: 'unit' },
  { name: 'reference API tests (PGlite)', command: vitest('server'), results: 'server' },
  { name: 'reference API tests (PostgreSQL)', command: vitest('server-pg'), results: 'server-pg' },
  { name: 'storybook build', command: ['storybook', 'build', '--quiet', '-o', 'dist/storybook'] },
  { name: 'browser tests (Chromium)', command: vitest('e2e'), results: 'e2e' },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const summary: string[] = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  if (step.results) rmSync(`${results}/${step.results}.json`, { force: true });
  const started = performance.now();
  const run = spawnSync(step.command[0]!, step.command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, OBRA_SKIP_BUILD: '1', STORYBOOK_DISABLE_TELEMETRY: '1' } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let report: { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number } | undefined;
  if (step.results) {
    try {
      report = JSON.parse(readFileSync(`${results}/${step.results}.json`, 'utf8'));
    } catch {
      report = undefined;
    }
  }
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  const ok = run.status === 0;
  const counts = report ? ` — ${report.numPassedTests} passed, ${report.numFailedTests} failed` : step.results ? ' — no test report' : '';
  summary.push(`${ok ? '✔' : '✘'} ${step.name} (${seconds}s)${counts}`);
  if (ok) continue;
  // A failed step with no failed test (a build, or errors outside tests) still counts as a failure.
  if (!report?.numFailedTests) failed += 1;
  // Nothing after a failed build or typecheck is worth running: it would test stale output.
  if (!step.results) break;
}

console.log(`\n${summary.join('\n')}`);
if (skipped) console.log(`${skipped} skipped or todo tests: each one hides something.`);
if (passed === 0) console.log('No test ran.');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && skipped === 0 && passed > 0 ? 0 : 1);
