// `npm test`: every check. Steps run as soon as what they need is built, a few at a time: the
// server and browser projects run one file after another and spend much of their time waiting on
// sockets, a database or Chromium, so two of them side by side fill a 2-core machine that one
// leaves half idle. Each step's output is printed in one piece when it ends (so parallel steps do
// not interleave), then a table of steps with their times and, last, the total count of tests as
// one "N passed, N failed" line. A failed step's reason (its failed tests and errors outside tests,
// or a build's last lines) is printed again just before that table.
//   node tests/run.ts            everything
//   node tests/run.ts --list     the steps, what each needs, and the command; runs nothing
//   OBRA_TEST_JOBS=1             one step at a time (default 3)
import { mkdirSync } from 'node:fs';
import { results, runStep, steps, type Outcome } from './steps.ts';

if (process.argv.includes('--list')) {
  for (const step of steps)
    console.log(`${step.name}${step.after ? ` (after ${step.after.join(', ')})` : ''}\n  ${step.command.join(' ')}`);
  process.exit(0);
}

const jobs = Math.max(1, Number(process.env.OBRA_TEST_JOBS) || 3);
mkdirSync(results, { recursive: true });

const outcomes = new Map<string, Outcome>();
const running = new Map<string, Promise<void>>();
const skippedSteps: string[] = [];
const started = performance.now();
let pending = [...steps];
while (pending.length || running.size) {
  // A step whose prerequisite failed is not run: it would test stale or missing output.
  for (const step of pending.filter((s) => s.after?.some((name) => outcomes.get(name)?.ok === false || skippedSteps.includes(name))))
    skippedSteps.push(step.name);
  pending = pending.filter((s) => !skippedSteps.includes(s.name));
  const ready = pending.filter((s) => (s.after ?? []).every((name) => outcomes.get(name)?.ok));
  // The critical path (the browser tests, the longest step, and their builds) never waits for a slot.
  const free = Math.max(0, jobs - running.size);
  for (const step of [...ready.filter((s) => s.critical), ...ready.filter((s) => !s.critical).slice(0, free)]) {
    pending = pending.filter((s) => s !== step);
    running.set(
      step.name,
      runStep(step).then((outcome) => {
        outcomes.set(step.name, outcome);
        running.delete(step.name);
      }),
    );
  }
  if (running.size) await Promise.race(running.values());
  else if (pending.length) throw new Error(`steps wait on unknown steps: ${pending.map((s) => s.name).join(', ')}`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const summary: string[] = [];
for (const step of steps) {
  const outcome = outcomes.get(step.name);
  if (!outcome) {
    summary.push(`– ${step.name} (not run: a step it needs failed)`);
    failed += 1;
    continue;
  }
  const { ok, seconds, report } = outcome;
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  // A failed step with no failed test (a build, or errors outside tests) still counts as a failure.
  if (!ok && !report?.numFailedTests) failed += 1;
  const counts = report ? ` — ${report.numPassedTests} passed, ${report.numFailedTests} failed` : step.results ? ' — no test report' : '';
  summary.push(`${ok ? '✔' : '✘'} ${step.name} (${seconds.toFixed(1)}s)${counts}`);
}

// Why each failed step failed, again here: its own output may be thousands of lines up.
for (const step of steps) {
  const reason = outcomes.get(step.name)?.why;
  if (reason) console.log(`\n━━ why ${step.name} failed ━━\n${reason}`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)}s with up to ${jobs} steps at a time`);
if (skipped) console.log(`${skipped} skipped or todo tests: each one hides something.`);
if (passed === 0) console.log('No test ran.');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && skipped === 0 && passed > 0 ? 0 : 1);
