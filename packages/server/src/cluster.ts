// API_PROCESSES=N: N copies of the API sharing one listening port through node:cluster (the
// primary accepts connections and hands them out in turn). docs/operators/production.md.
import cluster, { type Worker } from 'node:cluster';
import { readEnv } from './config-schema.ts';
import { loadConfig, type Config } from './config.ts';
import { createLogger, type Logger } from './log.ts';

/**
 * API_PROCESSES from `env` (default 1). Not part of Config: it tells the launcher (main.ts,
 * host/serve.ts) how many copies to start, not how one API behaves.
 */
export function processCount(env: NodeJS.ProcessEnv = process.env): number {
  return readEnv(env).API_PROCESSES;
}

/** What {@link runProcesses} needs to know. */
interface ProcessOptions {
  /** How many API processes (API_PROCESSES); 1 runs `start` in this process, no cluster. */
  processes: number;
  /** DATABASE_URL: several processes need PostgreSQL to share. */
  databaseUrl: string | undefined;
  /** How long workers get to finish on SIGTERM before they are killed (SHUTDOWN_TIMEOUT_MS, plus a margin). */
  shutdownTimeoutMs: number;
  log: Logger;
}

// A worker that dies again soon after a restart waits longer each time (0.5 s doubling to 10 s),
// so a worker that cannot start does not spin the machine.
const STABLE_MS = 5_000;
const MAX_DELAY_MS = 10_000;

/**
 * Runs `start` (which starts the API and listens; it stops gracefully on SIGTERM by itself) in
 * `processes` worker processes, or here when there is one. The primary restarts a worker that
 * dies, forwards SIGTERM/SIGINT to every worker, waits for them, and exits 0 (1 if one failed to stop).
 * If no worker ever got as far as listening and one exits with an error, the start failed
 * (a wrong variable, no database): the primary stops the others and exits 1 instead of looping.
 */
async function runProcesses(options: ProcessOptions, start: () => Promise<void>): Promise<void> {
  if (options.processes <= 1 || cluster.isWorker) return start();
  if (!options.databaseUrl) {
    throw new Error(
      `API_PROCESSES=${options.processes} needs DATABASE_URL: the embedded PGlite database belongs to one process. Set DATABASE_URL to a PostgreSQL database, or API_PROCESSES=1.`,
    );
  }
  const { log } = options;
  let stopping = false;
  let everListened = false;
  let failedStops = 0;
  const born = new Map<Worker, number>();
  let quickDeaths = 0;

  const fork = () => born.set(cluster.fork(), Date.now());
  cluster.on('listening', () => (everListened = true));
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (born.get(worker) ?? 0);
    born.delete(worker);
    if (stopping) {
      // Killed by our SIGTERM before it had installed its handler (still starting): nothing to finish.
      if (code !== 0 && signal !== 'SIGTERM') {
        failedStops += 1;
        log.error('an API process did not stop cleanly', { pid: worker.process.pid, code, signal });
      }
      if (born.size === 0) process.exit(failedStops ? 1 : 0);
      return;
    }
    if (!everListened && code !== 0) {
      log.error('an API process could not start; stopping the others', { pid: worker.process.pid, code });
      stopping = true;
      failedStops += 1;
      for (const other of born.keys()) other.process.kill('SIGTERM');
      if (born.size === 0) process.exit(1);
      return;
    }
    quickDeaths = lived < STABLE_MS ? quickDeaths + 1 : 0;
    const delayMs = quickDeaths ? Math.min(MAX_DELAY_MS, 500 * 2 ** (quickDeaths - 1)) : 0;
    log.warn('an API process died; starting another', { pid: worker.process.pid, code, signal, livedMs: lived, delayMs });
    setTimeout(() => stopping || fork(), delayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping the API processes', { signal, processes: born.size });
    // Each worker shuts down gracefully on SIGTERM (shutdown.ts): in-flight requests finish.
    for (const worker of born.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn('API processes still running after the shutdown timeout: killing them', { processes: born.size });
      for (const worker of born.keys()) worker.process.kill('SIGKILL');
    }, options.shutdownTimeoutMs + 5_000).unref();
    if (born.size === 0) process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

  log.info('starting the API processes', { processes: options.processes, primary: process.pid });
  for (let i = 0; i < options.processes; i += 1) fork();
}

/**
 * Reads the configuration from `env` and runs `serve` in API_PROCESSES processes (main.ts,
 * host/serve.ts). A wrong variable or an unreachable database stops it with one line saying that
 * `what` could not start and why, and exit code 1: not a stack trace.
 */
export async function launch(what: string, env: NodeJS.ProcessEnv, serve: (config: Config) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig(env);
    const options = { databaseUrl: config.databaseUrl, shutdownTimeoutMs: config.shutdownTimeoutMs, log: createLogger(config.logLevel) };
    await runProcesses({ ...options, processes: processCount(env) }, () => serve(config));
  } catch (error) {
    createLogger('error').error(`${what} could not start`, { reason: (error as Error).message });
    process.exit(1);
  }
}
