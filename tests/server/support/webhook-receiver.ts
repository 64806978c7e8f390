// A webhook receiver on loopback for the tests and the fault run: it records every request,
// checks its Standard Webhooks signature with the `standardwebhooks` package, and answers as the
// test tells it (a status, a dropped connection, or an answer held back).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature matched the secret of its path (false when no secret was given for it). */
  verified: boolean;
  /** The status it was answered with; null when the connection was dropped or is still held. */
  answered: number | null;
}

/** How to answer: a status (and body), `reset` to drop the connection, or `holdMs` to answer 200 that much later. */
type Answer = { status: number; body?: string; headers?: Record<string, string> } | { reset: true } | { holdMs: number };

/** The receiver. */
export interface Receiver {
  /** Its URL for `path`. */
  url(path?: string): string;
  /** Every request so far, in arrival order. */
  readonly requests: Received[];
  /** The secret each path's signatures are checked with. */
  readonly secrets: Map<string, string>;
  /** Decides each answer (default: 200 "ok"). */
  answer: (request: Received) => Answer;
  /** The ids (webhook-id) answered with a 2xx, each as many times as it was. */
  accepted(path?: string): string[];
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 on a free port. */
export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const secrets = new Map<string, string>();
  const receiver = {
    requests,
    secrets,
    answer: (() => ({ status: 200, body: 'ok' })) as Receiver['answer'],
  } as Receiver;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const received: Received = { path, headers: req.headers, body, verified, answered: null };
      requests.push(received);
      const answer = receiver.answer(received);
      if ('reset' in answer) return void req.socket.destroy();
      if ('holdMs' in answer) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (res.destroyed || !res.socket || res.socket.destroyed) return;
          received.answered = 200;
          res.writeHead(200).end('late');
        }, answer.holdMs);
        timers.add(timer);
        return;
      }
      received.answered = answer.status;
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path = '/hook') => `http://127.0.0.1:${port}${path}`;
  receiver.accepted = (path) =>
    requests
      .filter((r) => (path === undefined || r.path === path) && r.answered !== null && r.answered >= 200 && r.answered < 300)
      .map((r) => String(r.headers['webhook-id']));
  receiver.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  return receiver;
}
