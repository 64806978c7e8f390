// Builds what the browser tests load and is stale (the widget bundles, the host site, the console,
// the example pages and the @obra/react tarball: `npm start`'s builds, host/build-stale.ts), so
// `vitest --project e2e` tests what the checkout's files make. `npm test` has its own build steps
// (the same builds) and sets OBRA_SKIP_BUILD=1, which skips this.
// It also gives the run a temporary folder (`inject('e2eTemp')`), removed when the run ends.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
  // The Node that runs vitest is the project's Node 24; the builds run under it too.
  execFileSync(process.execPath, ['--conditions=source', `${root}host/build-stale.ts`], { cwd: root, stdio: 'inherit' });
  return teardown;
}
