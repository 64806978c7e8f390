import { apiUrl, request } from './request.ts';

/** A client bound to one API base URL (the element's `api-base`). */
export interface ApiClient {
  readonly base: string;
  /** POSTs JSON to `base + path` and returns the parsed JSON answer; throws {@link ApiError}. */
  post<T>(path: string, body: unknown, init?: { signal?: AbortSignal }): Promise<T>;
}

/** Creates a client; `base` may end with a slash or not (`/api` and `/api/` both work). */
export function createApiClient(base: string): ApiClient {
  return {
    base: apiUrl(base, '').slice(0, -1),
    post: (path, body, init) => request(apiUrl(base, path), { body, signal: init?.signal }),
  };
}

/**
 * The default API base for a widget bundle: `/api` on the origin the bundle was loaded from, so
 * one script tag from the Obra host also reaches the Obra API. `moduleUrl` is the bundle's
 * `import.meta.url`; anything not http(s) (tests, file://) gives the page-relative `/api`.
 */
export function apiBaseFrom(moduleUrl: string): string {
  return /^https?:/.test(moduleUrl) ? new URL('/api', moduleUrl).href : '/api';
}
