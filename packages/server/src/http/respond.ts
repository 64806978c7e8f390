// What every answer of the API shares, whichever area wrote it (http/router.ts): an id
// (X-Request-Id) the request's log line carries too, a thrown HttpError written as its status and
// message in the visitor's language, any other failure as a 500 that names the id, the headers no
// answer goes without, and one log line per request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Reply } from '../routes/types.ts';
import { closeAfter } from './body.ts';
import { HttpError } from './errors.ts';
import { requestLang, serverText } from './messages.ts';
import { clientAddress } from './proxy.ts';

/** The request handler that writes `answer`'s replies (and its failures) to the response. */
export function respondWith(
  answer: (req: IncomingMessage, url: URL, ip: string) => Promise<Reply>,
  config: Pick<Config, 'trustProxy'>,
  log: Logger,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const start = performance.now();
    const url = new URL(req.url ?? '/', 'http://api');
    const ip = clientAddress(req, config.trustProxy);
    // Every answer names its request (X-Request-Id), and a 5xx says it in its body: what an
    // operator finds in the log, where the request's line carries the same id.
    const id = randomUUID();
    let reply: Reply;
    let cause: unknown;
    try {
      reply = await answer(req, url, ip);
    } catch (error) {
      if (error instanceof HttpError) {
        reply = { status: error.status, body: error.bodyIn(requestLang(req)), headers: error.headers };
        cause = error.cause;
        if (error.close) closeAfter(res);
      } else if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && req.socket.destroyed) {
        // The client went away mid-request (its body cut off): nothing to answer and nothing
        // wrong with the server. Not `req.destroyed`: a request whose body was read whole is
        // destroyed too, and a server error after that must still be answered.
        log.info('request', {
          method: req.method,
          path: url.pathname,
          status: 499,
          ms: Math.round(performance.now() - start),
          ip,
          id,
          reason: 'client closed the connection',
        });
        return;
      } else {
        reply = { status: 500, body: { errorMessage: serverText(requestLang(req), { key: 'failed' }) } };
        cause = error;
      }
    }
    if (reply.status >= 500 && reply.body && typeof reply.body === 'object') reply = { ...reply, body: { ...reply.body, requestId: id } };
    const headers: Record<string, string | string[]> = {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': id,
      Vary: 'Origin',
      ...reply.headers,
    };
    if (reply.raw !== undefined) res.writeHead(reply.status, headers).end(reply.raw);
    else if (reply.body === undefined) res.writeHead(reply.status, headers).end();
    else res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(reply.body));
    const fields = {
      method: req.method,
      path: url.pathname,
      status: reply.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      ip,
      id,
      ...reply.log,
    };
    if (reply.status >= 500) log.error('request', { ...fields, ...(cause !== undefined && { error: cause }) });
    else log.info('request', fields);
  };
}
