// `npm start`'s builds, and `npm test`'s (host/builds.ts): runs only those whose inputs or outputs
// changed since they last succeeded, so a built tree serves in seconds. A build's key is a SHA-256
// over its input files, names and content (and over the outputs of a build it reads); after a
// successful build it is written to dist/.stamps/ with a SHA-256 over the files the build wrote,
// and both are compared on the next run. Content, not mtimes: a checkout or a copy changes mtimes
// only. A build run by hand (npm run build:widgets) changes the outputs, so the next run builds again.
// The inputs are the files a clone has (git ls-files: tracked, and new files git does not ignore),
// or, with no git checkout, every file but installed packages, builds and what .gitignore lists.
//   node host/build-stale.ts                 build what is stale, say what was skipped
//   node host/build-stale.ts widgets host    only these builds (npm test's build steps)
//   node host/build-stale.ts --force         build everything
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILDS, STAMPS, type Build } from './builds.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamps = join(root, STAMPS);

/** The files of a clone, relative to the root, when the root is a git checkout and git answers. */
function cloneFiles(): string[] | undefined {
  if (!existsSync(join(root, '.git'))) return undefined;
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  // A file deleted but still in the index is not read.
  return listed.stdout.split('\0').filter((file) => file && existsSync(join(root, file)));
}
const listed = cloneFiles();

// Without git: never read installed packages, build outputs, test artefacts and what .gitignore lists.
const SKIP = new Set(['node_modules', 'dist', '.artifacts', '.git', '.data', 'coverage']);
const ignored = (name: string) => SKIP.has(name) || name.endsWith('.log');

/** Every file under `path` (or `path` itself), relative to the root; `all` lists every file there is to read. */
function files(path: string, all?: string[]): string[] {
  if (all) return all.filter((file) => file === path || file.startsWith(`${path}/`));
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !ignored(entry.name))
    .flatMap((entry) => files(relative(root, join(full, entry.name))));
}

/** The input files read so far: the builds share folders (packages, tools), read once. */
const inputContent = new Map<string, Buffer>();

/**
 * A SHA-256 over the names and content of `paths`' files; undefined when one of them is missing.
 * `all`, the files there are to read, says they are inputs (read once); outputs are read each time.
 */
function digest(paths: string[], all?: string[]): string | undefined {
  if (!paths.every((path) => existsSync(join(root, path)))) return undefined;
  const hash = createHash('sha256');
  for (const file of [...new Set(paths.flatMap((path) => files(path, all)))].sort()) {
    let content = all && inputContent.get(file);
    if (!content) {
      content = readFileSync(join(root, file));
      if (all) inputContent.set(file, content);
    }
    hash.update(`${file}\n`).update(content);
  }
  return hash.digest('hex');
}

/** The key of a build's inputs, with the outputs of the build it reads as they are now. */
function key(build: Build): string {
  const read = build.after ? BUILDS.find((other) => other.name === build.after)! : undefined;
  return createHash('sha256')
    .update(`${digest(build.inputs, listed)}\n`)
    .update(read ? `after ${digest(read.outputs) ?? 'unbuilt'}\n` : '')
    .digest('hex');
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const only = args.filter((arg) => arg !== '--force');
const unknown = only.filter((name) => !BUILDS.some((build) => build.name === name));
if (unknown.length) {
  console.error(`[start] no build named ${unknown.join(', ')}: the builds are ${BUILDS.map((build) => build.name).join(', ')}`);
  process.exit(2);
}
const upToDate: string[] = [];
mkdirSync(stamps, { recursive: true });
// In the table's order, so that a build reads the outputs of the one before it as this run left them.
for (const build of BUILDS.filter((build) => !only.length || only.includes(build.name))) {
  const started = performance.now();
  const current = key(build);
  const stamp = join(stamps, `${build.name}.sha256`);
  const built = digest(build.outputs);
  if (!force && built && existsSync(stamp) && readFileSync(stamp, 'utf8') === `${current} ${built}`) {
    upToDate.push(`${build.name} (inputs unchanged, checked in ${Math.round(performance.now() - started)} ms)`);
    continue;
  }
  console.log(`[start] building ${build.name} (npm run ${build.script}) …`);
  const run = spawnSync('npm', ['run', '--silent', build.script], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`[start] npm run ${build.script} failed`);
    process.exit(run.status ?? 1);
  }
  const written = digest(build.outputs);
  if (!written) {
    console.error(`[start] npm run ${build.script} did not write ${build.outputs.join(', ')}`);
    process.exit(1);
  }
  writeFileSync(stamp, `${current} ${written}`);
}
if (upToDate.length) console.log(`[start] up to date, not rebuilt: ${upToDate.join(', ')}`);
