// @vitest-environment node
// The size check: every self-contained widget bundle (and the loader) within its gzip budget.
// Run after `npm run build:widgets`; it prints the table it checks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetRows } from '../../tools/size/budget-rows.ts';
import { guideSizes, SIZES_END, SIZES_START } from '../../tools/size/guide-sizes.ts';
import { formatSizes, measure, staticClosure, type Sizes } from '../../tools/size/sizes.ts';

const dist = join(import.meta.dirname, '../../dist');
const rows = budgetRows(dist);

describe('bundle size budgets', () => {
  it('has built every bundle (npm run build:widgets)', () => {
    expect(rows.filter((row) => !row.sizes).map((row) => row.file)).toEqual([]);
    console.log(`\n${formatSizes(rows.map((row) => ({ ...row, sizes: row.sizes! })))}\n`);
  });

  it.each(rows)('$file is within $budgetGzip bytes gzip', ({ sizes, budgetGzip }) => {
    expect(sizes?.gzip).toBeLessThanOrEqual(budgetGzip);
  });

  it('lets the loader fetch nothing more until a widget is wanted (it imports the widgets and their runtime only dynamically)', () => {
    // A module the loader shares with the widgets (e.g. a function re-exported by @obra/element)
    // would put it in the runtime chunk, and every page would fetch that chunk at once.
    expect(staticClosure(join(dist, 'esm'), ['loader.js'], (path) => readFileSync(path, 'utf8'))).toEqual(['loader.js']);
  });
});

/** Sums sizes, as a page pays for every file it fetches. */
const total = (files: readonly string[]): Sizes =>
  files
    .map((file) => measure(readFileSync(join(dist, file))))
    .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }));

describe('a page with two different widgets', () => {
  // The wait list and the partner registration, as on host/examples/several.html.
  const pair = ['wait-list', 'partner-registration'];
  const viaLoader = staticClosure(join(dist, 'esm'), ['loader.js', ...pair.map((name) => `obra-${name}.js`)], (path) =>
    readFileSync(path, 'utf8'),
  );
  const bundles = pair.map((name) => `widgets/obra-${name}.js`);

  it('downloads less through the loader (shared runtime) than with the two self-contained bundles', () => {
    const loader = total(viaLoader.map((file) => `esm/${file}`));
    const separate = total(bundles);
    console.log(
      `\n${formatSizes([
        { file: 'esm/loader.js (alone)', sizes: measure(readFileSync(join(dist, 'esm/loader.js'))) },
        { file: `loader + 2 widgets (${viaLoader.length} files)`, sizes: loader },
        { file: 'two self-contained bundles', sizes: separate },
      ])}\n  ${viaLoader.join(', ')}\n`,
    );
    // The runtime chunk is fetched once for both widgets.
    expect(viaLoader.filter((file) => file.startsWith('chunks/runtime-'))).toHaveLength(1);
    expect(loader.gzip).toBeLessThan(separate.gzip);
  });
});

describe("the partners' guide", () => {
  it('states the sizes of this build (npm run docs:reference refreshes them)', () => {
    const guide = readFileSync(join(import.meta.dirname, '../../docs/partners/embedding.md'), 'utf8');
    const stated = guide.slice(guide.indexOf(SIZES_START), guide.indexOf(SIZES_END) + SIZES_END.length);
    expect(stated).toBe(guideSizes(dist));
  });
});
