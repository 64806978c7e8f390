// `npm run size`: the built bundles' raw, gzip and brotli sizes against their gzip budgets
// (rollup.config.ts), without building; exits 1 when one is missing or over its budget.
import { join } from 'node:path';
import { budgetRows } from './budget-rows.ts';
import { formatSizes } from './sizes.ts';

const rows = budgetRows(join(import.meta.dirname, '../../dist'));
const missing = rows.filter((row) => !row.sizes).map((row) => row.file);
const built = rows.flatMap((row) => (row.sizes ? [{ ...row, sizes: row.sizes }] : []));
console.log(formatSizes(built));
if (missing.length) console.error(`\nNot built: ${missing.join(', ')}; run npm run build:widgets first.`);
const over = built.filter((row) => row.sizes.gzip > row.budgetGzip);
if (over.length) console.error(`\nOver budget: ${over.map((row) => row.file).join(', ')}.`);
process.exitCode = missing.length || over.length ? 1 : 0;
