import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';

/** The raw body and its parsed JSON. */
export interface JsonBody {
  raw: string;
  value: unknown;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Reads a JSON body of at most `limit` bytes: 415 for another content type, 413 when it is too
 * large (checked on Content-Length first, then while streaming), 400 when it does not parse.
 */
export async function readJson(req: IncomingMessage, limit: number): Promise<JsonBody> {
  if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) {
    throw new HttpError(415, 'Send the body as JSON with Content-Type: application/json.');
  }
  const tooLarge = () => new HttpError(413, `The body is larger than ${limit} bytes; shorten the long texts.`, { headers: { Connection: 'close' } });
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving a for-await early would destroy the socket before the 413 is written: past the limit
  // the rest is read and dropped instead.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw tooLarge();
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { raw, value: JSON.parse(raw) };
  } catch (error) {
    throw new HttpError(400, `The body is not valid JSON (${(error as Error).message}).`);
  }
}
