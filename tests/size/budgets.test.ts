// The size check: every self-contained widget bundle (and the loader) within its gzip budget.
// Run after `npm run build:widgets`; it prints the table it checks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets, widgets } from '../../rollup.config.ts';
import { formatSizes, measure } from './sizes.ts';

const dist = join(import.meta.dirname, '../../dist');
const rows = [
  ...widgets.map((w) => ({ file: `widgets/obra-${w.name}.js`, budgetGzip: w.budgetGzip })),
  ...Object.entries(budgets).map(([file, budgetGzip]) => ({ file, budgetGzip })),
].map((row) => ({ ...row, sizes: existsSync(join(dist, row.file)) ? measure(readFileSync(join(dist, row.file))) : undefined }));

describe('bundle size budgets', () => {
  it('has built every bundle (npm run build:widgets)', () => {
    expect(rows.filter((row) => !row.sizes).map((row) => row.file)).toEqual([]);
    console.log(`\n${formatSizes(rows.map((row) => ({ ...row, sizes: row.sizes! })))}\n`);
  });

  it.each(rows)('$file is within $budgetGzip bytes gzip', ({ sizes, budgetGzip }) => {
    expect(sizes?.gzip).toBeLessThanOrEqual(budgetGzip);
  });
});
