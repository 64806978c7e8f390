// `npm run build:lib`: each library package's ESM and declarations in its `dist/`, for the React
// hosts that install the packages. A package's entries are the `source` files of its `exports`
// whose build goes to `./dist/`: an entry point is declared once, in package.json, for the
// resolvers that read the source and for this build alike. The server and the console export their
// source and are not built here.
//   --no-dts     JavaScript only (what the browser tests need)
//   --dts-only   the declarations only (after a --no-dts pass, which empties each dist/ first)
//   --no-clean   the JavaScript without emptying dist/ first
//
// The JavaScript: tsup, one setup for every package. The declarations: rollup-plugin-dts (what
// tsup's `dts` runs) in one rollup build for every package, with tsup's options and naming, so
// TypeScript makes one program: tsup made one per package, each in a worker of its own loading
// TypeScript and parsing the DOM, Node and React types and the shared packages again. On the 2-core
// machine: 13 programs took 31 s and 48 CPU-seconds, one takes 10 s and 14.
import json from '@rollup/plugin-json';
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { rollup, type Plugin } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { build, type Options } from 'tsup';
import ts from 'typescript';

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
interface Manifest {
  name: string;
  exports?: Record<string, Target>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const packages = fileURLToPath(new URL('../packages/', import.meta.url));

/** Each built package: its folder, its manifest and its entries (paths relative to its folder). */
const built = readdirSync(packages)
  .sort()
  .flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(`${packages}${dir}/package.json`, 'utf8')) as Manifest;
    const entry = Object.values(pkg.exports ?? {}).flatMap((target) =>
      typeof target === 'object' && target.source && target.default?.startsWith('./dist/') ? [target.source] : [],
    );
    return entry.length ? [{ dir, pkg, entry }] : [];
  });

if (!flags['dts-only']) {
  for (const { dir, pkg, entry } of built) {
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
      dts: false,
      // A widget's catalogues (JSON) go into its own dist: an installed widget imports no JSON file of another package.
      noExternal: ['@obra/i18n/locales'],
      esbuildOptions: (options) => void (options.absWorkingDir = cwd),
      ...OWN[pkg.name],
    });
    console.log(`${pkg.name}: ${entry.join(', ')}`);
  }
}

/**
 * The name tsup gives an entry's output: a lone entry, its file's name; several, each one's path
 * below their lowest common folder (src/index.ts and src/marketplace/register.ts: `index` and
 * `marketplace/register`; index.ts and src/index.ts: `index` and `src/index`), without extension.
 */
function entryNames(entry: string[]): Record<string, string> {
  const paths = entry.map((file) => file.replace(/^\.\//, ''));
  let common = paths[0]!.split('/').slice(0, -1);
  for (const path of paths.slice(1)) {
    const parts = path.split('/');
    let i = 0;
    while (i < common.length && common[i] === parts[i]) i += 1;
    common = common.slice(0, i);
  }
  const name = (path: string) =>
    (paths.length === 1 ? path.split('/').at(-1)! : path.split('/').slice(common.length).join('/')).replace(/\.[a-z]+$/, '');
  const names = Object.fromEntries(paths.map((path) => [name(path), path]));
  if (Object.keys(names).length !== paths.length) throw new Error(`two entries would write the same declarations: ${entry.join(', ')}`);
  return names;
}

if (!flags['no-dts']) {
  // What tsup's `dts` ignores: a stylesheet or an asset a module imports has no types.
  const ignoreFiles: Plugin = { name: 'ignore-files', load: (id) => (/\.(js|cjs|mjs|jsx|ts|tsx|mts|json)$/.test(id) ? null : '') };
  // Every package's entries, each named as tsup names it, in that package's dist.
  const input = Object.fromEntries(
    built.flatMap(({ dir, entry }) =>
      Object.entries(entryNames(entry)).map(([name, path]) => [`${dir}/dist/${name}`, `${packages}${dir}/${path}`]),
    ),
  );
  // What a package keeps as imports, as tsup keeps them: its own dependencies and peers (in the
  // types of an installed package, which import further, any of them).
  const depsOf = new Map(
    built.map(({ dir, pkg }) => [dir, [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]]),
  );
  const everyDep = [...new Set([...depsOf.values()].flat())];
  const packageOf = (id: string) => relative(packages, id).split('/')[0]!;
  const external = (id: string, importer: string | undefined) =>
    !!importer && (depsOf.get(packageOf(importer)) ?? everyDep).some((dep) => id === dep || id.startsWith(`${dep}/`));
  const bundle = await rollup({
    input,
    external,
    onwarn(warning, warn) {
      if (!['UNRESOLVED_IMPORT', 'CIRCULAR_DEPENDENCY', 'EMPTY_BUNDLE'].includes(warning.code ?? '')) warn(warning);
    },
    plugins: [
      json(),
      ignoreFiles,
      dts({
        compilerOptions: {
          declaration: true,
          noEmit: false,
          emitDeclarationOnly: true,
          noEmitOnError: true,
          checkJs: false,
          declarationMap: false,
          skipLibCheck: true,
          preserveSymlinks: false,
          target: ts.ScriptTarget.ESNext,
        },
      }),
    ],
  });
  // A chunk two entries of a package share goes to that package's dist, named as tsup names it.
  await bundle.write({
    dir: packages,
    format: 'esm',
    exports: 'named',
    entryFileNames: '[name].d.ts',
    chunkFileNames: (chunk) => `${packageOf(chunk.moduleIds[0]!)}/dist/[name]-[hash].d.ts`,
  });
  await bundle.close();
  console.log(`declarations: ${built.map(({ pkg }) => pkg.name).join(', ')}`);
}
