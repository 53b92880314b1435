import { ageOn } from '@lanyard/shared/dates';
import { columnOf, QUESTION_LIST, type AnswerColumn, type Question } from '@lanyard/shared/questions';
import { getTableColumns } from 'drizzle-orm';
import { applications } from '../../db/schema/index';
import type { CsvColumn, CsvValue } from '../../lib/csv';

type Stored = typeof applications.$inferSelect;

/** The columns derived from others for the indexes and Insights, which the CSV never writes. */
export type ApplicationDerived = Pick<
  Stored,
  'searchText' | Exclude<Extract<keyof Stored, `answer${string}`>, 'answers'>
>;

/**
 * What the rest of the record holds that no column writes: review counters, decision and RSVP
 * times, consent. Left in the database, so PostgreSQL does not turn them into text and the server
 * does not parse them (seven are timestamps, each a Date to make), 50,000 times a column.
 */
const NOT_WRITTEN = [
  'userId',
  'decidedAt',
  'decisionNotifiedStatus',
  'rsvpAt',
  'celebratedStatus',
  'celebratedDecidedAt',
  'reviewCount',
  'reviewDisputed',
  'reviewFlagged',
  'reviewScoreRaw',
  'reviewComplete',
  'rsvpDueAt',
  'rsvpExpiredAt',
  'startedAt',
  'sponsorConsent',
  'sponsorConsentAt',
] as const satisfies readonly (keyof Stored)[];
type NotWritten = (typeof NOT_WRITTEN)[number];

/** What the export reads of an application: what its columns write, nothing derived or unwritten. */
export type Application = Omit<Stored, keyof ApplicationDerived | NotWritten>;

/** The columns to select for an Application. */
export const EXPORTED_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(applications)).filter(
    ([key]) =>
      key !== 'searchText' && !/^answer[A-Z]/.test(key) && !(NOT_WRITTEN as readonly string[]).includes(key),
  ),
) as Omit<ReturnType<typeof getTableColumns<typeof applications>>, keyof ApplicationDerived | NotWritten>;

/** One application as the export writes it, with the event's first day for the age column. */
export interface ApplicationCsvRow {
  application: Application;
  eventStart: string;
}

type Column = CsvColumn<ApplicationCsvRow>;
type Placed = Column & { order: number };

const field = (order: number, header: string, value: (a: Application) => CsvValue): Placed => ({
  order,
  header,
  value: (r) => value(r.application),
});

function birthDate(a: Application): string {
  return a.birthYear && a.birthMonth && a.birthDay
    ? `${a.birthYear}-${String(a.birthMonth).padStart(2, '0')}-${String(a.birthDay).padStart(2, '0')}`
    : '';
}

/** A question's cell, read the way its catalogue entry says. */
function answerCell(q: Question, a: Application): CsvValue {
  // The birthday's parts are one cell, a date.
  if (q.type === 'birth-part') return birthDate(a);
  const answers = a.answers as Record<string, unknown>;
  const column: AnswerColumn | undefined = q.csv?.from === 'answers' ? undefined : columnOf(q.column, a.role);
  const value = column ? a[column] : answers[q.key];
  if (q.other && value === q.other.value) return `other: ${String(answers[q.other.key] ?? '')}`;
  return value as CsvValue;
}

/** The columns that are not answers to a question: the record's own, and what is worked out from it. */
const RECORD_COLUMNS: readonly Placed[] = [
  field(1, 'id', (a) => a.id),
  field(2, 'role', (a) => a.role),
  field(3, 'status', (a) => a.status),
  field(6, 'email', (a) => a.email),
  {
    order: 14,
    header: 'age_on_event_day',
    value: ({ application: a, eventStart }) =>
      birthDate(a) ? ageOn(eventStart, a.birthYear!, a.birthMonth!, a.birthDay!) : '',
  },
  field(44, 'access_code_used', (a) => a.accessCodeUsed),
  field(45, 'resume', (a) => (a.resumeUploadId ? 'yes' : 'no')),
  field(46, 'rsvp_status', (a) => a.rsvpStatus ?? 'no_response'),
  field(47, 'preferred_name', (a) => a.preferredName),
  field(48, 'school_name', (a) => a.schoolName),
  field(49, 'pronoun', (a) => a.pronoun),
  field(50, 'linkedin_url', (a) => a.linkedinUrl),
  field(51, 'github_url', (a) => a.githubUrl),
  field(52, 'liability_waiver_accepted', (a) => a.liabilityWaiverAccepted),
  field(53, 'photo_clearance_accepted', (a) => a.photoClearanceAccepted),
  field(54, 'photo_sharing_opt_out', (a) => a.photoSharingOptOut),
  field(55, 'submitted_at', (a) => a.submittedAt),
  field(56, 'updated_at', (a) => a.updatedAt),
];

/** Every question of the catalogue that has a CSV column, where its entry places it. */
const QUESTION_COLUMNS: readonly Placed[] = QUESTION_LIST.flatMap((q) =>
  q.csv ? [field(q.csv.order, q.csv.header, (a) => answerCell(q, a))] : [],
);

function inOrder(columns: readonly Placed[]): Column[] {
  const sorted = [...columns].sort((x, y) => x.order - y.order);
  for (const [i, c] of sorted.entries()) {
    // Two columns at one place would come out in whichever order the sort left them.
    if (i && sorted[i - 1]!.order === c.order)
      throw new Error(`CSV columns ${sorted[i - 1]!.header} and ${c.header} share the place ${c.order}`);
  }
  return sorted.map(({ header, value }) => ({ header, value }));
}

/** The applications export, column by column, in the order the file has them. */
export const APPLICATION_COLUMNS: readonly Column[] = inOrder([...RECORD_COLUMNS, ...QUESTION_COLUMNS]);
