import { existsSync, statfsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The tests' temporary folders go to memory when the machine has room there and TMPDIR names no
 * other place; the workers and the commands the tests start inherit it. What goes there and what
 * it saves: docs/contributors/tests.md ("Temporary folders in memory").
 */
const MEMORY_FOLDER = '/dev/shm';
const MEMORY_ROOM = 4 * 1024 ** 3;
function hasRoom(dir: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= MEMORY_ROOM;
  } catch {
    return false;
  }
}
if (!process.env.TMPDIR && hasRoom(MEMORY_FOLDER)) process.env.TMPDIR = MEMORY_FOLDER;

/**
 * Node keeps the bytecode of the modules it compiles (packages, the server's TypeScript) on disk
 * for the next process that loads them: every API, command and worker a test starts after the
 * first. What it saves: docs/contributors/tests.md ("Compiled modules kept").
 */
process.env.NODE_COMPILE_CACHE ??= `${root}node_modules/.cache/node-compile-cache`;

// `source` resolves workspace packages (@obra/*) to their TypeScript, as tsconfig does.
const resolve = { conditions: ['source', ...defaultClientConditions] };

/**
 * The browser tests' workers: one Chromium for each two cores. That is one on a 2-core machine,
 * where the run is bound by its CPU and a second changed nothing (docs/contributors/tests.md, "The
 * test runner, flaky-test hunts and a quick start"); on more cores they stop being the longest step.
 */
const BROWSER_WORKERS = Math.max(1, Math.floor(availableParallelism() / 2));

/** What both server projects share: real HTTP on loopback, one file at a time. */
const serverTests = {
  environment: 'node' as const,
  include: ['tests/server/**/*.test.ts'],
  // Many tests start processes (the API, `npm run export`, a backup, LibreOffice): about 1 s each on
  // an idle machine, up to 6 s while npm test runs three steps on two cores; tests of four or five
  // starts went past 30 s there though nothing hung. The timeout is there to stop a hang.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  fileParallelism: false,
  // One worker runs every file, its imports (the server and its database driver) loaded once:
  // a fresh module graph per file cost ~4.5 s each. Each test starts its own API on its own data.
  isolate: false,
};

/**
 * The server files that run on PostgreSQL as well as on PGlite: those whose SQL behaves differently
 * there (docs/contributors/tests.md#which-server-files-run-on-both-databases says why each one).
 * Every other file runs on PGlite only; `*.pg.test.ts` run on PostgreSQL only.
 */
const ON_BOTH_DATABASES = [
  // The driver: every write endpoint's values, the inbox's reads, odd text everywhere.
  'leads',
  'admin-leads',
  'fuzz',
  'answered',
  // Concurrent writes: unique keys, row locks, caps counted one by one, a deletion racing a mail.
  'spam-idempotency',
  'hardening',
  'assignment-rules',
  'outbox-forget',
  'people',
  'notifications',
  // The database's clock and time zones, and the rate limit's counters kept in the database.
  'admin-dashboard',
  'admin-work',
  'morning-mail',
  'webhook-payloads',
  'limits-cors',
  // The functions and triggers applied by hash, an upgraded database against a new one; two servers on one database.
  'lead-kinds-sql',
  'migrations',
  'served-origin',
].map((name) => `tests/server/${name}.test.ts`);
for (const file of ON_BOTH_DATABASES) if (!existsSync(`${root}${file}`)) throw new Error(`tests/vitest.config.ts: ${file} does not exist`);

export default defineConfig({
  root,
  resolve,
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Component tests render with real React; the browser tests cover the Preact bundles.
          environment: './tests/unit/support/happy-dom-env.ts',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/size/**/*.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          // Worker threads, not processes: the same isolation (a fresh module graph and environment
          // per file) for about a quarter less time and a third less CPU than forks
          // (docs/contributors/tests.md#a-fast-unit-project-with-no-fixed-waits). Nothing here needs a process of its own.
          pool: 'threads',
          // A form test types a whole form with user-event: 5 s is not enough when the 2-core
          // machine runs other steps (npm test runs several at once) or other work.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // The reference API over real HTTP on loopback, on the embedded PGlite database.
          // *.pg.test.ts only make sense on PostgreSQL (several processes sharing one database).
          ...serverTests,
          exclude: ['**/node_modules/**', 'tests/server/**/*.pg.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pg',
          // On a throwaway PostgreSQL cluster, a fresh database for each API a test starts
          // (support/api.ts): what only PostgreSQL does, and the files whose SQL differs there.
          ...serverTests,
          include: ['tests/server/**/*.pg.test.ts', ...ON_BOTH_DATABASES],
          globalSetup: ['tests/server/support/postgres-setup.ts'],
          setupFiles: ['tests/server/support/postgres-env.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A real browser on a busy 2-core machine: expect.poll's 1 s default is shorter than some
          // deliberately delayed answers (the overlay tests hold a reply for 800 ms).
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: BROWSER_WORKERS > 1,
          maxWorkers: BROWSER_WORKERS,
          // The files of a worker share it and its imports (playwright, the server) instead of
          // loading them again for each file; each file starts its own servers.
          isolate: false,
        },
      },
    ],
  },
});
