import { HttpError } from '../http/errors.ts';
import type { Handler } from './types.ts';

/**
 * GET /api/health: 200 `{status: 'ok'}` when the database answers, 503 when it does not (for load
 * balancers). Nothing more: the database kind, the uptime (when it last restarted, so when it was
 * patched) and sizes are for the log, not for anyone who asks.
 */
export const health: Handler = async ({ db, log }) => {
  try {
    await db.query('select 1');
  } catch (error) {
    // The reason goes to the log, not to whoever asks (it can name hosts, users and paths).
    log.error('health check: the database does not answer', { error });
    throw new HttpError(503, { key: 'database' });
  }
  return {
    status: 200,
    body: { status: 'ok' },
    headers: { 'Cache-Control': 'no-store' },
  };
};
