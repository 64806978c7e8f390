// Brings a machine up to what `npm start` and `npm test` need, and does nothing when it already
// has it. Runs under whatever Node the machine has (the system's may be 20): plain ESM, no deps.
//   node .ci/setup.mjs            install dependencies (they bring the project's Node 24)
//   node .ci/setup.mjs --browser  also make sure Chromium is there: the headless shell (browser tests) and the browser (benchmarks)
//   node .ci/setup.mjs --postgres also make sure PostgreSQL's binaries are there for the server-pg tests
//   node .ci/setup.mjs --spreadsheet also make sure LibreOffice Calc is there (the CSV export opened by a real spreadsheet)
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'node_modules', '.obra-install-stamp');
const lockDigest = () =>
  createHash('sha256')
    .update(readFileSync(join(root, 'package-lock.json')))
    .digest('hex');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

// npm install keeps to the lockfile (which lists every platform's optional binaries, so `npm ci`
// works as well); the stamp makes later runs skip it until the lock changes.
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockDigest()) {
  console.log('[setup] installing dependencies from package-lock.json …');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  // The lock as npm left it: had it completed the file, a stamp of the old one would install again on every run.
  writeFileSync(stamp, lockDigest());
}

// The `node` package (its preinstall fetches this platform's build: approved in package.json
// allowScripts) puts Node 24 at node_modules/.bin/node, which npm scripts find first on PATH.
const node = join(root, 'node_modules', '.bin', 'node');
const version = execFileSync(node, ['-v'], { encoding: 'utf8' }).trim();
if (!version.startsWith('v24.')) throw new Error(`[setup] expected Node 24 in node_modules/.bin, found ${version}`);

if (process.argv.includes('--browser')) {
  // The browser tests need the headless shell (tests/e2e/support/browser.ts); the benchmarks and
  // screenshots the full browser; the report PDF's test renders it with poppler's pdftoppm
  // (tests/server/report-pdf.test.ts). As root, one apt call brings them when any is missing;
  // otherwise only a missing shell stops here (the PDF test says what it lacks).
  const shell = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const missing = ![shell, '/usr/bin/chromium', '/usr/bin/pdftoppm'].every((path) => existsSync(path));
  if (missing && !process.env.CHROMIUM_PATH && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[setup] installing Chromium (headless shell and browser), fonts and poppler-utils from Debian …');
    run('apt-get', ['update', '-qq']);
    run('apt-get', [
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium-headless-shell',
      'chromium',
      'fonts-liberation',
      'fonts-dejavu-core',
      'poppler-utils',
    ]);
  }
  if (!existsSync(shell)) {
    throw new Error(
      `[setup] Chromium's headless shell is missing at ${shell}. Install Debian's chromium-headless-shell package (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
  }
}

// The server-pg tests and bench:cluster start a throwaway cluster from Debian's binaries
// (tests/server/support/postgres.ts); the package also creates the `postgres` OS user they run as
// when we are root. Its own cluster service is not needed: nothing here talks to it.
if (process.argv.includes('--postgres') && !process.env.PG_BIN) {
  const base = '/usr/lib/postgresql';
  const installed = existsSync(base) && readdirSync(base).some((version) => existsSync(join(base, version, 'bin', 'initdb')));
  if (!installed) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!isRoot || !existsSync('/usr/bin/apt-get')) {
      throw new Error(
        "[setup] PostgreSQL is missing. Install Debian's postgresql package (apt-get install postgresql) or set PG_BIN to the folder holding initdb and postgres.",
      );
    }
    console.log('[setup] installing PostgreSQL from Debian …');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql']);
  }
}

// tests/server/csv-spreadsheets.test.ts opens the console's CSV export in LibreOffice Calc,
// headless (Debian's libreoffice-calc-nogui, about 200 MB).
if (process.argv.includes('--spreadsheet') && !process.env.SOFFICE_PATH && !existsSync('/usr/bin/soffice')) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      "[setup] LibreOffice is missing. Install Debian's libreoffice-calc-nogui package (apt-get install libreoffice-calc-nogui) or set SOFFICE_PATH.",
    );
  }
  console.log('[setup] installing LibreOffice Calc from Debian …');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'libreoffice-calc-nogui']);
}
