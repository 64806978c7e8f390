// The embedded database's local door. PGlite is one Postgres backend inside the API's process, so
// another process (`npm run export`, `npm run admin`) cannot open its folder while the API runs.
// Instead the owner listens on a Unix socket in the data folder, mode 0600: only the operating-system
// user who owns the database files (and could read them anyway) can connect. Each line is one JSON
// request — a statement, or begin/commit/rollback of a transaction — answered by one JSON line.
// PGlite runs one statement or transaction at a time, so a caller's transaction waits for the API's
// and the API's wait for it; a caller that goes away mid-transaction is rolled back.
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import type { Db, Queryable } from './types.ts';

/** What the socket serves: statements and transactions of the process that owns the database. */
type Served = Pick<Db, 'query' | 'exec' | 'transaction'>;

/** The socket's file name inside the data folder. */
export const SOCKET_NAME = 'obra.sock';

/** Longest Unix socket path Linux and macOS accept (sun_path less its terminator, with margin). */
const MAX_PATH_BYTES = 100;

type Op = 'query' | 'exec' | 'begin' | 'commit' | 'rollback';
interface Request {
  id: number;
  op: Op;
  sql?: string;
  params?: unknown[];
}
interface Answer {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string; constraint?: string; detail?: string };
}

// Values JSON would change on the way: timestamps stay Dates, int8 stays bigint, bytea stays bytes.
function replace(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (typeof raw === 'bigint') return { $bigint: raw.toString() };
  if (raw instanceof Uint8Array) return { $bytes: Buffer.from(raw).toString('base64') };
  return value;
}
function revive(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const tagged = value as Record<string, unknown>;
  const [tag, ...rest] = Object.keys(tagged);
  if (rest.length || typeof tagged[tag!] !== 'string') return value;
  if (tag === '$date') return new Date(tagged.$date as string);
  if (tag === '$bigint') return BigInt(tagged.$bigint as string);
  if (tag === '$bytes') return new Uint8Array(Buffer.from(tagged.$bytes as string, 'base64'));
  return value;
}
const encode = (message: Request | Answer) => `${JSON.stringify(message, replace)}\n`;

/** Calls `each` with every complete line the socket receives. */
function onLines(socket: Socket, each: (line: string) => void): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line) each(line);
    }
  });
}

const ROLLBACK = Symbol('rollback');
interface OpenTransaction {
  tx: Queryable;
  /** Ends it; settles when PGlite has committed (or rolled back). */
  end(commit: boolean): Promise<void>;
}

/** Starts a transaction on `db` that stays open until `end` is called. */
function begin(db: Served): Promise<OpenTransaction> {
  return new Promise((ready, failed) => {
    const done: Promise<void> = db
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) =>
            ready({
              tx,
              end: (commit) => {
                if (commit) resolve();
                else reject(ROLLBACK);
                return done;
              },
            }),
          ),
      )
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    done.catch(failed);
  });
}

/** One connection: its requests run in order, each against its open transaction if it has one. */
function serveConnection(socket: Socket, db: Served): void {
  let open: OpenTransaction | undefined;
  let queue = Promise.resolve();
  const run = async ({ op, sql = '', params = [] }: Request): Promise<unknown[] | undefined> => {
    const target = open?.tx ?? db;
    if (op === 'query') return target.query(sql, params);
    if (op === 'exec') {
      await target.exec(sql);
      return undefined;
    }
    if (op === 'begin') {
      if (open) throw new Error('A transaction is already open on this connection.');
      open = await begin(db);
      return;
    }
    if (!open) throw new Error(`There is no transaction to ${op}.`);
    const ending = open;
    open = undefined;
    await ending.end(op === 'commit');
  };
  onLines(socket, (line) => {
    queue = queue.then(async () => {
      let request: Request;
      try {
        request = JSON.parse(line, revive) as Request;
      } catch {
        return void socket.destroy();
      }
      let answer: Answer;
      try {
        answer = { id: request.id, rows: await run(request) };
      } catch (error) {
        const { message, code, constraint, detail } = error as Error & Answer['error'];
        answer = { id: request.id, error: { message, code, constraint, detail } };
      }
      if (!socket.destroyed) socket.write(encode(answer));
    });
  });
  // Gone mid-transaction: once its last request has run, what it left open is rolled back.
  socket.on('close', () => {
    void queue
      .then(() => {
        const ending = open;
        open = undefined;
        return ending?.end(false);
      })
      .catch(() => undefined);
  });
  socket.on('error', () => socket.destroy());
}

/**
 * Serves `db` on the Unix socket `path` (any file there is replaced: the caller holds the folder's
 * lock). Returns the function that stops serving and removes the file; a path too long for a Unix
 * socket serves nothing (other processes then get the "stop the API first" message).
 */
export async function serveLocal(db: Served, path: string): Promise<() => Promise<void>> {
  if (Buffer.byteLength(path) > MAX_PATH_BYTES || process.platform === 'win32') return async () => undefined;
  await rm(path, { force: true });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveConnection(socket, db);
  });
  // Created owner-only from the start (the umask applies to the bind), not opened up and then closed.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
  } finally {
    process.umask(umask);
  }
  await chmod(path, 0o600);
  server.unref();
  return async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
    await rm(path, { force: true });
  };
}

/**
 * Connects to the database another process serves on `path` (rejects if nobody listens there).
 * Statements of one connection run in order; `transaction` must not run alongside other calls on
 * the same connection (the command-line tools that use it are sequential).
 */
export async function connectLocal(path: string): Promise<Db> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const connection = createConnection(path);
    connection.once('connect', () => resolve(connection));
    connection.once('error', reject);
  });
  let next = 0;
  let gone: Error | undefined;
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();
  onLines(socket, (line) => {
    const answer = JSON.parse(line, revive) as Answer;
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error) waiter?.reject(Object.assign(new Error(answer.error.message), answer.error));
    else waiter?.resolve(answer.rows ?? []);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    gone = new Error('The API closed the local database connection (it stopped?).');
    for (const waiter of waiting.values()) waiter.reject(gone);
    waiting.clear();
  });
  const call = <T>(op: Op, sql?: string, params?: readonly unknown[]) =>
    new Promise<T[]>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = next++;
      waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      socket.write(encode({ id, op, sql, params: params && [...params] }));
    });
  const queryable: Queryable = {
    query: <T extends object>(sql: string, params: readonly unknown[] = []) => call<T>('query', sql, params),
    exec: async (sql) => void (await call('exec', sql)),
  };
  return {
    kind: 'pglite',
    ...queryable,
    async transaction(work) {
      await call('begin');
      try {
        const result = await work(queryable);
        await call('commit');
        return result;
      } catch (error) {
        await call('rollback').catch(() => undefined);
        throw error;
      }
    },
    async close() {
      if (socket.destroyed) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.end();
      await closed;
    },
  };
}
