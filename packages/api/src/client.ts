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
 * The origin a widget bundle was loaded from (Obra's), where its default API base and links
 * point, so one script tag on a partner's page reaches Obra and not the partner's own site.
 * `moduleUrl` is the bundle's `import.meta.url`; anything not http(s) (the host's pre-render,
 * tests, file://) gives '' (the page's own origin, which is Obra's there).
 */
export function obraOriginFrom(moduleUrl: string): string {
  return /^https?:/.test(moduleUrl) ? new URL(moduleUrl).origin : '';
}

/** The default API base for a widget bundle: `/api` on the origin it was loaded from ({@link obraOriginFrom}). */
export function apiBaseFrom(moduleUrl: string): string {
  return `${obraOriginFrom(moduleUrl)}/api`;
}
