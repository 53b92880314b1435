import { describe, expect, it } from 'vitest';
import { endOfDayAfter } from './deadlines';

describe('endOfDayAfter', () => {
  it('is 23:59:59 on the wall clock of the zone, D days later', () => {
    // Monday 4 Aug 2025, 10:00 in New York (EDT, UTC−4) + 3 days → Thursday 23:59:59 EDT.
    const from = new Date('2025-08-04T14:00:00Z');
    expect(endOfDayAfter(from, 3, 'America/New_York').toISOString()).toBe('2025-08-08T03:59:59.000Z');
    expect(endOfDayAfter(from, 3, 'UTC').toISOString()).toBe('2025-08-07T23:59:59.000Z');
    expect(endOfDayAfter(from, 1, 'Asia/Kolkata').toISOString()).toBe('2025-08-05T18:29:59.000Z');
  });

  it('counts from the local date, not the UTC one', () => {
    // 22:00 on 4 Aug in New York is already 5 Aug in UTC.
    const late = new Date('2025-08-05T02:00:00Z');
    expect(endOfDayAfter(late, 1, 'America/New_York').toISOString()).toBe('2025-08-06T03:59:59.000Z');
  });

  it('lands on the right offset across a DST change', () => {
    // Friday 31 Oct 2025 in New York (EDT) + 3 days → Monday 3 Nov, after the switch to EST (UTC−5).
    const from = new Date('2025-10-31T16:00:00Z');
    expect(endOfDayAfter(from, 3, 'America/New_York').toISOString()).toBe('2025-11-04T04:59:59.000Z');
  });

  it('falls back to UTC for a zone Intl does not know', () => {
    const from = new Date('2025-08-04T14:00:00Z');
    expect(endOfDayAfter(from, 2, 'Mars/Olympus').toISOString()).toBe('2025-08-06T23:59:59.000Z');
  });
});
