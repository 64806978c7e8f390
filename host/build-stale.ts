// `npm start`'s builds, and `npm test`'s: runs only those whose inputs changed since they last
// succeeded, so a built tree serves in seconds. Each build's key is a SHA-256 over the content of its
// input files (and over the key of a build it reads from); it is written to dist/.stamps/ after a
// successful build, with a SHA-256 of the file the build always writes, and compared on the next
// run. Content, not mtimes: a checkout or a copy changes mtimes only. A build run by hand (npm run
// build:widgets) leaves the key as it was but changes that file, so the next run builds again.
//   node host/build-stale.ts                 build what is stale, say what was skipped
//   node host/build-stale.ts widgets host    only these builds (npm test's build steps)
//   node host/build-stale.ts --force         build everything
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamps = join(root, 'dist/.stamps');

/** A build of `npm start`: its npm script, what it reads, and a file it always writes. */
interface Build {
  name: string;
  script: string;
  inputs: string[];
  output: string;
  /** A build whose output this one reads: when that one changes, this one is stale too. */
  after?: string;
}

// Never read as inputs: installed packages, build outputs, test artefacts and the rest of what git
// ignores, so that a copy of the files a clone has (tests/e2e/quick-start.test.ts) has the same keys.
const SKIP = new Set(['node_modules', 'dist', '.artifacts', '.git', '.data', 'coverage']);
const ignored = (name: string) => SKIP.has(name) || name.endsWith('.log');
// tools/: the esbuild setup of the host, console and example, and the widget build's size and manifest steps.
const SHARED = ['packages', 'tools', 'package-lock.json', 'tsconfig.json'];

const builds: Build[] = [
  { name: 'widgets', script: 'build:widgets', inputs: [...SHARED, 'rollup.config.ts'], output: 'dist/esm/loader.js' },
  {
    name: 'host',
    script: 'build:host',
    inputs: [...SHARED, 'host', 'docs/partners'],
    output: 'dist/host/pages/es/not-found.html',
    after: 'widgets',
  },
  { name: 'examples', script: 'build:examples', inputs: [...SHARED, 'host/examples'], output: 'dist/examples/react.html' },
  // The @obra/react tarball partners install from /packages/ (tools/build-packages.ts).
  { name: 'packages', script: 'build:packages', inputs: SHARED, output: 'dist/packages/obra-react.json' },
  // The console at /admin: `npm start` serves it, so it builds it (packages/console and what it imports).
  { name: 'console', script: 'build:console', inputs: SHARED, output: 'dist/console/index.html' },
];

/** Every file under `path` (or `path` itself), relative to the root, in a stable order. */
function files(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !ignored(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(relative(root, join(full, entry.name))));
}

/** The content key of a build's inputs (names and bytes), chained to the stamp of the build it reads. */
function key(build: Build, keys: Map<string, string>): string {
  const hash = createHash('sha256');
  if (build.after) hash.update(`after ${keys.get(build.after)}\n`);
  for (const file of [...new Set(build.inputs.flatMap(files))].sort()) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const only = args.filter((arg) => arg !== '--force');
const unknown = only.filter((name) => !builds.some((build) => build.name === name));
if (unknown.length) {
  console.error(`[start] no build named ${unknown.join(', ')}: the builds are ${builds.map((build) => build.name).join(', ')}`);
  process.exit(2);
}
/** What a stamp holds: the key of the inputs, then the SHA-256 of the build's output file. */
const stampOf = (current: string, output: string) => `${current} ${createHash('sha256').update(readFileSync(output)).digest('hex')}`;
const keys = new Map<string, string>();
const upToDate: string[] = [];
mkdirSync(stamps, { recursive: true });
for (const build of builds) {
  const started = performance.now();
  const current = key(build, keys);
  const stamp = join(stamps, `${build.name}.sha256`);
  const output = join(root, build.output);
  // What a build that reads this one's output chains to: this one's stamp as it is once this run is done.
  const chain = () => void keys.set(build.name, existsSync(output) ? stampOf(current, output) : current);
  if (only.length && !only.includes(build.name)) {
    chain();
    continue;
  }
  const fresh = !force && existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8') === stampOf(current, output);
  if (fresh) {
    upToDate.push(`${build.name} (inputs unchanged, checked in ${Math.round(performance.now() - started)} ms)`);
    chain();
    continue;
  }
  console.log(`[start] building ${build.name} (npm run ${build.script}) …`);
  const run = spawnSync('npm', ['run', '--silent', build.script], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`[start] npm run ${build.script} failed`);
    process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, stampOf(current, output));
  chain();
}
if (upToDate.length) console.log(`[start] up to date, not rebuilt: ${upToDate.join(', ')}`);
