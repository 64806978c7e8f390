import pg from 'pg';
import type { Db, Queryable } from './types.ts';

/** A pool on PostgreSQL at `url`: API processes share it, so they can scale out. */
export async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that PostgreSQL closes (a restart, a failover, an administrator) must not
  // end the process: the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first visitor, when the URL or the server is wrong.
  await pool.query('select 1');
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T extends object>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, [...params])).rows as T[],
    exec: async (sql) => void (await client.query(sql)),
  });
  return {
    kind: 'postgres',
    ...on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(on(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
