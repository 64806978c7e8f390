import type { Server } from 'node:http';
import type { Logger } from './log.ts';

/**
 * Stops `server` gracefully on SIGINT/SIGTERM: no new connections, requests being handled finish
 * (idle keep-alive connections are closed as they become idle), then `close` runs (the API waits
 * for its work and closes the database) and the process exits. Past `timeoutMs` the remaining
 * connections are cut so a stuck client cannot hold a deploy forever.
 */
export function closeOnSignal(server: Server, close: () => Promise<void>, options: { log: Logger; timeoutMs: number }): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.log.info('shutting down', { signal });
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      options.log.warn('shutdown timeout: closing open connections', { timeoutMs: options.timeoutMs });
      server.closeAllConnections();
    }, options.timeoutMs);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearInterval(idle);
    clearTimeout(cut);
    try {
      await close();
      process.exit(0);
    } catch (error) {
      options.log.error('shutdown failed', { error });
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}
