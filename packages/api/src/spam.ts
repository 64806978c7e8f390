/**
 * The spam signals of a form as request headers (README, "Spam"): how long the form was open
 * before the send, and the hidden honeypot input's value when it is not empty (people leave it so).
 */
export function spamHeaders(startedAt: number, trap: string, now = Date.now()): Record<string, string> {
  return { 'Obra-Fill-Ms': String(Math.max(0, Math.round(now - startedAt))), ...(trap ? { 'Obra-Trap': trap.slice(0, 200) } : {}) };
}
