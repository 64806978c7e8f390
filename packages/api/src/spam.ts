/** The longest fill time a form reports (a day): longer says nothing more about a person. */
const MAX_FILL_MS = 86_400_000;

/**
 * The spam signals of a form as request headers (docs/operators/api.md#spam): how long the form was open
 * before the send, and the hidden honeypot input's value when it is not empty (people leave it so).
 */
export function spamHeaders(startedAt: number, trap: string, now = Date.now()): Record<string, string> {
  // At most a day: a form restored from a draft counts as open since the epoch (startedAt 0).
  const elapsed = Math.min(MAX_FILL_MS, Math.max(0, Math.round(now - startedAt)));
  return { 'Obra-Fill-Ms': String(elapsed), ...(trap ? { 'Obra-Trap': trap.slice(0, 200) } : {}) };
}
