// The sizes the partners' guide states (docs/partners/embedding.md, between the sizes markers):
// measured from the build, never typed by hand. `npm run docs:reference` writes them; the size
// check (tests/size/budgets.test.ts) fails when the guide and the build disagree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { widgets } from '../../rollup.config.ts';
import { replaceMarked } from '../docs/marked.ts';
import { measure, staticClosure } from './sizes.ts';

/** Markers around the generated sizes in the guide. */
export const SIZES_START = '<!-- sizes:start (measured from the build: npm run build:widgets, then npm run docs:reference) -->';
export const SIZES_END = '<!-- sizes:end -->';

/** Whole kilobytes, rounded up (a partner budgets with the larger figure). */
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** The guide's table: per widget, its self-contained bundle and what the loader fetches for it alone, gzip. */
export function guideSizes(dist: string): string {
  const gzip = (file: string) => measure(readFileSync(join(dist, file))).gzip;
  const rows = widgets.map((w) => {
    const viaLoader = staticClosure(join(dist, 'esm'), ['loader.js', `obra-${w.name}.js`], (path) => readFileSync(path, 'utf8'));
    const loaderBytes = viaLoader.reduce((sum, file) => sum + gzip(`esm/${file}`), 0);
    return `| \`<obra-${w.name}>\` | ${kb(gzip(`widgets/obra-${w.name}.js`))} | ${kb(loaderBytes)} |`;
  });
  return [
    SIZES_START,
    '',
    `| widget | one script (\`/widgets/obra-<name>.js\`) | through the loader (loader, runtime and the widget) |`,
    '|---|---|---|',
    ...rows,
    '',
    `The loader alone is ${kb(gzip('esm/loader.js'))}; a second widget on the same page through the loader adds only its own code (the runtime is shared). Sizes are gzip, rounded up.`,
    '',
    SIZES_END,
  ].join('\n');
}

/** `markdown` with the text between the sizes markers replaced by `sizes`. */
export const replaceSizes = (markdown: string, sizes: string): string => replaceMarked(markdown, SIZES_START, SIZES_END, sizes);
