// The builds of `npm start` (and of `npm test`'s build steps): each one's npm script, the files it
// reads and the files it writes. host/build-stale.ts runs those whose inputs or outputs changed;
// tests/e2e/quick-start.test.ts copies their outputs into its fresh copy of the repository.

/** A build: its npm script, what it reads, what it writes (below the root). */
export interface Build {
  name: string;
  script: string;
  inputs: string[];
  outputs: string[];
  /** A build whose outputs this one reads: when those change, this one is stale too. */
  after?: string;
}

// tools/: the esbuild setup of the host, console and example, and the widget build's size and manifest steps.
const SHARED = ['packages', 'tools', 'package-lock.json', 'tsconfig.json'];

export const BUILDS: Build[] = [
  {
    name: 'widgets',
    script: 'build:widgets',
    inputs: [...SHARED, 'rollup.config.ts'],
    outputs: ['dist/esm', 'dist/widgets', 'dist/custom-elements.json'],
  },
  { name: 'host', script: 'build:host', inputs: [...SHARED, 'host', 'docs/partners'], outputs: ['dist/host'], after: 'widgets' },
  { name: 'examples', script: 'build:examples', inputs: [...SHARED, 'host/examples'], outputs: ['dist/examples'] },
  // The @obra/react tarball partners install from /packages/ (tools/build-packages.ts).
  { name: 'packages', script: 'build:packages', inputs: SHARED, outputs: ['dist/packages'] },
  // The console at /admin: `npm start` serves it, so it builds it (packages/console and what it imports).
  { name: 'console', script: 'build:console', inputs: SHARED, outputs: ['dist/console'] },
];

/** Where the builds' stamps are kept (host/build-stale.ts). */
export const STAMPS = 'dist/.stamps';
