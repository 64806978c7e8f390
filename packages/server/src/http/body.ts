import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';

/** The raw body and its parsed JSON. */
export interface JsonBody {
  raw: string;
  value: unknown;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * After a 413 the rest of the body is not read: the answer says `Connection: close` and, once it
 * is written, the socket is ended; a client still sending is cut a moment later. (Reading a body
 * to its end to be polite let one request hold the process for a whole 1 GiB upload.)
 */
export function closeAfter(res: ServerResponse): void {
  res.once('finish', () => {
    const socket = res.req.socket;
    socket.end();
    setTimeout(() => socket.destroy(), 500).unref();
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, { key: 'body.tooLarge', values: { limit } }, { headers: { Connection: 'close' }, close: true });
}

/**
 * Reads a JSON body of at most `limit` bytes: 415 for another content type or a charset other
 * than UTF-8, 413 when it is too large (checked on Content-Length first, then while streaming,
 * without reading the rest), 400 when it is not valid UTF-8 or does not parse.
 */
export async function readJson(req: IncomingMessage, limit: number): Promise<JsonBody> {
  const type = req.headers['content-type'] ?? '';
  if (!JSON_TYPE.test(type)) throw new HttpError(415, { key: 'body.type' });
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new HttpError(415, { key: 'body.charset', values: { charset } });
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    let size = 0;
    const done = (error?: unknown) => {
      req.off('data', data).off('end', done).off('error', done);
      if (error) reject(error);
      else resolve();
    };
    // Events rather than for-await: leaving a for-await early destroys the socket before the
    // 413 can be written.
    const data = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.pause();
      done(tooLarge(limit));
    };
    req.on('data', data).on('end', done).on('error', done);
  });
  let raw: string;
  try {
    raw = UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, { key: 'body.utf8' });
  }
  try {
    return { raw, value: JSON.parse(raw) };
  } catch (error) {
    throw new HttpError(400, { key: 'body.json', values: { detail: (error as Error).message } });
  }
}
