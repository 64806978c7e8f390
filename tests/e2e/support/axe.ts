import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG levels every widget must meet. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

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

/**
 * Runs axe-core (shadow roots and the top layer included) and throws a readable report when
 * anything violates WCAG 2.2 A/AA. `state` names the situation in the message.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default mode finishes each scan in a new
  // blank page, which only cross-origin frames need (none of ours has one): three times slower.
  // Only violations get every node's details; passes keep one node each, enough for the check below.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (results.violations.length) {
    throw new Error(
      `axe-core found ${results.violations.length} WCAG violation(s) in the ${state} state:\n\n${formatViolations(results.violations)}`,
    );
  }
  // A run that checked nothing would pass vacuously; make sure the rules saw the page.
  if (!results.passes.length) throw new Error(`axe-core checked nothing in the ${state} state; is the page empty?`);
}
