/**
 * Spam signals a form sends beside its fields: `website`, a honeypot input hidden from people,
 * must be empty; `elapsedMs`, the time from the form being shown to being sent, must not be below
 * the server's MIN_FILL_MS. The server STORES a submission that fails either with the reason
 * (shown to operators as spam, never mailed) and answers it exactly as a real one.
 */
export const SPAM_FIELDS = { honeypot: 'website', elapsed: 'elapsedMs' } as const;

/** The same signals as request headers (lower case), so each body keeps its exact wire shape. */
export const SPAM_HEADERS = { honeypot: 'obra-trap', elapsed: 'obra-fill-ms' } as const;
