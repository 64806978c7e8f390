import { deliver, newKey, type DeliverOptions } from './delivery.ts';
import { ApiError } from './errors.ts';
import { apiUrl, IMAGE_DEADLINE_MS, request } from './request.ts';

import type { FormReport, ImageSpec, Place } from '@obra/schema';

export type { Place };

/** Options every design-form call takes. */
export interface DesignCallOptions {
  /** The API base URL, e.g. `https://obra.example/api`. */
  apiBase: string;
  signal?: AbortSignal | undefined;
}

const isPlace = (value: unknown): value is Place =>
  !!value && typeof (value as Place).Label === 'string' && typeof (value as Place).Country === 'string';

/** GET {api}/location?query=&lang=: the places matching `query`; throws {@link ApiError}. */
export async function searchLocation(query: string, lang: string, options: DesignCallOptions): Promise<Place[]> {
  const url = apiUrl(options.apiBase, `location?query=${encodeURIComponent(query)}&lang=${encodeURIComponent(lang)}`);
  const items = await request<unknown>(url, { method: 'GET', signal: options.signal });
  return Array.isArray(items) ? items.map((item: { Place?: unknown }) => item?.Place).filter(isPlace) : [];
}

/**
 * POST {api}/generate-image with `{ prompt, spec }`: the absolute URL of the image. A non-OK
 * status throws an {@link ApiError} with that status; an answer without a usable `url` one of key
 * `api.unexpected` and no status (the widget logs the message of docs/contributors/behaviour.md#errors for each, from its catalogue).
 */
export async function generateImage(input: { prompt: string; spec: ImageSpec }, options: DesignCallOptions): Promise<string> {
  const url = apiUrl(options.apiBase, 'generate-image');
  const answer = await request<{ url?: unknown } | undefined>(url, { body: input, signal: options.signal, deadlineMs: IMAGE_DEADLINE_MS });
  const noUrl = `POST ${url} answered without a valid image url`;
  if (typeof answer?.url !== 'string' || !answer.url.trim()) throw new ApiError('api.unexpected', noUrl);
  try {
    // A relative url (e.g. /api/images/x.svg) belongs to the API, not to the partner's page.
    return new URL(answer.url, new URL(url, globalThis.location?.href)).href;
  } catch {
    throw new ApiError('api.unexpected', noUrl);
  }
}

/**
 * POST {api}/form-report with every field and the prompt, through {@link deliver} (retries under one
 * Idempotency-Key, and the outbox when given). On a refusal the error's message is the server's
 * `errorMessage` (empty when it sent none, so the widget shows its own text).
 */
export async function sendFormReport(
  report: FormReport,
  options: DesignCallOptions & DeliverOptions & { idempotencyKey?: string | undefined },
): Promise<unknown> {
  const url = apiUrl(options.apiBase, 'form-report');
  try {
    return await deliver(
      { url, body: report, key: options.idempotencyKey ?? newKey(), headers: options.headers, attribution: options.attribution },
      options,
    );
  } catch (cause) {
    if (!(cause instanceof ApiError) || cause.status === undefined) throw cause;
    throw new ApiError(cause.key, cause.serverMessage ?? '', cause.status, cause.fields, { serverMessage: cause.serverMessage });
  }
}
