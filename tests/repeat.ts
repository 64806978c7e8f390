// `npm run test:repeat -- N`: hunts flaky tests. Builds once (the same build steps as `npm test`),
// then runs the unit and browser projects N times (default 5) and prints, for every test that failed
// at least once, how many times it failed. Exits 1 when any test failed in any run.
import { mkdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { GUARDRAILS } from './guardrails.ts';
import { results, root, runStep, steps, vitest, type Step } from './steps.ts';

const times = Number(process.argv[2] ?? 5);
if (!Number.isInteger(times) || times < 1) {
  console.error('usage: npm run test:repeat -- N   (N ≥ 1 runs of the unit and e2e projects)');
  process.exit(2);
}
const PROJECTS = ['unit', 'e2e'];
mkdirSync(results, { recursive: true });

/** The part of vitest's JSON report read here: each file's tests and their status. */
interface FileReport {
  name: string;
  status: string;
  message?: string;
  assertionResults: { fullName: string; status: string }[];
}

// What the two projects need built: every step that is neither a test run nor a guardrail.
for (const step of steps.filter((s) => !s.results && !GUARDRAILS.includes(s))) {
  const outcome = await runStep(step);
  if (!outcome.ok) {
    console.error(`\n${step.name} failed: nothing to repeat.`);
    process.exit(1);
  }
}

/** Failures per test ("project › file › test"), over all runs. */
const failures = new Map<string, number>();
const count = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
for (let round = 1; round <= times; round++) {
  for (const project of PROJECTS) {
    const report = `repeat-${project}`;
    const step: Step = { name: `${project}, run ${round} of ${times}`, command: vitest(project, report), results: report };
    const outcome = await runStep(step);
    let files: FileReport[] | undefined;
    try {
      files = (JSON.parse(readFileSync(`${results}/${report}.json`, 'utf8')) as { testResults: FileReport[] }).testResults;
    } catch {
      files = undefined;
    }
    if (!files) {
      count(`${project} › (no report: the run itself failed)`);
      continue;
    }
    for (const file of files) {
      const where = `${project} › ${relative(root, file.name)}`;
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) count(`${where} › ${test.fullName}`);
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (file.status === 'failed' && failed.length === 0)
        count(`${where} › (the file: ${file.message?.split('\n')[0] ?? 'failed outside its tests'})`);
    }
    if (!outcome.ok && !files.some((file) => file.status === 'failed')) count(`${project} › (vitest exited with an error)`);
  }
}

console.log(`\n${PROJECTS.join(' and ')}, ${times} time${times === 1 ? '' : 's'}:`);
if (failures.size === 0) {
  console.log('no test failed.');
  process.exit(0);
}
for (const [test, n] of [...failures].sort((a, b) => b[1] - a[1])) console.log(`  failed ${n} of ${times}: ${test}`);
process.exit(1);
