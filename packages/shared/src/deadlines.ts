/**
 * The last second (23:59:59) of the day `days` days after `from`, on the wall clock of `timeZone`:
 * an offer made on Monday with 3 days to answer runs to Thursday 23:59:59 where the event is. DST
 * is handled by asking Intl for the zone's offset at the moment found, twice.
 */
export function endOfDayAfter(from: Date, days: number, timeZone: string): Date {
  const local = wallClock(from, timeZone);
  const guess = Date.UTC(local.year, local.month - 1, local.day + days, 23, 59, 59);
  let at = guess - offsetAt(new Date(guess), timeZone);
  at = guess - offsetAt(new Date(at), timeZone);
  return new Date(at);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(at: Date, timeZone: string): WallClock {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
  } catch {
    // A zone name Intl does not know: UTC, rather than no deadline at all.
    return wallClock(at, 'UTC');
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
