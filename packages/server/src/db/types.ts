/** What the routes and the migrations need from a database; PGlite and PostgreSQL both provide it. */
export interface Queryable {
  /** One parameterised statement; the rows it returns. */
  query<T extends object>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

/** A database connection (or pool): the same SQL runs on both. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` inside one transaction on one connection; rolls back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
