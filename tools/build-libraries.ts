// `npm run build:lib`: each library package's ESM and declarations in its `dist/`, for the React
// hosts that install the packages, with one tsup setup for all of them. A package's entries are the
// `source` files of its `exports` whose build goes to `./dist/`: an entry point is declared once,
// in package.json, for the resolvers that read the source and for this build alike. The server
// and the console export their source and are not built here.
//   --no-dts              JavaScript only (what the browser tests need)
//   --dts-only --no-clean the declarations, after a --no-dts pass
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Options } from 'tsup';

const { values: flags } = parseArgs({
  options: { 'no-dts': { type: 'boolean' }, 'dts-only': { type: 'boolean' }, 'no-clean': { type: 'boolean' } },
});

/** What one package needs besides the shared setup, and why. */
const OWN: Record<string, Options> = {
  // The wrappers render on a server and touch the element in the browser: React Server Components
  // frameworks must treat the module as client code.
  '@obra/react': { banner: { js: "'use client';" } },
};

type Target = string | { source?: string; default?: string };
const packages = fileURLToPath(new URL('../packages/', import.meta.url));

for (const dir of readdirSync(packages).sort()) {
  const pkg = JSON.parse(readFileSync(`${packages}${dir}/package.json`, 'utf8')) as { name: string; exports?: Record<string, Target> };
  const entry = Object.values(pkg.exports ?? {}).flatMap((target) =>
    typeof target === 'object' && target.source && target.default?.startsWith('./dist/') ? [target.source] : [],
  );
  if (!entry.length) continue;
  // tsup resolves entries, `dist/` and the tsconfig from the working directory; esbuild took its
  // own when it was loaded, so it is told each package's.
  const cwd = `${packages}${dir}`;
  process.chdir(cwd);
  await build({
    config: false,
    silent: true,
    entry,
    format: ['esm'],
    target: 'es2022',
    clean: !flags['no-clean'],
    dts: flags['no-dts'] ? false : flags['dts-only'] ? { only: true } : true,
    // A widget's catalogues (JSON) go into its own dist: an installed widget imports no JSON file of another package.
    noExternal: ['@obra/i18n/locales'],
    esbuildOptions: (options) => void (options.absWorkingDir = cwd),
    ...OWN[pkg.name],
  });
  console.log(`${pkg.name}: ${entry.join(', ')}`);
}
