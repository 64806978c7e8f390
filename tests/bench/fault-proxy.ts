// A fault-injecting HTTP proxy for bench:faults and bench:cluster, in front of the platform (pages,
// bundles, API), or in front of the pages and of an API elsewhere (several processes on one port).
// Only lead submissions (POST /api/wait-list, /api/partner, /api/form-report, /api/contact) are faulted, one
// roll per request; everything else passes through untouched, so a fault is always a fault of
// the submission under test and never of the page that carries it.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy can do to one submission request. */
export type Fault =
  /** The connection is cut before anything reaches the API. */
  | 'droppedBefore'
  /** The API stores the submission and answers; the proxy cuts the connection instead of answering. */
  | 'droppedAfter'
  /** 500 without forwarding. */
  | 'error500'
  /** 429 with Retry-After (1 or 2 s) without forwarding. */
  | 'error429'
  /** Forwarded after 0.2–1.5 s. */
  | 'delayedRequest'
  /** Forwarded at once; the API's answer is held 0.2–1.5 s (a reload then lands after the API stored it). */
  | 'delayedAnswer'
  | 'passed';

/** The chance of each fault per submission request (the rest pass untouched). */
export const FAULT_RATES: Readonly<Record<Exclude<Fault, 'passed'>, number>> = {
  droppedBefore: 0.08,
  droppedAfter: 0.08,
  error500: 0.08,
  error429: 0.06,
  delayedRequest: 0.12,
  delayedAnswer: 0.08,
};

const LEAD_POSTS = new Set(['/api/wait-list', '/api/partner', '/api/form-report', '/api/contact']);

export interface FaultProxy {
  readonly origin: string;
  /** How many submission requests got each treatment. */
  readonly counts: Record<Fault, number>;
  /** Answers the API marked `Idempotent-Replayed` (a retry under a key it had already stored). */
  readonly replayed: { count: number };
  close(): void;
}

/**
 * Starts the proxy on loopback (`port`, or a free one) in front of `upstream` (or of `pages`, with
 * /api/ sent to `api`); `random` decides every fault.
 */
export async function startFaultProxy(
  upstream: string | { pages: string; api: string },
  random: () => number,
  port = 0,
): Promise<FaultProxy> {
  const targets =
    typeof upstream === 'string'
      ? { pages: new URL(upstream), api: new URL(upstream) }
      : { pages: new URL(upstream.pages), api: new URL(upstream.api) };
  const counts = Object.fromEntries([...Object.keys(FAULT_RATES), 'passed'].map((k) => [k, 0])) as Record<Fault, number>;
  const replayed = { count: 0 };
  const delay = () => 200 + random() * 1300;

  /** Forwards one request; `answer` decides what reaches the browser once the API has answered. */
  function pass(req: IncomingMessage, res: ServerResponse, answer: 'forward' | 'drop' | 'hold' = 'forward') {
    const target = req.url?.startsWith('/api/') ? targets.api : targets.pages;
    const out = forward({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
      if (reply.headers['idempotent-replayed']) replayed.count++;
      if (answer === 'drop') {
        // The whole answer is read first: the API has finished with the request when the browser loses it.
        reply.resume();
        reply.on('end', () => res.socket?.destroy());
        return;
      }
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () =>
        setTimeout(
          () => {
            if (res.destroyed) return;
            res.writeHead(reply.statusCode ?? 502, reply.headers).end(Buffer.concat(chunks));
          },
          answer === 'hold' ? delay() : 0,
        ),
      );
    });
    out.on('error', () => res.socket?.destroy());
    // A browser that went away (a reload) does not stop the request the API already has.
    res.on('error', () => undefined);
    req.pipe(out);
  }

  /** One roll of the dice for a submission request. */
  function fault(): Fault {
    let roll = random();
    for (const [name, rate] of Object.entries(FAULT_RATES) as [Fault, number][]) {
      if (roll < rate) return name;
      roll -= rate;
    }
    return 'passed';
  }

  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !LEAD_POSTS.has(new URL(req.url ?? '/', 'http://proxy').pathname)) return pass(req, res);
    const chosen = fault();
    counts[chosen]++;
    const refuse = (status: number, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ errorMessage: `injected ${status}` }));
    switch (chosen) {
      case 'droppedBefore':
        return req.socket.destroy();
      case 'droppedAfter':
        return pass(req, res, 'drop');
      case 'error500':
        return req.resume().on('end', () => refuse(500));
      case 'error429':
        return req.resume().on('end', () => refuse(429, { 'retry-after': String(1 + Math.floor(random() * 2)) }));
      case 'delayedRequest':
        // The body waits in the socket's buffer until the request is forwarded.
        req.pause();
        // A visitor who reloaded meanwhile took the request away: nothing reaches the API.
        return void setTimeout(() => (req.destroyed ? undefined : pass(req, res)), delay());
      case 'delayedAnswer':
        return pass(req, res, 'hold');
      default:
        return pass(req, res);
    }
  });
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    replayed,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** One line saying what the proxy did to the submission requests. */
export function describeProxy(proxy: FaultProxy): string {
  const c = proxy.counts;
  return `proxy (submission requests)  passed ${c.passed}, delayed request ${c.delayedRequest}, delayed answer ${c.delayedAnswer}, dropped before the API ${c.droppedBefore}, dropped after the API answered ${c.droppedAfter}, 500 ${c.error500}, 429 ${c.error429}; replayed by the API under a stored key ${proxy.replayed.count}`;
}
