// @vitest-environment node
// Wall-clock times in the operator's time zone (packages/console/src/pages/zoned-time.ts), which
// need not be the browser's: the runner's zone plays no part in these answers.
import { describe, expect, it } from 'vitest';
import { daysAhead, daysToMonday, fromZoned, toZoned } from '@obra/console';

describe('zoned times', () => {
  it("read and write a datetime-local value on the operator's clock", () => {
    expect(fromZoned('2026-03-10T09:00', 'America/Bogota')).toBe('2026-03-10T14:00:00.000Z');
    expect(toZoned('2026-03-10T14:00:00Z', 'America/Bogota')).toBe('2026-03-10T09:00');
    expect(fromZoned('2026-03-10T09:00', 'Asia/Kolkata')).toBe('2026-03-10T03:30:00.000Z');
    expect(toZoned(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('2027-01-01T08:30');
    expect(fromZoned('10/03/2026 9:00', 'UTC')).toBeUndefined();
  });

  it('follow daylight saving: the offset of the day itself, and a skipped hour moves on', () => {
    expect(fromZoned('2026-01-15T09:00', 'Europe/Madrid')).toBe('2026-01-15T08:00:00.000Z');
    expect(fromZoned('2026-07-15T09:00', 'Europe/Madrid')).toBe('2026-07-15T07:00:00.000Z');
    // 29 March 2026, 02:00 → 03:00 in Madrid: 02:30 does not exist there.
    expect(fromZoned('2026-03-29T02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    expect(toZoned(fromZoned('2026-10-25T09:00', 'Europe/Madrid')!, 'Europe/Madrid')).toBe('2026-10-25T09:00');
  });

  it('count days on the zone’s calendar: tomorrow at 9 and the next Monday', () => {
    // 23:30 on Sunday 8 March in Bogotá is already Monday the 9th in Madrid.
    const now = new Date('2026-03-09T04:30:00Z');
    expect(daysAhead(now, 'America/Bogota', 1)).toBe('2026-03-09T09:00');
    expect(daysAhead(now, 'Europe/Madrid', 1)).toBe('2026-03-10T09:00');
    expect(daysToMonday(now, 'America/Bogota')).toBe(1);
    expect(daysToMonday(now, 'Europe/Madrid')).toBe(7);
    expect(daysAhead(new Date('2026-12-31T12:00:00Z'), 'UTC', 3, 8)).toBe('2027-01-03T08:00');
  });
});
