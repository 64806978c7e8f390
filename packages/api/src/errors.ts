/**
 * Translation keys (in the `api` catalogue) for what can go wrong on a call; the last two are
 * about the embedding page, never shown to visitors (see {@link attributionProblem}).
 */
export type ApiErrorKey =
  | 'api.network'
  | 'api.timeout'
  | 'api.server'
  | 'api.rateLimited'
  | 'api.invalid'
  | 'api.tooLarge'
  | 'api.unexpected'
  | 'api.originNotApproved'
  | 'api.partnerNotVerified';

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

/**
 * What the answer to a stored lead tells the embedding page (docs/partners/sites.md): its site is
 * not approved yet (`site: 'unapproved'`), or the partner code it sent does not count from this
 * site (`partner: 'unverified'`). The lead reached Obra either way, so the visitor is told it was
 * sent; the page gets an `obra-error` with this error's key and message. Undefined for a lead that
 * counts as sent.
 */
export function attributionProblem(answer: unknown): ApiError | undefined {
  const { site, partner } = (answer ?? {}) as { site?: unknown; partner?: unknown };
  const here = typeof location === 'object' ? location.origin : 'This site';
  const stored = "The submission reached Obra's team";
  if (site === 'unapproved')
    return new ApiError(
      'api.originNotApproved',
      `${here} is not approved by Obra yet. ${stored}, but counts for no partner: ask Obra to approve this site.`,
    );
  if (partner === 'unverified')
    return new ApiError(
      'api.partnerNotVerified',
      `The partner code does not count from ${here}: it is not one of that partner's approved sites. ${stored} without it.`,
    );
  return undefined;
}
