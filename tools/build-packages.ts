// `npm run build:packages`: the npm packages partners install from Obra, served under /packages/
// (host/src/handler.ts):
//   dist/packages/obra-react-<version>.tgz  what `npm pack` makes of @obra/react with every Obra
//                                            module it loads bundled in (React and React DOM stay
//                                            the app's: peer dependencies; no other dependency)
//   dist/packages/obra-react.json            its name, version, file and integrity (the sha512
//                                            npm writes in package-lock.json)
// The version is packages/react/package.json's: the tarball's name and its package.json say it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { build } from 'tsup';
import { assetUrls, buildForBrowsers, ROOT } from './esbuild.ts';

/** What partners read beside the tarball (`/packages/obra-react.json`). */
export interface PublishedPackage {
  name: string;
  version: string;
  /** The tarball's file name, beside this file. */
  file: string;
  /** `sha512-<base64>`, as npm writes it in package-lock.json. */
  integrity: string;
}

const source = JSON.parse(readFileSync(join(ROOT, 'packages/react/package.json'), 'utf8')) as {
  name: string;
  version: string;
  description: string;
  peerDependencies: Record<string, string>;
};
const out = join(ROOT, 'dist/packages');
const stage = join(ROOT, 'node_modules/.cache/obra-packages/react');
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'dist/assets'), { recursive: true });

// Only the peer dependencies: no workspace package, nothing else for npm to fetch.
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  type: 'module',
  // No `sideEffects: false`: its chunks define the elements and import each other for order.
  main: './dist/index.js',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  files: ['dist'],
  peerDependencies: source.peerDependencies,
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// The images the widgets locate with `new URL('./x.svg', import.meta.url)` are copied into
// dist/assets/ under content-hashed names, and located from there the same way: every chunk is in
// dist/, and Vite, webpack 5 and Parcel copy such files into the app's build.
const assets = assetUrls('package-assets', (asset, importer) => {
  const file = resolve(importer, '..', asset);
  const bytes = readFileSync(file);
  const name = `${basename(file, extname(file))}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}${extname(file)}`;
  copyFileSync(file, join(stage, 'dist/assets', name));
  return { expression: `new URL(${JSON.stringify(`./assets/${name}`)}, import.meta.url)` };
});

await buildForBrowsers({
  entryPoints: { index: 'packages/react/src/index.ts' },
  outdir: join(stage, 'dist'),
  splitting: true,
  chunkNames: '[name]-[hash]',
  // The app's bundler minifies; the package stays readable.
  minify: false,
  external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  plugins: [assets],
  // Every lead reports the platform's version (packages/api/src/attribution.ts).
  define: {
    __OBRA_VERSION__: JSON.stringify((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version),
  },
});

// The wrappers render on a server and touch the element in the browser: React Server Components
// frameworks must treat the entry as client code (the chunks it imports follow it).
const entry = join(stage, 'dist/index.js');
writeFileSync(entry, `'use client';\n${readFileSync(entry, 'utf8')}`);

// The declarations in one file with the workspace packages' types inlined: mapped by `paths` to
// their sources, they are not libraries to leave out (the staged package.json names React only).
const paths = Object.fromEntries(
  readdirSync(join(ROOT, 'packages')).flatMap((dir) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string | { source?: string }>;
    };
    return Object.entries(pkg.exports ?? {}).flatMap(([path, target]) =>
      typeof target === 'object' && target.source ? [[join(pkg.name, path), [join(ROOT, 'packages', dir, target.source)]]] : [],
    );
  }),
);
writeFileSync(
  join(stage, 'tsconfig.json'),
  JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), compilerOptions: { paths }, include: [join(ROOT, 'packages/react/src')] }),
);
process.chdir(stage);
await build({
  config: false,
  silent: true,
  entry: { index: join(ROOT, 'packages/react/src/index.ts') },
  format: ['esm'],
  // valibot's types too: the schemas' types name them, and the package does not depend on valibot.
  dts: { only: true, resolve: ['valibot'] },
  tsconfig: join(stage, 'tsconfig.json'),
  outDir: join(stage, 'dist'),
});
process.chdir(ROOT);
rmSync(join(stage, 'tsconfig.json'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
) as { filename: string; integrity: string }[];
const published: PublishedPackage = {
  name: manifest.name,
  version: manifest.version,
  file: packed!.filename,
  integrity: packed!.integrity,
};
writeFileSync(join(out, 'obra-react.json'), `${JSON.stringify(published, null, 2)}\n`);
console.log(`dist/packages/${published.file} ${published.integrity}`);
