/**
 * What every Insights panel shares: the request's context (settings, filters, the event's time
 * zone and today there), days counted in that zone, and the role filter where applications are not
 * the table counted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { APPLICANT_ROLES, type ApplicantRole } from '@lanyard/shared/constants';
import type { InsightsFilters } from '@lanyard/shared/insights';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { scoreRulesOf } from '../../db/review-scores';
import {
  readSettingsCached,
  reviewSettingsOf,
  type SettingsCache,
  type SettingsRow,
} from '../../db/settings';
import { applicationFilters, type FilterContext } from '../admin-applications/filters';
import type { QuestionsCache } from '../custom-questions/store';

/** A chart over a longer season shows its last this many days (the totals still count every day). */
export const MAX_DAYS = 400;

export interface InsightsDeps {
  db: Db;
  config: AppConfig;
  cache?: SettingsCache & QuestionsCache;
}

export interface InsightsContext {
  db: Db;
  config: AppConfig;
  settings: SettingsRow;
  /** The read cache the settings came from; the custom questions come from it too. */
  cache?: QuestionsCache | undefined;
  filter: FilterContext;
  timeZone: string;
  now: Date;
  /** Today in the event's time zone (YYYY-MM-DD). */
  today: string;
}

export async function insightsContext(deps: InsightsDeps, now = new Date()): Promise<InsightsContext> {
  const settings = (await readSettingsCached(deps.db, deps.cache)).row;
  const timeZone = deps.config.event.timeZone;
  return {
    db: deps.db,
    config: deps.config,
    settings,
    cache: deps.cache,
    // Only k is read from the rules here (the review states); no filter of the tab reads scores.
    filter: {
      eventStartDate: deps.config.event.startDate,
      rules: scoreRulesOf(reviewSettingsOf(settings)),
    },
    timeZone,
    now,
    today: dayIn(now, timeZone),
  };
}

/** The roles a filter picks: both when it picks none. */
export function rolesOf(f: { role?: ApplicantRole[] | undefined }): ApplicantRole[] {
  return f.role?.length ? f.role : [...APPLICANT_ROLES];
}

/**
 * The Applications list's own WHERE clause for the tab's filters ("pending" finds "submitted").
 * Without filters there is no condition at all, so the planner may count from the smallest index
 * that holds the column (a school's own index rather than the wide insights one).
 */
export function applicationsWhere(ctx: InsightsContext, f: InsightsFilters): SQL {
  return applicationFilters({ role: f.role, status: f.status }, ctx.filter) ?? sql`true`;
}

/** `col in (roles)` for raw SQL, the roles written as a parameter array of the column's type. */
export function roleIn(column: SQL, roles: readonly ApplicantRole[], type = 'applicant_role'): SQL {
  return sql`${column} = any(${sql.param([...roles])}::${sql.raw(type)}[])`;
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<Record<string, unknown>>(query)).rows as T[];
}

/**
 * Rows counted per day in the event's time zone, as (date, n). `binned` counts per bin
 * (`${bin(timeZone, column)}` as b, count as n): converting 50,000 timestamps to a time zone costs tens
 * of milliseconds, converting the few thousand bins next to nothing.
 */
export function perDay(timeZone: string, binned: SQL): SQL {
  return sql`select to_char((x.b at time zone ${timeZone})::date, 'YYYY-MM-DD') as date, sum(x.n)::int as n
               from (${binned}) x group by 1`;
}

export const BIN_ORIGIN = sql.raw(`'2000-01-01T00:00:00Z'::timestamptz`);

const binWidths = new Map<string, SQL>();

/**
 * A timestamp's bin for `perDay`: an hour where the time zone's offsets are whole hours (no bin then
 * straddles a local midnight), else a quarter hour, which every zone's offset is a multiple of.
 */
export function bin(timeZone: string, column: SQL): SQL {
  let width = binWidths.get(timeZone);
  if (!width) {
    const year = new Date().getUTCFullYear();
    const whole = [0, 6].every(
      (month) => offsetMinutes(new Date(Date.UTC(year, month, 1)), timeZone) % 60 === 0,
    );
    width = sql.raw(`'${whole ? '1 hour' : '15 minutes'}'::interval`);
    binWidths.set(timeZone, width);
  }
  return sql`date_bin(${width}, ${column}, ${BIN_ORIGIN})`;
}

/** A time zone's offset from UTC at a moment, in minutes. */
function offsetMinutes(moment: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(moment);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - moment.getTime()) / 60_000);
}

/** The day (YYYY-MM-DD) a moment falls on in a time zone. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Every day from `first` to `last` inclusive, the last MAX_DAYS of them when there are more. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = last; day >= first && out.length < MAX_DAYS; day = addDays(day, -1)) out.push(day);
  return out.reverse();
}

/** Counts by day as a map, from `perDay` rows. */
export function byDay(list: readonly { date: string; n: number }[]): Map<string, number> {
  return new Map(list.map((r) => [r.date, Number(r.n)]));
}

/**
 * Running totals over `days`, counting what came before the first shown day too (a long season's
 * chart starts partway, its totals do not).
 */
export function cumulative<K extends string>(
  days: readonly string[],
  series: Record<K, Map<string, number>>,
): ({ date: string } & Record<K, number> & Record<`${K}_total`, number>)[] {
  const keys = Object.keys(series) as K[];
  const totals = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const first = days[0];
  if (first !== undefined) {
    for (const k of keys) {
      for (const [day, n] of series[k]) if (day < first) totals[k] += n;
    }
  }
  return days.map((date) => {
    const row: Record<string, number | string> = { date };
    for (const k of keys) {
      const n = series[k].get(date) ?? 0;
      totals[k] += n;
      row[k] = n;
      row[`${k}_total`] = totals[k];
    }
    return row as { date: string } & Record<K, number> & Record<`${K}_total`, number>;
  });
}

/** The first and last day any series has, or undefined when all are empty. */
export function spanOf(...series: Map<string, number>[]): { first: string; last: string } | undefined {
  let first: string | undefined;
  let last: string | undefined;
  for (const s of series) {
    for (const day of s.keys()) {
      if (first === undefined || day < first) first = day;
      if (last === undefined || day > last) last = day;
    }
  }
  return first !== undefined && last !== undefined ? { first, last } : undefined;
}

/** Percent of `whole`, one decimal; null when there is no whole to take a share of. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
