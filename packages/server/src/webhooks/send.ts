// One webhook request: to the checked address only, never following a redirect, bounded in time
// and in how much of the answer is read.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetError, type AllowPrivate, type Resolver } from './address.ts';

/** The most of an answer that is read; the rest is dropped with the connection. */
const ANSWER_LIMIT = 64 * 1024;
/** The most of an answer kept in the delivery log. */
const EXCERPT_LIMIT = 500;

/** What came back: a status and an excerpt, or no status and why (`error`). */
export interface SendResult {
  status: number | null;
  excerpt: string;
  error?: string;
  /** A redirect's Location header (never followed). */
  location?: string;
}

/** A POST of `body` to `url` with `headers`; never throws (a failure is a result without status). */
export async function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { allow: AllowPrivate; timeoutMs: number; resolve?: Resolver },
): Promise<SendResult> {
  let target: { address: string; family: 4 | 6 };
  try {
    target = await resolveTarget(url, options.allow, options.resolve);
  } catch (error) {
    return { status: null, excerpt: '', error: error instanceof TargetError ? error.message : `could not resolve ${url.hostname}` };
  }
  // The connection goes to the address checked above, whatever the name resolves to by now.
  const lookup = ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request(url, {
      method: 'POST',
      lookup,
      // A fresh connection each time: a pooled one could outlive the check it was made under.
      agent: false,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Obra-Webhooks/1' },
    });
    const timer = setTimeout(
      () => finish({ status: null, excerpt: '', error: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    req.on('error', (error) =>
      finish({ status: null, excerpt: '', error: `request failed: ${(error as NodeJS.ErrnoException).code ?? error.message}` }),
    );
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const { location } = res.headers;
      const done = () =>
        finish({
          status: res.statusCode ?? null,
          excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_LIMIT),
          ...(location ? { location } : {}),
        });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_LIMIT) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(body);
  });
}
