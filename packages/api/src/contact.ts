import { apiUrl } from './request.ts';
import { deliver, newKey, type DeliverOptions } from './delivery.ts';

import type { ContactMessage } from '@obra/schema';

export interface SendContactOptions extends DeliverOptions {
  /** The API base URL, e.g. `https://obra.example/api` or `/api`. */
  apiBase: string;
  /** The submission's Idempotency-Key (a new one when absent). */
  key?: string | undefined;
}

/**
 * Sends the values page's contact message to `{apiBase}/contact` (docs/contributors/behaviour.md#contact-popup-sends) through
 * {@link deliver} (retries under one key, the outbox when given) and resolves with the stored
 * id. A refusal throws {@link ApiError} with the server's field errors.
 */
export async function sendContact(message: ContactMessage, options: SendContactOptions): Promise<{ id: string }> {
  // Copied field by field: the wire shape is exactly these keys, whatever else the caller's object holds.
  const { name, email, message: text } = message;
  const url = apiUrl(options.apiBase, 'contact');
  return deliver<{ id: string }>(
    { url, body: { name, email, message: text }, key: options.key ?? newKey(), headers: options.headers, attribution: options.attribution },
    options,
  );
}
