// Builds the widget bundles the browser tests load, when they are missing. The main test runner
// builds before the e2e project; this keeps `vitest --project e2e` working on a fresh checkout.
// OBRA_SKIP_BUILD=1 skips it (the tests then fail with a clear message if the bundle is missing).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = `${root}dist/widgets/obra-wait-list.js`;

export default function setup(): void {
  if (process.env.OBRA_SKIP_BUILD || existsSync(bundle)) return;
  console.log('[e2e] dist/widgets/obra-wait-list.js is missing; building the widget bundles …');
  // The Node that runs vitest is the project's Node 24; rollup runs under it too.
  execFileSync(process.execPath, [`${root}node_modules/rollup/dist/bin/rollup`, '-c', 'rollup.config.ts', '--configPlugin', 'esbuild'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!existsSync(bundle)) throw new Error(`[e2e] the build finished but ${bundle} is still missing; check rollup.config.ts.`);
}
