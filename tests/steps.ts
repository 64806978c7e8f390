// The steps of `npm test` (tests/run.ts) and how one runs; tests/repeat.ts builds with the same steps.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GUARDRAILS } from './guardrails.ts';

/** The repository's root. */
export const root = fileURLToPath(new URL('..', import.meta.url));
/** Where vitest's JSON reports go. */
export const results = `${root}dist/test-results`;

/** One check: a command, the steps it needs first, and the vitest JSON report it writes, if any. */
export interface Step {
  name: string;
  command: string[];
  after?: string[];
  results?: string;
  /** On the critical path (the browser tests and what they need): starts when ready, even when every slot is taken. */
  critical?: boolean;
}

/** A vitest run of one project that also writes its JSON report to `results`/`report`.json. */
export const vitest = (project: string, report = project): string[] => [
  'vitest',
  'run',
  '--config',
  'tests/vitest.config.ts',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/${report}.json`,
];
/** `npm run build:lib` (tools/build-libraries.ts), with what follows it passed on to it. */
const BUILD_LIB = ['npm', 'run', '--silent', 'build:lib', '--'];
const node = (...args: string[]) => [process.execPath, '--conditions=source', ...args];
/**
 * One of `npm start`'s builds (host/build-stale.ts), run as `npm start` runs it: skipped when its
 * inputs are those of its last build. A fresh clone builds everything, as a newcomer's first start
 * does; the quick start's copy (tests/e2e/quick-start.test.ts) starts on what these built.
 */
const stale = (build: string) => node('host/build-stale.ts', build);

/**
 * Every step. The browser tests are the longest step: they and the builds they need are `critical`
 * and start as soon as they are ready, slot or no slot; the other steps fill the free slots
 * (OBRA_TEST_JOBS) in this order, at a lower CPU priority.
 */
export const steps: Step[] = [
  { name: 'widget bundles (rollup)', command: stale('widgets'), critical: true },
  { name: 'console (esbuild)', command: stale('console'), critical: true },
  { name: 'example pages (esbuild)', command: stale('examples'), critical: true },
  // The @obra/react tarball a partner's React app installs from Obra (tests/e2e/partner-sites.test.ts).
  { name: 'npm packages (npm pack)', command: stale('packages'), critical: true },
  // The pages preload the widgets' modules, read from dist/esm.
  { name: 'host site (esbuild, pre-render)', command: stale('host'), after: ['widget bundles (rollup)'], critical: true },
  // tests/e2e/embed-react.test.ts renders from packages/react/dist, as a partner installs it: it
  // needs the JavaScript (a second), not the declarations (one TypeScript program for every package,
  // about 10 s), so `build:lib` runs in two passes and the browser tests wait for the first only.
  { name: 'library bundles (tsup)', command: [...BUILD_LIB, '--no-dts'], critical: true },
  {
    name: 'library declarations (rollup-plugin-dts)',
    command: [...BUILD_LIB, '--dts-only'],
    after: ['library bundles (tsup)'],
  },
  {
    name: 'browser tests (Chromium)',
    command: vitest('e2e'),
    critical: true,
    results: 'e2e',
    after: [
      'widget bundles (rollup)',
      'host site (esbuild, pre-render)',
      'console (esbuild)',
      'example pages (esbuild)',
      'npm packages (npm pack)',
      'library bundles (tsup)',
    ],
  },
  // Type check with lint, format and dead code (tests/guardrails.ts), needing nothing first.
  ...GUARDRAILS,
  // Some of them start host/serve.ts (npm start), which serves the built site and bundles.
  { name: 'reference API tests (PGlite)', command: vitest('server'), results: 'server', after: ['host site (esbuild, pre-render)'] },
  // The size budgets and the manifest check read dist/widgets, dist/esm and dist/custom-elements.json.
  { name: 'unit, component and size tests', command: vitest('unit'), results: 'unit', after: ['widget bundles (rollup)'] },
  {
    name: 'reference API tests (PostgreSQL)',
    command: vitest('server-pg'),
    results: 'server-pg',
    after: ['host site (esbuild, pre-render)'],
  },
  { name: 'storybook build', command: ['storybook', 'build', '--quiet', '-o', 'dist/storybook'] },
];

/** The part of vitest's JSON report the runners read. */
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

/** What one finished step gave: its exit, its time, its test counts when it wrote a report. */
export interface Outcome {
  ok: boolean;
  seconds: number;
  report?: Report;
  /** For a failed step, the part of its output that says why (see {@link why}). */
  why?: string;
}

/** Lines of a failed step's output kept for the end of the run. */
const WHY_LINES = 60;

/**
 * What explains a failure: vitest's sections of failed tests and of errors outside tests, from
 * their first header on, or else the output's last lines (a build's error). `npm test` prints it
 * again after the table of steps, so the end of a long log (all a CI page may keep) says why.
 */
function why(output: string): string {
  const lines = stripVTControlCharacters(output).split('\n');
  const first = lines.findIndex((line) => /⎯{2,} (Failed Tests?|Unhandled (Errors?|Rejections?)|Failed Suites?)/.test(line));
  const kept = first >= 0 ? lines.slice(first) : lines;
  return kept
    .slice(0, first >= 0 ? WHY_LINES : undefined)
    .slice(-WHY_LINES)
    .join('\n')
    .trim();
}

/** Runs one step with its output buffered, and prints that output in one piece when it ends. */
export function runStep(step: Step): Promise<Outcome> {
  if (step.results) rmSync(`${results}/${step.results}.json`, { force: true });
  console.log(`▶ ${step.name}: ${step.command.join(' ')}`);
  const started = performance.now();
  const child = spawn(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OBRA_SKIP_BUILD: '1', STORYBOOK_DISABLE_TELEMETRY: '1', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  // Off the critical path, a step yields the CPU to the browser tests (nice 10, inherited by the
  // workers it starts): it fills what they leave idle instead of slowing them.
  if (!step.critical && child.pid) setPriority(child.pid, 10);
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (code: number | null, error?: Error) => {
      const seconds = (performance.now() - started) / 1000;
      console.log(`\n━━ ${step.name} (${seconds.toFixed(1)}s) ━━`);
      process.stdout.write(Buffer.concat(output));
      if (error) console.log(`could not start: ${error.message}`);
      let report: Report | undefined;
      if (step.results) {
        try {
          report = JSON.parse(readFileSync(`${results}/${step.results}.json`, 'utf8')) as Report;
        } catch {
          report = undefined;
        }
      }
      const ok = code === 0 && !error;
      resolve({ ok, seconds, report, ...(ok ? {} : { why: why(Buffer.concat(output).toString('utf8')) || error?.message }) });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}
