import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Config } from '../config.ts';
import { isTrustedProxy } from './proxy.ts';
import { clientKey } from './rate-limit.ts';

/**
 * A node:http server with the limits a public server needs (docs/operators/security.md#connections):
 * the whole request within REQUEST_TIMEOUT_MS (a slow body is cut), its headers within
 * HEADERS_TIMEOUT_MS (slowloris; a connection that sends nothing at all is closed then too), a
 * kept-alive connection with no new request closed after KEEP_ALIVE_TIMEOUT_MS, and connections
 * shared fairly ({@link shareConnections}). Node's defaults (5 min, 60 s, no cap) let a few slow
 * clients hold the process. Both the API alone (main.ts) and the host (host/serve.ts) use it.
 */
export function createHttpServer(config: Pick<Config, 'http' | 'trustProxy'>, listener: RequestListener): Server {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs } = config.http;
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
  shareConnections(server, config);
  return server;
}

/**
 * Admits each new connection, or resets it at once, so that no group of addresses can shut the
 * others out. A client is an address as the rate limits count it (an IPv4 address or an IPv6 /64).
 * - A client already holding MAX_CONNECTIONS_PER_CLIENT is refused, unless it is one of the proxies
 *   of TRUST_PROXY (every visitor behind a proxy arrives on its connections: the proxy caps them).
 * - With MAX_CONNECTIONS open, a newcomer still gets in when the busiest client holds at least two
 *   more than the newcomer: one of the busiest client's connections is closed for it, an idle one
 *   (no request under way: one that sent nothing, a kept-alive one between requests, one still
 *   sending headers) if it has any, else its oldest. The flooding addresses thus end up sharing the
 *   slots evenly, and an address not seen before, holding none, takes one from the busiest; only
 *   when every client holds one connection at most is a newcomer refused.
 * Node's own `maxConnections` would refuse everyone alike once full, so it stays unset.
 */
function shareConnections(server: Server, config: Pick<Config, 'http' | 'trustProxy'>): void {
  const { maxConnections: max, maxConnectionsPerClient: perClient } = config.http;
  const clients = new Map<string, Set<Socket>>();
  // How many clients hold n connections, for each n, and the most one client holds: the busiest
  // is known without a scan, so refusing a flood's reconnections costs the same at any size.
  const holding = new Map<number, number>();
  let busiest = 0;
  let open = 0;
  const busy = new WeakMap<Socket, number>();
  const leaving = new WeakMap<Socket, () => void>();
  const move = (from: number, to: number) => {
    if (from) holding.set(from, holding.get(from)! - 1);
    if (to) holding.set(to, (holding.get(to) ?? 0) + 1);
    if (to > busiest) busiest = to;
    else if (from === busiest && !holding.get(from)) busiest = to;
  };
  /** A connection to close so a client holding `held` gets in: the busiest client's idle one, else its oldest. */
  const victim = (held: number): Socket | undefined => {
    if (busiest < held + 2) return undefined;
    let oldest: Socket | undefined;
    for (const sockets of clients.values()) {
      if (sockets.size !== busiest) continue;
      for (const socket of sockets) {
        if (!busy.get(socket)) return socket;
        oldest ??= socket;
      }
    }
    return oldest;
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => busy.set(socket, busy.get(socket)! - 1));
  });
  // node:http's own listener sets each connection up (a parser, its timers): it now runs only for
  // those admitted, so a refused one costs an accept and a reset, no more.
  const http = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const proxy = isTrustedProxy(address, config.trustProxy);
    const client = proxy ? address : clientKey(address);
    const sockets = clients.get(client) ?? new Set<Socket>();
    if (perClient > 0 && !proxy && sockets.size >= perClient) return void socket.resetAndDestroy();
    if (open >= max) {
      const closing = victim(sockets.size);
      if (!closing) return void socket.resetAndDestroy();
      // Counted out at once, not at its 'close': a burst of newcomers each takes another.
      leaving.get(closing)!();
      closing.destroy();
    }
    const leave = () => {
      if (!sockets.delete(socket)) return;
      open -= 1;
      move(sockets.size + 1, sockets.size);
      if (!sockets.size) clients.delete(client);
    };
    clients.set(client, sockets.add(socket));
    move(sockets.size - 1, sockets.size);
    open += 1;
    leaving.set(socket, leave);
    socket.once('close', leave);
    for (const listener of http) listener.call(server, socket);
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
