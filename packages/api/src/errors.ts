/** Translation keys (in the `api` catalogue) for what can go wrong on a call. */
export type ApiErrorKey = 'api.network' | 'api.server' | 'api.rateLimited' | 'api.invalid' | 'api.tooLarge' | 'api.unexpected';

/**
 * A failed call. `key` is what the widget shows (translated); `message` is for developers and
 * logs; `status` is the HTTP status when the server answered; `fields` holds the server's field
 * errors (field name → translation key) for a 400.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly key: ApiErrorKey;
  readonly status: number | undefined;
  readonly fields: Readonly<Record<string, string>>;
  /** The server's `errorMessage`, when it sent one. */
  declare readonly serverMessage?: string | undefined;
  /** How long the server asked to wait (Retry-After), in milliseconds. */
  declare readonly retryAfterMs?: number | undefined;
  constructor(
    key: ApiErrorKey,
    message: string,
    status?: number,
    fields: Readonly<Record<string, string>> = {},
    extra: { serverMessage?: string | undefined; retryAfterMs?: number | undefined } = {},
  ) {
    super(message);
    this.key = key;
    this.status = status;
    this.fields = fields;
    Object.assign(this, extra);
  }
}

/** The error key for an HTTP status that is not OK. */
export function keyForStatus(status: number): ApiErrorKey {
  if (status === 429) return 'api.rateLimited';
  if (status === 413) return 'api.tooLarge';
  if (status === 400 || status === 422) return 'api.invalid';
  if (status >= 500) return 'api.server';
  return 'api.unexpected';
}
