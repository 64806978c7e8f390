// Two ways to run the reference API for tests, both over real HTTP on 127.0.0.1: in this process
// (fast, and the test can read the database) or as its own process (signals, restarts, exports).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createApi, loadConfig, openDb, type Api } from '@obra/server';
import { ROUTINES_HASH, WASM_FLAGS } from '@obra/server/testing';
import { testCluster } from './postgres.ts';

export const ROOT = join(import.meta.dirname, '../../..');

/** A fresh data directory under the system temp folder. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'obra-api-'));

/** Deletes a data directory made by {@link tempDataDir}. */
export const removeDataDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** What the embedded database's files depend on: the schema, its functions, the PGlite release, and how it is created. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = join(ROOT, 'packages/server/migrations');
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of ['pglite.ts', 'create-pglite.ts', 'migrate.ts', 'routines.ts'])
    hash.update(readFileSync(join(ROOT, 'packages/server/src/db', file)));
  hash.update(ROUTINES_HASH);
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

const TEMPLATE_PREFIX = 'obra-pglite-template-';
/** How long a template of other code (another schema or PGlite) is kept after its last use. */
const TEMPLATE_UNUSED_MS = 24 * 3600_000;

/**
 * Marks the template `dir` as used now, and removes the others unused for a day: each change of
 * the schema makes a new one (~40 MB), and the system temp folder kept them all. One another test
 * run still uses was used within the day, so it stays.
 */
function keepOnlyRecentTemplates(dir: string): void {
  const now = new Date();
  utimesSync(dir, now, now);
  for (const name of readdirSync(tmpdir())) {
    const other = join(tmpdir(), name);
    if (!name.startsWith(TEMPLATE_PREFIX) || other === dir) continue;
    try {
      if (now.getTime() - statSync(other).mtimeMs > TEMPLATE_UNUSED_MS) rmSync(other, { recursive: true, force: true });
    } catch {
      // Removed by another test process meanwhile.
    }
  }
}

/**
 * An embedded database created and migrated once per machine and schema, in the system temp
 * folder: initdb costs seconds of CPU for every API a test starts, copying its files milliseconds.
 * Made in a folder of its own and renamed into place, so two test processes never see half of one.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      const scratch = tempDataDir();
      try {
        await (await openDb({ dataDir: scratch, databaseUrl: undefined })).close();
        renameSync(join(scratch, 'pglite'), dir);
      } catch (error) {
        // Another process put its template there first: use that one.
        if (!existsSync(join(dir, 'PG_VERSION'))) throw error;
      } finally {
        removeDataDir(scratch);
      }
    }
    keepOnlyRecentTemplates(dir);
    return dir;
  })();
  return template;
}

/**
 * A fresh data directory whose embedded database already exists, migrated: a copy of
 * {@link pgliteTemplate}. Tests of how the API creates its database use {@link tempDataDir}.
 */
export async function seededDataDir(): Promise<string> {
  const dir = tempDataDir();
  cpSync(await pgliteTemplate(), join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** Where one API keeps its data, fresh: see {@link freshDatabase}. */
export interface TestDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** OBRA_DATA_DIR (always a fresh folder: the mail outbox lives there) and, on PostgreSQL, DATABASE_URL. */
  readonly env: { OBRA_DATA_DIR: string; DATABASE_URL?: string };
  /** Drops the database and removes the folder. */
  drop(): Promise<void>;
}

/**
 * A fresh database for one API (or several processes sharing it): a new database on the
 * throwaway PostgreSQL cluster in the `server-pg` project (OBRA_TEST_POSTGRES), else a new PGlite
 * folder holding a copy of {@link pgliteTemplate}, or nothing with `empty` (the API creates it).
 */
export async function freshDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const cluster = testCluster();
  if (!cluster) {
    const dataDir = empty ? tempDataDir() : await seededDataDir();
    return { kind: 'pglite', env: { OBRA_DATA_DIR: dataDir }, drop: async () => removeDataDir(dataDir) };
  }
  const dataDir = tempDataDir();
  const url = await cluster.createDatabase();
  return {
    kind: 'postgres',
    env: { OBRA_DATA_DIR: dataDir, DATABASE_URL: url },
    drop: async () => {
      await cluster.dropDatabase(url);
      removeDataDir(dataDir);
    },
  };
}

/**
 * Runs a command's entry function (export, backfill) in this process against `env`'s database, as
 * `npm run …` would with that OBRA_DATA_DIR (and DATABASE_URL on PostgreSQL), then puts the
 * environment back. With the embedded database the API must have let go of the folder first.
 */
