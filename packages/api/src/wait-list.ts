import { createApiClient, postJson } from './client.ts';
import { ApiError } from './errors.ts';

import type { WaitListEntry } from '@obra/schema';

/**
 * How the entry travels. `cors` (default): POST to the platform API, and the answer is read, so
 * real errors reach the visitor. `no-cors`: for spreadsheet-script web endpoints that send no CORS
 * headers; the answer cannot be read, so success is reported unless the request itself fails.
 */
export type WaitListTransport = 'cors' | 'no-cors';

export interface SendWaitListOptions {
  /** The API base URL, e.g. `https://obra.example/api`. */
  apiBase: string;
  /** A full URL that replaces `{apiBase}/wait-list` (required for `no-cors`). */
  endpoint?: string;
  transport: WaitListTransport;
}

/** Sends a wait-list entry; resolves when it was delivered (as far as the transport can tell). */
export async function sendWaitList(entry: WaitListEntry, options: SendWaitListOptions): Promise<void> {
  if (options.transport === 'cors') {
    await (options.endpoint ? postJson(options.endpoint, entry) : createApiClient(options.apiBase).post('wait-list', entry));
    return;
  }
  if (!options.endpoint) throw new ApiError('api.unexpected', 'transport="no-cors" needs an endpoint attribute with the web endpoint URL.');
  try {
    // A no-cors request may only carry CORS-safelisted headers, so the JSON travels as text/plain.
    await fetch(options.endpoint, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(entry),
    });
  } catch (cause) {
    throw new ApiError('api.network', `POST ${options.endpoint} (no-cors) failed (${String(cause)}); check the connection and the endpoint attribute.`);
  }
}
