import { createApiClient } from './client.ts';

import type { ContactMessage } from '@obra/schema';

export interface SendContactOptions {
  /** The API base URL, e.g. `https://obra.example/api` or `/api`. */
  apiBase: string;
  /** The honeypot input's value (empty for people); the server drops messages that fill it. */
  website?: string;
  /** Milliseconds from the form being shown to being sent (the server's minimum-time spam rule). */
  elapsedMs?: number;
}

/**
 * Sends the values page's contact message to `{apiBase}/contact` (DESIGN.md §5.3) and resolves
 * with the stored id. A non-OK status throws {@link ApiError} with the server's field errors.
 */
export async function sendContact(message: ContactMessage, options: SendContactOptions): Promise<{ id: string }> {
  // Copied field by field: the wire shape is exactly these keys, whatever else the caller's object holds.
  const { name, email, message: text } = message;
  const spam = { website: options.website ?? '', ...(options.elapsedMs === undefined ? {} : { elapsedMs: Math.round(options.elapsedMs) }) };
  return createApiClient(options.apiBase).post<{ id: string }>('contact', { name, email, message: text, ...spam });
}
