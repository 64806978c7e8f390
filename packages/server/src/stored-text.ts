// Database rows come back as `Record<string, unknown>`; what a person reads (a lead's fields, a CSV
// cell, a log key) needs their text, and an object must never become "[object Object]".

/** A stored value as text: '' for null or undefined, dates as ISO 8601, objects (JSON columns) as JSON. */
export function storedText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? '';
}
