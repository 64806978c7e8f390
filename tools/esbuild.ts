// The one esbuild setup of the host site (host/build.ts), the console (packages/console/build.ts)
// and the React example (host/examples/build.ts): workspace packages from their TypeScript
// (`source`), the browsers the site supports, production React, and the two steps they share:
// a TSX module built for this Node to run (the pre-renders) and the `new URL('./x.svg',
// import.meta.url)` assets of the packages' sources, which esbuild leaves alone.
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root folder (with a trailing slash). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The browsers the pages and the console are built for (the widgets' rollup build names its own). */
const BROWSERS = ['es2022', 'chrome111', 'firefox114', 'safari16.4'];

const shared: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  conditions: ['source'],
  jsx: 'automatic',
  logLevel: 'warning',
};

/** A minified ES-module bundle for the browsers above, React in production mode; resolves with its metafile. */
export async function buildForBrowsers(options: BuildOptions): Promise<Metafile> {
  const result = await build({
    ...shared,
    format: 'esm',
    minify: true,
    target: BROWSERS,
    ...options,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"', ...options.define },
  });
  return result.metafile;
}

/**
 * Builds `options` (an entry point or stdin) into one ES module for this Node, imports it and
 * deletes the file: the host's and the example's pre-renderers are TSX that Node cannot run.
 */
export async function importBuilt<T>(options: BuildOptions & { outfile: string }): Promise<T> {
  await build({ ...shared, platform: 'node', format: 'esm', ...options });
  try {
    // The query makes a second build in the same process (the browser tests') load afresh.
    return (await import(`${pathToFileURL(options.outfile).href}?t=${Date.now()}`)) as T;
  } finally {
    await rm(options.outfile, { force: true });
  }
}

const ASSET_URL = /new URL\((['"])(\.{1,2}\/[^'"]+\.(?:svg|png|jpe?g|webp|avif))\1,\s*import\.meta\.url\)/g;

/**
 * A plugin for the assets the packages' sources name with `new URL('./x.svg', import.meta.url)`:
 * `rewrite` turns each (its path relative to the source file, that file, and which of the file's
 * assets it is, from 0) into the expression that replaces it, and may add imports at the top.
 */
export function assetUrls(
  name: string,
  rewrite: (
    asset: string,
    importer: string,
    n: number,
  ) => Promise<{ expression: string; imports?: string }> | { expression: string; imports?: string },
): Plugin {
  return {
    name,
    setup(b) {
      b.onLoad({ filter: /[/\\]packages[/\\][^/\\]+[/\\]src[/\\].*\.tsx?$/ }, async ({ path }) => {
        const code = await readFile(path, 'utf8');
        if (!code.includes('import.meta.url')) return undefined;
        const imports: string[] = [];
        let out = code;
        let n = 0;
        for (const [match, , asset] of code.matchAll(ASSET_URL)) {
          const replacement = await rewrite(asset!, path, n++);
          if (replacement.imports) imports.push(replacement.imports);
          out = out.replace(match, replacement.expression);
        }
        return { contents: `${imports.join('\n')}\n${out}`, loader: path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
