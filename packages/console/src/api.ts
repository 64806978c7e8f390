// Calls to /api/admin/*: same origin, the session cookie goes by itself; every state-changing call
// carries the session's CSRF token. A 401 anywhere means the session ended: back to sign-in. What
// each route takes and answers is the contract's (@obra/schema/admin-contract), of which the
// console imports only types and the queries (a call's query string is written from its route's).
import type { AdminRequest, AdminResponses, AdminRoute } from '@obra/schema/admin-contract';
import { ADMIN_QUERIES, queryString, type AdminQueryInput, type AdminQueryRoute } from '@obra/schema/admin-contract/queries';

/**
 * A refusal from the API, with its status and `code` (e.g. `credentials`, `rate`). Not the widgets'
 * ApiError of @obra/api: that one carries a visitor's translation key and field errors for the
 * public API's answers; an operator's refusal is its status, its code (errors.ts translates it)
 * and its details.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The rest of the refusal's body (e.g. which addresses were not valid). */
  readonly details: Record<string, unknown>;
  constructor(status: number, message: string, code?: string, details: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

let csrf = '';
let onSignedOut: () => void = () => {};

/** Remembers the CSRF token of the session (from sign-in or GET /session). */
export const setCsrf = (token: string) => void (csrf = token);
/** What to do when a call answers 401 (show the sign-in screen). */
export const whenSignedOut = (handler: () => void) => void (onSignedOut = handler);

/** A call's query: the parameters of its route's query (ADMIN_QUERIES), each a text or left out. */
export type QueryOf<K extends AdminRoute> = K extends AdminQueryRoute ? AdminQueryInput<K> : never;

/** Where contract route `key` goes (a link to a file it answers, or a call): `:id` is `id`, then its query string. */
export function adminUrl<K extends AdminRoute>(key: K, { id = '', query }: { id?: string; query?: QueryOf<K> } = {}): string {
  // Only a route with a query (ADMIN_QUERIES) has a query string.
  const contract = (ADMIN_QUERIES as Partial<Record<AdminRoute, { keys: readonly string[] }>>)[key];
  const search = query && contract ? queryString(contract.keys, query as Record<string, string | undefined>) : '';
  return `/api/admin/${key.slice(key.indexOf(' ') + 1).replace(':id', id)}${search}`;
}

/** What a call of route `K` takes: the path's id, its query, and the body when the route reads one. */
type CallOf<K extends AdminRoute> = { id?: string; query?: QueryOf<K> } & (AdminRequest<K> extends undefined
  ? { body?: undefined }
  : { body: AdminRequest<K> });

/**
 * Calls contract route `key` ('PATCH leads/:id'); resolves its answer (undefined for 204), rejects
 * with {@link ApiError}.
 */
export async function adminApi<K extends AdminRoute>(
  key: K,
  ...[call]: AdminRequest<K> extends undefined ? [CallOf<K>?] : [CallOf<K>]
): Promise<AdminResponses[K]> {
  const method = key.slice(0, key.indexOf(' '));
  const body = call?.body;
  let response: Response;
  try {
    response = await fetch(adminUrl(key, call), {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'X-CSRF-Token': csrf }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  if (response.status === 204) return undefined as AdminResponses[K];
  const data = (await response.json().catch(() => ({}))) as { errorMessage?: string; code?: string };
  if (!response.ok) {
    if (response.status === 401 && key !== 'POST session') onSignedOut();
    throw new ApiError(response.status, data.errorMessage ?? response.statusText, data.code, data);
  }
  return data as AdminResponses[K];
}

export type { Me, Settings } from '@obra/schema/admin-contract';
