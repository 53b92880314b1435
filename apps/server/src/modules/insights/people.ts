/**
 * Who applied: schools, majors, years, ages and the self-described answers of the submitted
 * applications that match the filters, counted in the database (the answers read from their
 * generated columns, schema/core.ts). Gender and race go through the minimum group size
 * (policies/insights.ts) before they leave.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  INSIGHTS_TOP_OTHERS,
  INSIGHTS_TOP_SCHOOLS,
  type Bucket,
  type Demographics,
  type InsightsFilters,
} from '@lanyard/shared/insights';
import { GENDERS, GENDER_LABELS, RACES, RACE_LABELS } from '@lanyard/shared/questions/options';
import { mergeSmallGroups, OTHER_LABEL, type Group } from '../../policies/insights';
import { applicationsWhere, rows, type InsightsContext } from './common';

export const NOT_GIVEN = 'Not given';
export const OTHERS = 'Others';

/** The age bands' lower bounds in years, and their labels; the first band is the under-18 filter's. */
const AGE_BANDS: [label: string, key: string | null, from: number][] = [
  ['Under 18', 'true', 0],
  ['18–20', null, 18],
  ['21–24', null, 21],
  ['25–29', null, 25],
  ['30 or older', null, 30],
];

type Tuple = {
  level: boolean;
  age: number | null;
  gender: string | null;
  race: string | null;
  grad: string | null;
  first_time: string | null;
  n: number;
};
type ValueCount = { value: string | null; n: number };

/**
 * A birthday as yyyymmdd, compared with the event's first day `years` back: the same rule as the
 * list's under-18 filter (born after that day: under that age), in integer arithmetic, since
 * make_date and age() on 50,000 rows cost more than the rest of the panel.
 */
function ageBand(eventStartDate: string) {
  const [y, m, d] = eventStartDate.split('-').map(Number) as [number, number, number];
  const cutoff = (years: number) => (y - years) * 10000 + m * 100 + d;
  const birth = sql`(applications.birth_year::int * 10000 + applications.birth_month::int * 100
                     + applications.birth_day::int)`;
  const bands = AGE_BANDS.slice(1)
    .map(([, , from], i) => sql`when ${birth} > ${sql.raw(String(cutoff(from)))} then ${sql.raw(String(i))}`)
    .reduce((a, b) => sql`${a} ${b}`);
  return sql`case when applications.birth_year is null or applications.birth_month is null
                       or applications.birth_day is null then null
                  ${bands} else ${sql.raw(String(AGE_BANDS.length - 1))} end`;
}

/**
 * GET /insights/demographics. The short lists (level, age, gender, race, year, first hackathon)
 * are counted together in one group per combination, a few thousand at most, and added up here;
 * schools, majors and "how did you hear", long lists each, are counted apart, all four at once.
 */
export async function demographics(ctx: InsightsContext, f: InsightsFilters): Promise<Demographics> {
  const { db } = ctx;
  const where = applicationsWhere(ctx, f);
  const valuesOf = (column: SQL) =>
    rows<ValueCount>(
      db,
      sql`select ${column} as value, count(*)::int as n from applications where ${where} group by 1`,
    );
  const [tuples, schools, majors, heard] = await Promise.all([
    rows<Tuple>(
      db,
      sql`select applications.is_high_school as level, ${ageBand(ctx.config.event.startDate)} as age,
                 applications.answer_gender as gender, applications.answer_race as race,
                 applications.answer_graduation_year as grad,
                 applications.answer_first_hackathon as first_time, count(*)::int as n
            from applications where ${where} group by 1, 2, 3, 4, 5, 6`,
    ),
    valuesOf(sql`applications.school`),
    valuesOf(sql`applications.major`),
    valuesOf(sql`applications.answer_heard`),
  ]);

  const tally = <K extends keyof Tuple>(
    key: K,
    as: (v: Tuple[K]) => string | null = (v) => v as string | null,
  ) => {
    const out = new Map<string | null, number>();
    for (const t of tuples) {
      const value = as(t[key]);
      out.set(value, (out.get(value) ?? 0) + Number(t.n));
    }
    return out;
  };
  const total = tuples.reduce((sum, t) => sum + Number(t.n), 0);
  const levels = tally('level', (v) => String(v));
  const firstTime = tally('first_time', firstHackathon);
  return {
    total,
    schools: top(pairs(schools), INSIGHTS_TOP_SCHOOLS, true),
    majors: top(pairs(majors), INSIGHTS_TOP_OTHERS, true),
    graduation_years: graduationYears(tally('grad', yearOf)),
    levels: [
      { label: 'High school', count: levels.get('true') ?? 0, key: 'true' },
      { label: 'College', count: levels.get('false') ?? 0, key: 'false' },
    ],
    ages: ages(tally('age', (v) => (v === null ? null : String(v)))),
    genders: mergeSmallGroups(labelled(tally('gender'), GENDERS, GENDER_LABELS)),
    races: mergeSmallGroups(labelled(tally('race'), RACES, RACE_LABELS)),
    heard: top(foldCase(pairs(heard)), INSIGHTS_TOP_OTHERS, false),
    first_time: [...firstTime.keys()].some((k) => k !== null)
      ? [
          { label: 'First hackathon', count: firstTime.get('yes') ?? 0, key: null },
          { label: 'Been before', count: firstTime.get('no') ?? 0, key: null },
          { label: NOT_GIVEN, count: (firstTime.get(null) ?? 0) + (firstTime.get('?') ?? 0), key: null },
        ].filter((b) => b.count > 0)
      : null,
  };
}