export async function runAgainst<T>(env: TestDatabase['env'], command: () => Promise<T>): Promise<T> {
  const previous = { OBRA_DATA_DIR: process.env.OBRA_DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
  try {
    return await command();
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** What a command printed, and its exit code. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run -s …args` at the repository root with `env` added to this process's, and `input` on its standard input. */
export function runNpm(args: string[], env: Record<string, string>, input?: string): Promise<CommandResult> {
  const child = promisify(execFile)('npm', ['run', '-s', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  if (input !== undefined) child.child.stdin?.end(input);
  return child.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: CommandResult) => error,
  );
}

/** An API started in this process. */
export interface LocalApi {
  base: string;
  api: Api;
  /** Its OBRA_DATA_DIR. */
  dataDir: string;
  /** Rows of a table, oldest first. */
  rows(table: string): Promise<Record<string, unknown>[]>;
  /** Where its data is (OBRA_DATA_DIR, and DATABASE_URL on PostgreSQL), for a command that opens it too. */
  env: TestDatabase['env'];
  close(): Promise<void>;
}

/**
 * Starts the API in this process on a free port; `env` overrides its configuration, `serve`
 * (the API alone by default) answers each request, e.g. with pages beside the API, and `options`
 * go to createApi (e.g. `now`, a rate-limit clock the test moves); `code` is the API's code
 * (`@obra/server` unless a test built its own, e.g. in the pseudo-language).
 */
export async function startLocalApi(
  env: Record<string, string> = {},
  serve: (api: Api) => RequestListener = (api) => (req, res) => void api.handle(req, res),
  {
    code = { createApi, loadConfig },
    ...options
  }: Parameters<typeof createApi>[1] & {
    code?: { createApi: typeof createApi; loadConfig: typeof loadConfig };
  } = {},
): Promise<LocalApi> {
  const database = await freshDatabase();
  const dataDir = database.env.OBRA_DATA_DIR;
  const config = code.loadConfig({ ...database.env, LOG_LEVEL: 'silent', MIN_FILL_MS: '1000', ...env });
  const api = await code.createApi(config, options);
  const server = createServer(serve(api));
  // The embedded database holds the event loop while it works (seconds for a test's fill of
  // thousands of leads): with Node's 5 s, the server's late keep-alive timer closed the connection
  // the next call had just been written on (ECONNRESET). Idle connections end at close() anyway.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    api,
    dataDir,
    env: database.env,
    rows: (table) => api.db.query(`select * from ${table} order by created_at, id`),
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await api.close();
      await database.drop();
    },
  };
}

/** An API (or the whole host) running as its own Node process. */
export interface ApiProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ENTRIES = { api: 'packages/server/src/main.ts', host: 'host/serve.ts' } as const;

/**
 * The Node flags `npm start` gives the API (package.json): WebAssembly stays on V8's baseline
 * compiler, so PGlite starts without ~500 MB of optimising-compiler scratch memory, and V8's young
 * generation stays at 4 MB semi-spaces, which under load grew to 16 MB ones (docs/contributors/performance.md).
 */
const API_NODE_FLAGS: readonly string[] = [...(process.env.OBRA_BENCH_WASM_TIERING === '1' ? [] : WASM_FLAGS), '--max-semi-space-size=4'];

/**
 * Starts `packages/server` standalone (`api`) or embedded in host/serve.ts (`host`) on a free port, from `root` (a copy of the repository's).
 * The port is read from its "listening" log line: it logs at `info` (not at a LOG_LEVEL this shell
 * may have set) unless `env` says `debug`; a level that hides that line is refused at once.
 */
export async function startProcess(entry: keyof typeof ENTRIES, env: Record<string, string>, root = ROOT): Promise<ApiProcess> {
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['debug', 'info'].includes(logLevel))
    throw new Error(`startProcess reads the port from the "listening" log line, which LOG_LEVEL=${logLevel} hides: use info or debug`);
  const child = spawn(process.execPath, [...API_NODE_FLAGS, '--conditions=source', ENTRIES[entry]], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    let port = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // Scanned only until found: a benchmark's server prints thousands of lines.
      const match = port ? null : /http:\/\/[\w.]+:(\d+)\//.exec(output);
      if (match) resolve((port = match[1]!));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`${ENTRIES[entry]} exited with ${code} before listening:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The pids of the processes `pid` started (an API_PROCESSES primary's workers). */
export const childPids = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map(Number)
    .filter(Boolean);

/** How many JSON log lines in `output` have this `msg`. */
export const logCount = (output: string, msg: string): number =>
  output.split('\n').filter((line) => line.includes(`"msg":${JSON.stringify(msg)}`)).length;

/** POSTs a JSON body (a string is sent as is) with optional headers. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Valid submissions of each lead type. */
export const VALID = {
  'wait-list': { interesado: 'proveedor', nombre: ' Ana ', correo: 'ana@example.com', telefono: '+57 300 123 4567', comentario: 'Acero' },
  partner: { nombre: 'Luis Pérez', telefono: '+57 310 555 0101', correo: 'luis@example.com', pais: 'Colombia', especializacion: 'bim' },
  contact: { name: 'Marta', email: 'marta@example.com', message: '¿Hacen casas modulares?' },
} as const;

/** A valid design report, but for its `imageUrl`: one the API under test generated must be put there. */
export const REPORT = {
  estadoProyecto: 'Nueva',
  etapaProyecto: 'Concepcion',
  ancho: '25',
  longitud: '40',
  anchoEdificacion: '12',
  largoEdificacion: '18',
  altoEdificacion: '7,5',
  uso: 'housing',
  usoEspecifico: '',
  sistemaConstructivo: 'steel-framing',
  diseno: 'Doble pendiente',
  tipoFachada: 'Ventilada',
  materialCubierta: 'Arcilla/Concreto',
  materialFachada: 'Ladrillo',
  zona: 'zone1',
  otros: ['paneles-solares', 'domotica'],
  nombre: 'María Núñez',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  correo: 'maria@example.com',
  telefono: '+57 300 123 4567',
  imageUrl: '',
  prompt: 'Foto realista de una casa',
};

/** A valid design report whose image the API at `base` generated (a report may carry no other). */
export async function reportOn(base: string): Promise<typeof REPORT> {
  const image = (await (
    await postJson(`${base}/api/generate-image`, { prompt: REPORT.prompt, spec: { diseno: 'Doble pendiente' } })
  ).json()) as { url: string };
  return { ...REPORT, imageUrl: new URL(image.url, base).href };
}

/** The .eml files the outbox wrote to `<dataDir>/outbox` whose names contain `prefix` (none before the first). */
export function outboxMails(dataDir: string, prefix = ''): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.includes(prefix) && name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}
