import { ApiError, keyForStatus } from './errors.ts';

/** `{apiBase}/{path}`: the one place an `api-base` loses its trailing slashes (`/api` and `/api/` both work). */
export const apiUrl = (apiBase: string, path: string): string => `${apiBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const ms = value ? (+value >= 0 ? +value * 1000 : Date.parse(value) - now) : NaN;
  return ms >= 0 ? ms : undefined;
}

/**
 * How long a call waits for the server's whole answer before it gives up (`api.timeout`): longer
 * than the server's own deadlines for what it calls while answering (Stripe, the database), so a
 * visitor is never left with a spinner. The illustration takes longer: {@link IMAGE_DEADLINE_MS}.
 */
export const ANSWER_DEADLINE_MS = 30_000;
/** The deadline of an illustration: the server's image provider has 60 s (IMAGE_TIMEOUT_MS). */
export const IMAGE_DEADLINE_MS = 75_000;

/** One call of {@link request}. */
export interface CallInit {
  /** POST (the default) sends `body` as JSON; GET sends nothing. */
  method?: 'GET' | 'POST' | undefined;
  body?: unknown;
  headers?: Readonly<Record<string, string>> | undefined;
  /** `no-cors`: only CORS-safelisted headers travel (the JSON goes as text/plain) and the answer is opaque. */
  mode?: 'cors' | 'no-cors' | undefined;
  signal?: AbortSignal | undefined;
  /** How long to wait for the whole answer ({@link ANSWER_DEADLINE_MS} by default). */
  deadlineMs?: number | undefined;
}

/**
 * The one fetch of every API call, and its one reading of failures as {@link ApiError}: an
 * unreachable server is `api.network`; a status that is not OK gets its key (keyForStatus), the
 * server's `errorMessage`, its field errors (`errors`, field → `common` key) and its Retry-After.
 * Resolves with the JSON answer (undefined when it is not JSON, or opaque under `no-cors`). An
 * aborted call rethrows the abort; a server that has not answered whole by the deadline is
 * `api.timeout` (the server may have stored it: a delivery keeps its key for the next send).
 */
export async function request<T>(
  url: string,
  { method = 'POST', body, headers, mode, signal, deadlineMs = ANSWER_DEADLINE_MS }: CallInit = {},
): Promise<T> {
  const late = new AbortController();
  const timer = setTimeout(() => late.abort(), deadlineMs);
  const stop = () => late.abort();
  signal?.addEventListener('abort', stop);
  try {
    return await answerOf<T>(url, method, body, headers, mode, late.signal);
  } catch (cause) {
    if (signal?.aborted) throw signal.reason ?? cause;
    if (late.signal.aborted)
      throw new ApiError(
        'api.timeout',
        `${method} ${url} got no whole answer within ${deadlineMs / 1000} s; what was sent may have arrived.`,
      );
    throw cause;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

async function answerOf<T>(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  headers: CallInit['headers'],
  mode: CallInit['mode'],
  signal: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers:
        mode === 'no-cors'
          ? { 'Content-Type': 'text/plain;charset=UTF-8' }
          : { ...headers, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}), Accept: 'application/json' },
      ...(mode === 'no-cors' ? { mode } : {}),
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(
      'api.network',
      `${method} ${url} could not reach the server (${String(cause)}); check the connection and the api-base attribute.`,
    );
  }
  if (mode === 'no-cors') return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  // A body cut off by the deadline (or the caller) is no answer.
  signal.throwIfAborted();
  if (response.ok) return payload as T;
  const data = (payload ?? {}) as { errorMessage?: unknown; errors?: unknown };
  const serverMessage = typeof data.errorMessage === 'string' ? data.errorMessage : undefined;
  const fields = data.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : {};
  throw new ApiError(
    keyForStatus(response.status),
    `${method} ${url} answered ${response.status}: ${serverMessage ?? response.statusText}`,
    response.status,
    fields,
    {
      serverMessage,
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
    },
  );
}
