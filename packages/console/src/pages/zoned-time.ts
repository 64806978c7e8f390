// Wall-clock times in the operator's time zone, which need not be the browser's: what a
// datetime-local field shows and means, and the dates of "tomorrow at 9:00". Intl knows the
// zones' rules (daylight saving included); no time zone library.

const two = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of `at` in `zone`. */
function partsIn(at: Date, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far `zone`'s clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, zone: string): number {
  const p = partsIn(new Date(at), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** `at` as a datetime-local value ("2026-03-10T09:00") on `zone`'s clock. */
export function toZoned(at: Date | string, zone: string): string {
  const p = partsIn(new Date(at), zone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The instant (ISO, UTC) a datetime-local value means on `zone`'s clock; undefined when it is not
 * one. A time skipped by a clock change resolves to the hour after.
 */
export function fromZoned(value: string, zone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return undefined;
  // The offset where the wall time falls, found from a first guess (right but for the hours around a change).
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone)).toISOString();
}

/** The datetime-local value of `days` days after `now`'s date on `zone`'s clock, at `hour`:00. */
export function daysAhead(now: Date, zone: string, days: number, hour = 9): string {
  const p = partsIn(now, zone);
  const date = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(hour)}:00`;
}

/** Days from `now`'s date on `zone`'s clock to the next Monday (1 to 7). */
export function daysToMonday(now: Date, zone: string): number {
  const p = partsIn(now, zone);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return (8 - weekday) % 7 || 7;
}
