/** Pure date rules both sides need (spec §5). */

export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Day 1-31, month 1-12, year 1900..current year, and a date that exists. */
export function isValidBirthday(year: number, month: number, day: number, now = new Date()): boolean {
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  if (year < 1900 || year > now.getUTCFullYear()) return false;
  return isRealDate(year, month, day);
}

/** Age in whole years on a YYYY-MM-DD day: the birthday counts once it has been reached. */
export function ageOn(onIsoDate: string, year: number, month: number, day: number): number {
  const [y, m, d] = onIsoDate.split('-').map(Number) as [number, number, number];
  let age = y - year;
  if (m < month || (m === month && d < day)) age -= 1;
  return age;
}

export function isUnder18On(onIsoDate: string, year: number, month: number, day: number): boolean {
  return ageOn(onIsoDate, year, month, day) < 18;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A birth month as 1-12, a month name or an abbreviation (spec §5); undefined when unreadable. */
export function parseBirthMonth(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim().toLowerCase().replace(/\.$/, '');
  if (!text) return undefined;
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 12 ? n : undefined;
  }
  if (text.length < 3) return undefined;
  const index = MONTHS.findIndex((m) => m.startsWith(text));
  return index === -1 ? undefined : index + 1;
}

/** Counts words as the form's counters do: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** month/day/year, or "Not provided" when any part is missing (spec §2 View application). */
export function formatBirthDate(month?: number | null, day?: number | null, year?: number | null): string {
  if (!month || !day || !year) return 'Not provided';
  return `${month}/${day}/${year}`;
}
