// vitest globalSetup of the `server-pg` project: one throwaway PostgreSQL cluster for the whole
// run; each API a test starts gets its own database on it (support/api.ts, freshDatabase).
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's superuser URL (its `postgres` database). */
    obraPostgres: string;
  }
}

/** Starts the cluster; vitest calls the returned function to stop and remove it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const cluster = await startPostgres();
  console.log(`[server-pg] throwaway PostgreSQL ready at ${cluster.url} in ${Math.round(performance.now() - started)} ms`);
  project.provide('obraPostgres', cluster.url);
  return () => cluster.stop();
}
