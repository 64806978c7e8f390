import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgets, widgets } from '../../rollup.config.ts';
import { measure, type Sizes } from './sizes.ts';

/** One budgeted file of `dist`: its gzip budget and, once built, its sizes. */
export interface BudgetRow {
  file: string;
  budgetGzip: number;
  sizes: Sizes | undefined;
}

/** Every self-contained widget bundle and every other budgeted file (the loader), measured in `dist`. */
export function budgetRows(dist: string): BudgetRow[] {
  return [
    ...widgets.map((w) => ({ file: `widgets/obra-${w.name}.js`, budgetGzip: w.budgetGzip })),
    ...Object.entries(budgets).map(([file, budgetGzip]) => ({ file, budgetGzip })),
  ].map((row) => ({ ...row, sizes: existsSync(join(dist, row.file)) ? measure(readFileSync(join(dist, row.file))) : undefined }));
}
