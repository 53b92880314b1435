import { GENDER_LABELS, HIGH_SCHOOL_YEAR_LABELS, RACE_LABELS } from '@lanyard/shared/application';
import { formatBirthDate } from '@lanyard/shared/dates';

export const NOT_PROVIDED = 'Not provided';

type Answers = Record<string, unknown>;

/** A text answer, or "Not provided" when it is missing or blank. */
export function text(answers: Answers, key: string): string {
  const v = answers[key];
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v : NOT_PROVIDED;
}

export function yesNo(answers: Answers, key: string): string {
  return answers[key] === true ? 'Yes' : 'No';
}

export function list(answers: Answers, key: string): string[] {
  const v = answers[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

function labelled(labels: Record<string, string>, value: unknown): string | undefined {
  return typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value] : undefined;
}

/** Gender label; "Other" carries the applicant's own words when given. */
export function gender(answers: Answers): string {
  const label = labelled(GENDER_LABELS, answers.gender);
  if (!label) return NOT_PROVIDED;
  const other = answers.genderOther;
  return answers.gender === 'other' && typeof other === 'string' && other.trim() ? `Other: ${other}` : label;
}

export function race(answers: Answers): string {
  const label = labelled(RACE_LABELS, answers.race);
  if (!label) return NOT_PROVIDED;
  const other = answers.raceOther;
  return answers.race === 'raceOther' && typeof other === 'string' && other.trim()
    ? `Other: ${other}`
    : label;
}

export function highSchoolYear(answers: Answers): string {
  return labelled(HIGH_SCHOOL_YEAR_LABELS, answers.highSchoolYear) ?? NOT_PROVIDED;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** month/day/year or "Not provided" (spec §2). */
export function birthDate(answers: Answers): string {
  return formatBirthDate(num(answers.birthMonth), num(answers.birthDay), num(answers.birthYear));
}

export function shirtSize(answers: Answers): string {
  const v = answers.shirtSize;
  return typeof v === 'string' && v ? v.toUpperCase() : NOT_PROVIDED;
}

/** Choice answers of the mentor form. */
const CHOICE_LABELS: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  likely: 'Likely',
  onsite: 'Onsite',
  virtual: 'Virtual',
  hybrid: 'Hybrid',
};

export function choice(answers: Answers, key: string): string {
  return labelled(CHOICE_LABELS, answers[key]) ?? NOT_PROVIDED;
}

/** Only http(s) links become links; anything else is shown as text. */
export function safeLink(answers: Answers, key: string): string | null {
  const v = answers[key];
  return typeof v === 'string' && /^https?:\/\//i.test(v.trim()) ? v.trim() : null;
}
