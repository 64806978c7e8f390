import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Config } from '../config.ts';
import { clientKey } from './rate-limit.ts';

/**
 * A node:http server with the limits a public server needs (docs/operators/configuration.md): the whole
 * request within REQUEST_TIMEOUT_MS (a slow body is cut), its headers within HEADERS_TIMEOUT_MS
 * (slowloris; a connection that sends nothing at all is closed then too), idle keep-alive
 * connections closed after KEEP_ALIVE_TIMEOUT_MS, at most MAX_CONNECTIONS open at once and at most
 * MAX_CONNECTIONS_PER_CLIENT from one client (an IPv4 address or an IPv6 /64), so one address cannot
 * take every slot and leave everyone else reset. Behind TRUST_PROXY every connection comes from the
 * proxy, so the cap per client is the proxy's job there. Node's defaults (5 min, 60 s, no cap) let a
 * few slow clients hold the process. Both the API alone (main.ts) and the host (host/serve.ts) use it.
 */
export function createHttpServer(config: Pick<Config, 'http' | 'trustProxy'>, listener: RequestListener): Server {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, maxConnections, maxConnectionsPerClient } = config.http;
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
  if (maxConnectionsPerClient > 0 && !config.trustProxy) capConnectionsPerClient(server, maxConnectionsPerClient);
  return server;
}

/** Resets a client's connection past `cap` open at once (a client as the rate limits count it). */
function capConnectionsPerClient(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = clientKey(socket.remoteAddress ?? '');
    const count = (open.get(client) ?? 0) + 1;
    if (count > cap) return void socket.destroy();
    open.set(client, count);
    socket.once('close', () => {
      const left = open.get(client)! - 1;
      if (left) open.set(client, left);
      else open.delete(client);
    });
  });
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
