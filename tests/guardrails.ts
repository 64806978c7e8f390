// The checks that keep the code base clean, as steps for `npm test` (tests/steps.ts lists them
// among the steps that need no build: they are the cheapest failures to find). Each runs its
// npm script, so the flags live in one place (package.json) and a contributor runs the same thing.

/** One guardrail: its name as the test run prints it, and the command (argv) that runs it. */
export interface Guardrail {
  name: string;
  command: string[];
}

/** The type check with lint (oxlint: TypeScript's diagnostics, type-aware rules, import cycles), the formatter check, and knip. */
export const GUARDRAILS: Guardrail[] = [
  {
    name: 'type check and lint (oxlint: TypeScript diagnostics, type-aware rules, import cycles)',
    command: ['npm', 'run', '--silent', 'lint'],
  },
  { name: 'format check (prettier)', command: ['npm', 'run', '--silent', 'format:check'] },
  { name: 'unused files, exports and dependencies (knip)', command: ['npm', 'run', '--silent', 'knip'] },
];
