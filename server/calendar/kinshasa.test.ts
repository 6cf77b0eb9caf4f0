import { describe, expect, it } from 'vitest';
import { kinshasaDate, kinshasaDateTime, monthStart, weekStart } from './kinshasa.ts';

describe('Kinshasa calendar (UTC+1, weeks from Monday)', () => {
  it('starts the week on Monday 00:00 Kinshasa time', () => {
    // Wednesday 4 March 2026, 11:00 in Kinshasa.
    expect(weekStart(new Date('2026-03-04T10:00:00Z')).toISOString()).toBe('2026-03-01T23:00:00.000Z');
    // Monday 00:00 in Kinshasa is still Sunday 23:00 UTC: already the new week.
    expect(weekStart(new Date('2026-03-01T23:00:00Z')).toISOString()).toBe('2026-03-01T23:00:00.000Z');
    // Sunday 23:59:59 in Kinshasa belongs to the week before.
    expect(weekStart(new Date('2026-03-01T22:59:59Z')).toISOString()).toBe('2026-02-22T23:00:00.000Z');
  });

  it('starts the month on the 1st 00:00 Kinshasa time, across years', () => {
    expect(monthStart(new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(monthStart(new Date('2025-12-31T23:30:00Z')).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(monthStart(new Date('2025-12-31T22:30:00Z')).toISOString()).toBe('2025-11-30T23:00:00.000Z');
  });

  it('writes dates as Kinshasa sees them', () => {
    expect(kinshasaDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(kinshasaDateTime(new Date('2026-01-10T09:05:00Z'))).toBe('2026-01-10 10:05');
  });
});
