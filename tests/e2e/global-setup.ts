// Builds the widget bundles, the host site and the example pages the browser tests load, when they are missing. The
// main test runner builds before the e2e project; this keeps `vitest --project e2e` working on a
// fresh checkout.
// OBRA_SKIP_BUILD=1 skips it (the tests then fail with a clear message if the bundle is missing).
// It also gives the run a temporary folder (`inject('e2eTemp')`), removed when the run ends.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { widgets } from '../../rollup.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every widget's bundle: a checkout built before a widget was added still lacks that one.
const bundles = widgets.map((w) => `${root}dist/widgets/obra-${w.name}.js`);
/** The host site's pre-rendered pages (host/build.ts). */
const hostPages = `${root}dist/host/pages/es/not-found.html`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's shared files (e.g. the console's data with its first operator). */
    e2eTemp: string;
  }
}

export default function setup(project: TestProject): () => void {
  const temp = mkdtempSync(join(tmpdir(), 'obra-e2e-'));
  project.provide('e2eTemp', temp);
  const teardown = () => rmSync(temp, { recursive: true, force: true });
  if (process.env.OBRA_SKIP_BUILD) return teardown;
  const missing = bundles.filter((bundle) => !existsSync(bundle));
  if (missing.length) {
    console.log(`[e2e] ${missing.map((b) => b.slice(root.length)).join(', ')} missing; building the widget bundles …`);
    // The Node that runs vitest is the project's Node 24; rollup runs under it too.
    execFileSync(process.execPath, [`${root}node_modules/rollup/dist/bin/rollup`, '-c', 'rollup.config.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
    const still = bundles.filter((bundle) => !existsSync(bundle));
    if (still.length) throw new Error(`[e2e] the build finished but ${still.join(', ')} is still missing; check rollup.config.ts.`);
  }
  // After the widgets: the pages preload their widget's modules, read from dist/esm.
  if (missing.length || !existsSync(hostPages)) {
    console.log('[e2e] building the host site …');
    execFileSync(process.execPath, ['--conditions=source', `${root}host/build.ts`], { cwd: root, stdio: 'inherit' });
  }
  // The operators' console (dist/console), built when missing like the rest.
  if (!existsSync(`${root}dist/console/index.html`)) {
    console.log('[e2e] building the console …');
    execFileSync(process.execPath, ['--conditions=source', `${root}packages/console/build.ts`], { cwd: root, stdio: 'inherit' });
  }
  // The React example page (dist/examples), built when missing like the rest.
  if (!existsSync(`${root}dist/examples/react.html`)) {
    console.log('[e2e] building the example pages …');
    execFileSync(process.execPath, ['--conditions=source', `${root}host/examples/build.ts`], { cwd: root, stdio: 'inherit' });
  }
  // The @obra/react tarball served under /packages/, built when missing like the rest.
  if (!existsSync(`${root}dist/packages/obra-react.json`)) {
    console.log('[e2e] building the npm packages …');
    execFileSync(process.execPath, ['--conditions=source', `${root}tools/build-packages.ts`], { cwd: root, stdio: 'inherit' });
  }
  return teardown;
}