function pairs(list: readonly ValueCount[]): Map<string | null, number> {
  return new Map(list.map((r) => [r.value, Number(r.n)]));
}

/** A graduation year as its four digits when it has them ("May 2027"), else 'other'; null unanswered. */
function yearOf(answer: string | null): string | null {
  if (answer === null) return null;
  return /(?:19|20)\d{2}/.exec(answer)?.[0] ?? 'other';
}

/** Yes, no, or '?' for an answer that is neither; null unanswered. */
function firstHackathon(answer: string | null): string | null {
  if (answer === null) return null;
  const a = answer.toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(a)) return 'yes';
  if (['false', 'no', 'n', '0'].includes(a)) return 'no';
  return '?';
}

/**
 * The `limit` largest values, then one "Others" bucket for the rest. Blank answers are not a value.
 * `keyed`: the value is what the Applications list filters by (school, major).
 */
function top(counts: Map<string | null, number>, limit: number, keyed: boolean): Bucket[] {
  const named = [...counts]
    .filter((e): e is [string, number] => e[0] !== null && e[0].trim() !== '')
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const out: Bucket[] = named
    .slice(0, limit)
    .map(([label, count]) => ({ label, count, key: keyed ? label : null }));
  const rest = named.slice(limit).reduce((sum, [, n]) => sum + n, 0);
  if (rest > 0) out.push({ label: OTHERS, count: rest, key: null });
  return out;
}

/** Free text grouped case-insensitively, under its most common spelling. */
function foldCase(counts: Map<string | null, number>): Map<string | null, number> {
  const groups = new Map<string, { total: number; label: string; best: number }>();
  for (const [text, n] of counts) {
    if (text === null) continue;
    const key = text.toLowerCase();
    const g = groups.get(key);
    if (!g) groups.set(key, { total: n, label: text, best: n });
    else {
      g.total += n;
      if (n > g.best || (n === g.best && text < g.label)) Object.assign(g, { label: text, best: n });
    }
  }
  return new Map([...groups.values()].map((g) => [g.label, g.total]));
}

function graduationYears(counts: Map<string | null, number>): Bucket[] {
  const years = [...counts]
    .filter((e): e is [string, number] => e[0] !== null && /^\d{4}$/.test(e[0]))
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([label, count]) => ({ label, count, key: null }));
  const extra: Bucket[] = [
    { label: OTHER_LABEL, count: counts.get('other') ?? 0, key: null },
    { label: NOT_GIVEN, count: counts.get(null) ?? 0, key: null },
  ];
  return [...years, ...extra.filter((b) => b.count > 0)];
}

function ages(counts: Map<string | null, number>): Bucket[] {
  const out: Bucket[] = AGE_BANDS.map(([label, key], i) => ({
    label,
    count: counts.get(String(i)) ?? 0,
    key,
  }));
  const unknown = counts.get(null) ?? 0;
  if (unknown > 0) out.push({ label: 'Unknown', count: unknown, key: null });
  return out;
}

/** A choice's stored values as their labels, in the question's order; values it does not offer are "Other". */
function labelled<V extends string>(
  counts: Map<string | null, number>,
  values: readonly V[],
  labels: Record<V, string>,
): Group[] {
  const out = new Map<string, number>();
  for (const v of values) out.set(labels[v], 0);
  for (const [value, n] of counts) {
    const label =
      value === null
        ? NOT_GIVEN
        : (values as readonly string[]).includes(value)
          ? labels[value as V]
          : OTHER_LABEL;
    out.set(label, (out.get(label) ?? 0) + n);
  }
  return [...out].map(([label, count]) => ({ label, count }));
}
