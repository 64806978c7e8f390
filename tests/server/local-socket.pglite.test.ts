// The embedded database's local door (db/local-socket.ts) in one process: what crosses the socket
// comes back as the same values, transactions commit, roll back and never outlive their caller.
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '@obra/server';
import { connectLocal, serveLocal } from '@obra/server/testing';
import { removeDataDir, tempDataDir } from './support/api.ts';

const pglite = new PGlite();
/** The folders of the sockets, removed at the end. */
const folders: string[] = [];
const socketPath = () => {
  const dir = tempDataDir();
  folders.push(dir);
  return join(dir, 'obra.sock');
};
const path = socketPath();
let stop: () => Promise<void>;
let client: Db;
const count = async () => (await pglite.query<{ n: number }>('select count(*)::int as n from item')).rows[0]!.n;

beforeAll(async () => {
  await pglite.exec('create table item (id int primary key, at timestamptz, big int8, bytes bytea, doc jsonb)');
  stop = await serveLocal(
    {
      query: async (sql, params = []) => (await pglite.query(sql, [...params])).rows as never,
      exec: async (sql) => void (await pglite.exec(sql)),
      transaction: (work) =>
        pglite.transaction((tx) =>
          work({
            query: async (sql, params = []) => (await tx.query(sql, [...params])).rows as never,
            exec: async (sql) => void (await tx.exec(sql)),
          }),
        ),
    },
    path,
  );
  client = await connectLocal(path);
});
afterAll(async () => {
  await client.close();
  await stop();
  await pglite.close();
  for (const dir of folders) removeDataDir(dir);
});

describe('the local socket', () => {
  it('gives back timestamps, int8, bytes and JSON as the same values', async () => {
    const at = new Date('2026-11-23T10:00:00.123Z');
    await client.query('insert into item values ($1, $2, $3, $4, $5)', [
      1,
      at,
      9007199254740993n,
      new Uint8Array([0, 255, 10]),
      { $date: 'not a tag when beside', other: 1 },
    ]);
    const [row] = await client.query<{ at: Date; big: bigint; bytes: Uint8Array; doc: unknown }>(
      'select at, big, bytes, doc from item where id = 1',
    );
    expect(row!.at).toEqual(at);
    expect(row!.big).toBe(9007199254740993n);
    expect([...row!.bytes]).toEqual([0, 255, 10]);
    expect(row!.doc).toEqual({ $date: 'not a tag when beside', other: 1 });
  });

  it("passes PostgreSQL's error code and constraint on", async () => {
    const failure = await client.query('insert into item (id) values (1)').catch((error: { code: string; constraint: string }) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'item_pkey' });
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into item (id) values (2)');
      await tx.query('insert into item (id) values (3)');
    });
    const thrown = await client
      .transaction(async (tx) => {
        await tx.query('insert into item (id) values (4)');
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(thrown).toBe('changed my mind');
    expect((await pglite.query<{ id: number }>('select id from item order by id')).rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('rolls back what a caller left open when it goes away, and the database is free again', async () => {
    const other = await connectLocal(path);
    await other.query('select 1');
    // Begin and insert by hand, then vanish without committing.
    const raw = createConnection(path);
    raw.write(
      `${JSON.stringify({ id: 1, op: 'begin' })}\n${JSON.stringify({ id: 2, op: 'query', sql: 'insert into item (id) values (99)', params: [] })}\n`,
    );
    await new Promise<void>((resolve) => {
      let seen = '';
      raw.on('data', (chunk) => {
        seen += chunk;
        if (seen.split('\n').length > 2) resolve();
      });
    });
    raw.destroy();
    // The owner's own statements wait for that transaction, so they run only once it is rolled back.
    expect(await count()).toBe(3);
    await other.close();
  });

  it('refuses a commit without a transaction and a second begin, and drops a connection that sends garbage', async () => {
    const other = await connectLocal(path);
    await expect(other.transaction(async (tx) => tx.query('select 1'))).resolves.toEqual([{ '?column?': 1 }]);
    const raw = createConnection(path);
    const closed = new Promise((resolve) => raw.on('close', resolve));
    raw.write('not json\n');
    await closed;
    const answers: string[] = [];
    const probe = createConnection(path);
    probe.setEncoding('utf8');
    probe.write(
      `${JSON.stringify({ id: 1, op: 'commit' })}\n${JSON.stringify({ id: 2, op: 'begin' })}\n${JSON.stringify({ id: 3, op: 'begin' })}\n`,
    );
    await new Promise<void>((resolve) =>
      probe.on('data', (chunk: string) => {
        answers.push(...chunk.split('\n').filter(Boolean));
        if (answers.length === 3) resolve();
      }),
    );
    probe.destroy();
    expect(answers.map((line) => JSON.parse(line).error?.message)).toEqual([
      'There is no transaction to commit.',
      undefined,
      'A transaction is already open on this connection.',
    ]);
    expect(await count()).toBe(3);
    await other.close();
  });

  it('fails the calls in flight with a clear message when the owner stops', async () => {
    const own = socketPath();
    const stopOwn = await serveLocal(
      { query: async () => new Promise(() => undefined), exec: async () => undefined, transaction: async () => undefined as never },
      own,
    );
    const caller = await connectLocal(own);
    const failed = expect(caller.query('select 1')).rejects.toThrow('The API closed the local database connection');
    await stopOwn();
    await failed;
    await expect(connectLocal(own)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
