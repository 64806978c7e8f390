import { deliver, newKey, type DeliverOptions } from './delivery.ts';
import { ApiError } from './errors.ts';
import { apiUrl } from './request.ts';

import type { WaitListEntry } from '@obra/schema';

/**
 * How the entry travels. `cors` (default): POST to the platform API, and the answer is read, so
 * real errors reach the visitor. `no-cors`: for spreadsheet-script web endpoints that send no CORS
 * headers; the answer cannot be read, so success is reported unless the request itself fails.
 */
export type WaitListTransport = 'cors' | 'no-cors';

export interface SendWaitListOptions extends DeliverOptions {
  /** The API base URL, e.g. `https://obra.example/api`. */
  apiBase: string;
  /** A full URL that replaces `{apiBase}/wait-list` (required for `no-cors`). */
  endpoint?: string | undefined;
  transport: WaitListTransport;
  /** The submission's Idempotency-Key (a new one when absent). */
  key?: string | undefined;
}

/**
 * Sends a wait-list entry; resolves when it was delivered (as far as the transport can tell), with
 * the API's answer (`{id}` and what its attribution counts for: docs/partners/sites.md; nothing
 * under `no-cors`).
 */
export async function sendWaitList(entry: WaitListEntry, options: SendWaitListOptions): Promise<unknown> {
  const { apiBase, endpoint, transport, key = newKey() } = options;
  if (transport === 'no-cors' && !endpoint)
    throw new ApiError('api.unexpected', 'transport="no-cors" needs an endpoint attribute with the web endpoint URL.');
  const url = endpoint || apiUrl(apiBase, 'wait-list');
  return deliver({ url, body: entry, key, mode: transport, headers: options.headers, attribution: options.attribution }, options);
}
