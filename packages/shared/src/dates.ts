/** Pure date rules both sides need, so the form and the server agree. */
import { z } from 'zod';

/**
 * The one range of dates the API takes in a request (list and export filters, deadlines): the years
 * 2000 to 2100, inclusive. Nothing a hackathon portal does needs a date outside it, while the
 * extremes the wire formats allow (year 0000, 9999-12-31 plus a day) are beyond what the database
 * driver sends, so an unbounded date became a 500, or a CSV export that stopped after its header.
 * Date-times are bounded by their instant (UTC). The web app's date inputs use the same bounds.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
export const DATE_RANGE_MESSAGE = `Use a date between ${DATE_MIN} and ${DATE_MAX}`;
const FIRST_INSTANT = Date.UTC(2000, 0, 1);
const END_INSTANT = Date.UTC(2101, 0, 1);

/** Why a YYYY-MM-DD text is not a day the API takes, or undefined when it is one. */
export function isoDateProblem(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'Use YYYY-MM-DD';
  // Fixed-width text compares like the dates it writes.
  if (value < DATE_MIN || value > DATE_MAX) return DATE_RANGE_MESSAGE;
  if (!isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return 'Not a real date';
  return undefined;
}

/** A day as YYYY-MM-DD that exists and lies in the range above. */
export const isoDateSchema = z.string().superRefine((value, ctx) => {
  const problem = isoDateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An ISO 8601 date-time with a Z or an offset, whose instant lies in the range above. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true }).superRefine((value, ctx) => {
  // NaN (a text the format check refused) fails too; the format's message comes first.
  const at = Date.parse(value);
  if (!(at >= FIRST_INSTANT && at < END_INSTANT))
    ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
});

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

/** A birth month as 1-12, a month name or an abbreviation, as the check-in CSV allows; undefined when unreadable. */
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

/** month/day/year, or "Not provided" when any part is missing (the read-only application view). */
export function formatBirthDate(month?: number | null, day?: number | null, year?: number | null): string {
  if (!month || !day || !year) return 'Not provided';
  return `${month}/${day}/${year}`;
}
