import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's minified build, read once. It is put into a page once per document and run there:
 * @axe-core/playwright evaluated the unminified source (1.5 MB) twice per scan, which made a scan
 * 650–1,300 ms where the run itself takes 80–170 ms (docs/contributors/tests.md).
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every rule axe enables by default (WCAG 2.0, 2.1 and 2.2 A and AA, and its best practices:
 * landmarks, headings, regions), and WCAG 2.2's target size (2.5.8), which axe leaves off by
 * default; only violations get every node's details, passes keep one node each. Frames are not
 * scanned (axe is put into the top document only); none of our pages has one of its own.
 */
const OPTIONS: RunOptions = { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } };

/** One violation per block: rule, impact, help link, and each offending node with its target. */
function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map(
        (n) => `    - ${JSON.stringify(n.target)}\n      ${n.html}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
      );
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes.join('\n')}`;
    })
    .join('\n\n');
}

/** axe-core's results for the page's document (shadow roots and the top layer included), run with `options`. */
export async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  // A navigation starts a new document without it.
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options),
    options,
  );
}

/** Runs axe-core's default rules and the target size ({@link OPTIONS}) and throws a readable report when any is violated. `state` names the situation in the message. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const results = await runAxe(page, OPTIONS);
  if (results.violations.length) {
    throw new Error(
      `axe-core found ${results.violations.length} violation(s) in the ${state} state:\n\n${formatViolations(results.violations)}`,
    );
  }
  // A run that checked nothing would pass vacuously; make sure the rules saw the page.
  if (!results.passes.length) throw new Error(`axe-core checked nothing in the ${state} state; is the page empty?`);
}
