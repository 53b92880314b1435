/**
 * What to order and arrange for the people coming: shirts, food, accommodations, visas, counted
 * over the accepted (or confirmed) applications in one pass. Dietary answers are grouped by their
 * text in the database and each distinct text is read once (dietary.ts).
 */
import { sql } from 'drizzle-orm';
import { SHIRT_SIZES } from '@lanyard/shared/constants';
import {
  DIETARY_GROUPS,
  type Bucket,
  type DietaryGroup,
  type Logistics,
  type LogisticsScope,
} from '@lanyard/shared/insights';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { DIETARY_LABELS, readDietary } from './dietary';
import { roleIn, rolesOf, rows, type InsightsContext } from './common';
import { NOT_GIVEN } from './people';

/** The caterer reads at most this many unrecognised answers (the most common first). */
const MAX_DIETARY_OTHER = 100;

type Row = { diet: string | null; spelling: string | null; n: number } & Record<string, unknown>;

/**
 * The people a scope counts. Confirmed is the database's lanyard_confirmed_attendee (migration
 * 0009, the twin of policies/rsvp.ts); the status test stays beside it so the role and status
 * index finds the accepted.
 */
function scopeWhere(scope: LogisticsScope) {
  return scope === 'confirmed'
    ? sql`applications.status = 'accepted'
          and lanyard_confirmed_attendee(applications.status, applications.rsvp_status)`
    : sql`applications.status = 'accepted'`;
}

/** GET /insights/logistics. */
export async function logistics(
  ctx: InsightsContext,
  q: { role?: ApplicantRole[] | undefined; scope: LogisticsScope },
): Promise<Logistics> {
  // One pass: grouped by dietary answer (in any case, under one of its spellings), the other
  // answers counted in each group and added up here over the groups, a few hundred at most.
  const groups = await rows<Row>(
    ctx.db,
    sql`select lower(applications.answer_dietary) as diet, min(applications.answer_dietary) as spelling,
               count(*)::int as n,
               ${sql.join(
                 SHIRT_SIZES.map(
                   (size) =>
                     sql`count(*) filter (where applications.shirt_size = ${size})::int as ${sql.identifier(`shirt_${size}`)}`,
                 ),
                 sql`, `,
               )},
               count(*) filter (where applications.answer_needs_accommodation = 'true')::int as accommodation_yes,
               count(*) filter (where applications.answer_needs_accommodation = 'false')::int as accommodation_no,
               count(*) filter (where applications.answer_needs_visa = 'true')::int as visa_yes,
               count(*) filter (where applications.answer_needs_visa = 'false')::int as visa_no
          from applications
         where ${roleIn(sql`applications.role`, rolesOf(q))} and ${scopeWhere(q.scope)}
         group by 1`,
  );
  const sum = (column: string) => groups.reduce((total, g) => total + Number(g[column] ?? 0), 0);
  const total = sum('n');
  const dietary = readAnswers(groups);
  const shirts: Bucket[] = SHIRT_SIZES.map((size) => ({
    label: size.toUpperCase(),
    count: sum(`shirt_${size}`),
    key: null,
  }));
  const sized = shirts.reduce((n, b) => n + b.count, 0);
  if (total > sized) shirts.push({ label: NOT_GIVEN, count: total - sized, key: null });
  return {
    scope: q.scope,
    total,
    shirts,
    dietary: dietary.buckets,
    dietary_other: dietary.other,
    accommodations: yesNo(total, sum('accommodation_yes'), sum('accommodation_no'), 'Needs accommodations'),
    visa: yesNo(total, sum('visa_yes'), sum('visa_no'), 'Needs a visa'),
  };
}

function yesNo(total: number, yes: number, no: number, yesLabel: string): Bucket[] {
  const out: Bucket[] = [
    { label: yesLabel, count: yes, key: null },
    { label: 'No', count: no, key: null },
  ];
  if (total > yes + no) out.push({ label: 'Not answered', count: total - yes - no, key: null });
  return out;
}

/** Needs per group (one person may count in several), then "Other needs", then "None". */
function readAnswers(answers: Row[]): { buckets: Bucket[]; other: Logistics['dietary_other'] } {
  const perGroup = new Map<DietaryGroup, number>();
  let otherPeople = 0;
  let none = 0;
  const other: Logistics['dietary_other'] = [];
  for (const row of answers) {
    const n = Number(row.n);
    const reading = readDietary(row.diet);
    if (reading.none) none += n;
    for (const group of reading.groups) perGroup.set(group, (perGroup.get(group) ?? 0) + n);
    if (reading.other) {
      otherPeople += n;
      other.push({ text: row.spelling ?? row.diet ?? '', count: n });
    }
  }
  const buckets: Bucket[] = DIETARY_GROUPS.filter((g) => (perGroup.get(g) ?? 0) > 0).map((g) => ({
    label: DIETARY_LABELS[g],
    count: perGroup.get(g)!,
    key: g,
  }));
  if (otherPeople > 0) buckets.push({ label: 'Other needs', count: otherPeople, key: null });
  if (none > 0) buckets.push({ label: 'None', count: none, key: null });
  other.sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
  return { buckets, other: other.slice(0, MAX_DIETARY_OTHER) };
}
