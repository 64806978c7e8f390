/**
 * Spam signals a form may send beside its fields (the server strips them before validation):
 * `website`, a honeypot input hidden from people, must be empty; `elapsedMs`, the time from the
 * form being shown to being sent, must not be below the server's MIN_FILL_MS. A request that
 * fails either is answered as if accepted and not stored.
 */
export const SPAM_FIELDS = { honeypot: 'website', elapsed: 'elapsedMs' } as const;
