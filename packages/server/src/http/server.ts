import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';

/**
 * A node:http server with the limits a public server needs (docs/operators/configuration.md): the whole
 * request within REQUEST_TIMEOUT_MS (a slow body is cut), its headers within HEADERS_TIMEOUT_MS
 * (slowloris), idle keep-alive connections closed after KEEP_ALIVE_TIMEOUT_MS, and at most
 * MAX_CONNECTIONS open at once. Node's defaults (5 min, 60 s, no cap) let a few slow clients hold
 * the process. Both the API alone (main.ts) and the host (host/serve.ts) use it.
 */
export function createHttpServer(config: Pick<Config, 'http'>, listener: RequestListener): Server {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, maxConnections } = config.http;
  const headersTimeout = Math.min(headersTimeoutMs, requestTimeoutMs);
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout,
      keepAliveTimeout: keepAliveTimeoutMs,
      // Timeouts are only checked this often (30 s by default, longer than the limits themselves).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    listener,
  );
  server.maxConnections = maxConnections;
  return server;
}

/** Listens on HOST and PORT; resolves with the port (PORT=0 picks a free one). */
export function listen(server: Server, config: Pick<Config, 'host' | 'port'>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The address to print for `host`: a wildcard is reached on localhost. */
export const displayHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
