/**
 * Review at scale: what a reviewer may see of an application (blind review), which applications
 * they may review, how their scores are checked against the rubric, and when a review can no longer
 * change. Pure functions; modules/review runs the queries around them.
 */
import type { ApplicantRole } from '@lanyard/shared/constants';
import { ageOn, countWords } from '@lanyard/shared/dates';
import { adminAnswerSections, QUESTION_LIST, storedKey } from '@lanyard/shared/questions';
import {
  BLIND_FIELD_QUESTIONS,
  REVIEW_NEVER_SHOWN,
  type BlindField,
  type ReviewAnswer,
  type ReviewApplication,
  type RubricCriterion,
} from '@lanyard/shared/review';
import { decisionsReleased, type ReleaseFlags } from './decisions';

/** The columns of an application row the reviewer's view is made from. */
export interface ReviewSource {
  id: string;
  userId: string;
  role: ApplicantRole;
  email: string;
  submittedAt: Date;
  answers: unknown;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  resumeUploadId: string | null;
}

export interface BlindOptions {
  hidden: readonly BlindField[];
  /** The event's first day (YYYY-MM-DD), for the age. */
  eventStart: string;
}

/** Where a reviewer fetches the resume of an application they hold or reviewed (modules/review). */
export function reviewResumePath(applicationId: string): string {
  return `/api/review/${applicationId}/resume`;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The question keys a reviewer does not see: a set of hidden groups, and the logistics never shown. */
export function hiddenQuestionKeys(hidden: readonly BlindField[]): Set<string> {
  return new Set([...REVIEW_NEVER_SHOWN, ...hidden.flatMap((group) => BLIND_FIELD_QUESTIONS[group])]);
}

/**
 * The application as a reviewer may see it. Hidden answers are removed before anything is
 * formatted, and only rows of known, visible catalogue questions are kept: an answer the catalogue
 * does not know (an old field, an import's extra column) could name the applicant, so it is never
 * shown rather than shown under a guessed label.
 */
export function reviewApplicationView(app: ReviewSource, opts: BlindOptions): ReviewApplication {
  const hidden = new Set(opts.hidden);
  const hiddenKeys = hiddenQuestionKeys(opts.hidden);
  const stored = asRecord(app.answers);
  const hiddenStored = new Set(
    QUESTION_LIST.filter((q) => hiddenKeys.has(q.key)).map((q) => storedKey(q, stored)),
  );
  const answers = Object.fromEntries(
    Object.entries(stored).filter(([key]) => !hiddenKeys.has(key) && !hiddenStored.has(key)),
  );
  const shown = new Set(
    QUESTION_LIST.filter((q) => !hiddenKeys.has(q.key) && q.type !== 'consent').map(
      (q) => q.rowKey ?? storedKey(q, answers),
    ),
  );

  const { essays, fields } = adminAnswerSections(app.role, answers);
  const out: ReviewAnswer[] = essays
    .filter((item) => shown.has(item.key))
    .map((item) => {
      const raw = answers[item.key];
      return { key: item.key, label: item.label, value: item.value, words: countWords(asText(raw)) };
    });
  // The account's address is not an answer (the form shows it read-only): it comes from the row.
  if (!hidden.has('email')) out.push({ key: 'email', label: 'Email', value: app.email, words: null });
  for (const item of fields) {
    if (shown.has(item.key)) out.push({ key: item.key, label: item.label, value: item.value, words: null });
  }

  const { birthYear: y, birthMonth: m, birthDay: d } = app;
  return {
    id: app.id,
    role: app.role,
    submitted_at: app.submittedAt.toISOString(),
    answers: out,
    resume_url: !hidden.has('resume') && app.resumeUploadId ? reviewResumePath(app.id) : null,
    age: !hidden.has('age') && y && m && d ? ageOn(opts.eventStart, y, m, d) : null,
  };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Is this the reviewer's own application? Their account's, or one sent from their address. */
export function isOwnApplication(
  reviewer: { id: string; email: string },
  application: { userId: string; email: string },
): boolean {
  return (
    application.userId === reviewer.id ||
    application.email.trim().toLowerCase() === reviewer.email.trim().toLowerCase()
  );
}

/** A review can change until decisions are released for the application's role. */
export function reviewEditable(flags: ReleaseFlags, role: ApplicantRole): boolean {
  return !decisionsReleased(flags, role);
}

/** How many reviews an application needs: k, and one more while its reviews disagree. */
export function reviewsNeeded(k: number, disputed: boolean): number {
  return k + (disputed ? 1 : 0);
}

const quoted = (name: string) => `“${name}”`;

/**
 * What is wrong with a set of scores for a role's rubric, in words for the reviewer, or null when
 * every criterion has a whole score within its scale and nothing else is scored.
 */
export function scoresProblem(
  criteria: readonly RubricCriterion[],
  scores: Readonly<Record<string, number>>,
  role: ApplicantRole,
): string | null {
  const ids = new Set(criteria.map((c) => c.id));
  const unknown = Object.keys(scores).find((id) => !ids.has(id));
  if (unknown !== undefined) {
    return `${quoted(unknown)} is not a criterion of the ${role} rubric (${criteria.map((c) => c.id).join(', ')}).`;
  }
  for (const c of criteria) {
    const score = scores[c.id];
    if (score === undefined) return `Score every criterion: ${quoted(c.name)} has no score.`;
    if (!Number.isInteger(score) || score < 1 || score > c.scale) {
      return `${quoted(c.name)} is scored from 1 to ${c.scale}; ${score} is outside that scale.`;
    }
  }
  return null;
}

/**
 * Why a rubric change must be refused once a role has scores, or null: a criterion's scale is what
 * its stored scores mean, so it cannot change, and a criterion with scores cannot go. Names,
 * meanings, weights and questions may change.
 */
export function rubricChangeProblem(
  before: readonly RubricCriterion[],
  after: readonly RubricCriterion[],
): string | null {
  for (const old of before) {
    const next = after.find((c) => c.id === old.id);
    if (!next) return `Scores exist for ${quoted(old.name)}: it cannot be deleted.`;
    if (next.scale !== old.scale) {
      return `Scores exist for ${quoted(old.name)}: its scale cannot change (it stays 1 to ${old.scale}).`;
    }
  }
  return null;
}

/** Does the change alter stored totals (a weight, a scale, the criteria themselves)? */
export function totalsChange(before: readonly RubricCriterion[], after: readonly RubricCriterion[]): boolean {
  const shape = (cs: readonly RubricCriterion[]) =>
    JSON.stringify(cs.map((c) => [c.id, c.weight, c.scale]).sort());
  return shape(before) !== shape(after);
}
