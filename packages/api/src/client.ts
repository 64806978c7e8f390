import { ApiError, keyForStatus } from './errors.ts';

/** A client bound to one API base URL (the element's `api-base`). */
export interface ApiClient {
  readonly base: string;
  /** POSTs JSON to `base + path` and returns the parsed JSON answer; throws {@link ApiError}. */
  post<T>(path: string, body: unknown, init?: { signal?: AbortSignal }): Promise<T>;
}

/** Creates a client; `base` may end with a slash or not (`/api` and `/api/` both work). */
export function createApiClient(base: string): ApiClient {
  const root = base.replace(/\/+$/, '');
  return {
    base: root,
    post: (path, body, init) => postJson(`${root}/${path.replace(/^\/+/, '')}`, body, init),
  };
}

/** POSTs JSON to a full URL and returns the parsed JSON answer; throws {@link ApiError}. */
export async function postJson<T>(url: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: init.signal ?? null,
    });
  } catch (cause) {
    throw new ApiError('api.network', `POST ${url} could not reach the server (${String(cause)}); check the connection and the api-base attribute.`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const data = (payload ?? {}) as { errorMessage?: unknown; errors?: unknown };
    const detail = typeof data.errorMessage === 'string' ? data.errorMessage : response.statusText;
    const fields = data.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : {};
    throw new ApiError(keyForStatus(response.status), `POST ${url} answered ${response.status}: ${detail}`, response.status, fields);
  }
  return payload as T;
}

/**
 * The default API base for a widget bundle: `/api` on the origin the bundle was loaded from, so
 * one script tag from the Obra host also reaches the Obra API. `moduleUrl` is the bundle's
 * `import.meta.url`; anything not http(s) (tests, file://) gives the page-relative `/api`.
 */
export function apiBaseFrom(moduleUrl: string): string {
  return /^https?:/.test(moduleUrl) ? new URL('/api', moduleUrl).href : '/api';
}
