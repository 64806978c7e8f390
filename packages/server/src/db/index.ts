import type { Config } from '../config.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import type { Db } from './types.ts';

export type { Db, Queryable } from './types.ts';

/** Opens PostgreSQL when DATABASE_URL is set (pg is loaded only then), else the embedded PGlite in OBRA_DATA_DIR; migrated. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>): Promise<Db> {
  const db = config.databaseUrl
    ? await (await import('./postgres.ts')).openPostgres(config.databaseUrl, config.databasePoolSize ?? 10)
    : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
