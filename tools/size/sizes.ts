import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Raw, gzip (level 9) and brotli (quality 11) byte counts of one file's contents. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The sizes of one file (the size table and the budgets read these). */
export function measure(code: string | Uint8Array): Sizes {
  const bytes = typeof code === 'string' ? Buffer.from(code) : code;
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A fixed-width table of file sizes, with the budget when there is one. */
export function formatSizes(rows: { file: string; sizes: Sizes; budgetGzip?: number | undefined }[]): string {
  const lines = [`${'file'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}  budget (gzip)`];
  for (const { file, sizes, budgetGzip } of rows) {
    const budget = budgetGzip ? `${kb(budgetGzip)} ${sizes.gzip <= budgetGzip ? 'ok' : 'OVER'}` : '';
    lines.push(
      `${file.padEnd(40)} ${kb(sizes.raw).padStart(10)} ${kb(sizes.gzip).padStart(10)} ${kb(sizes.brotli).padStart(10)}  ${budget}`,
    );
  }
  return lines.join('\n');
}

/**
 * The files a browser fetches for `entries` of an ESM build in `dir`: each entry and, transitively,
 * every chunk it imports statically (`import … from "./x.js"`, `import "./x.js"`). Dynamic imports
 * are left out: they are what the loader fetches later, for other tags.
 */
export function staticClosure(dir: string, entries: readonly string[], read: (path: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = read(`${dir}/${file}`);
    const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(new URL(spec!, `file:///${base}`).pathname.slice(1));
    }
  };
  entries.forEach(visit);
  return [...seen];
}
