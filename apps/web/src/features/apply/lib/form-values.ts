import type { z } from 'zod';
import {
  BIRTHDAY_MESSAGE,
  GUARDIAN_MESSAGE,
  TERMS_MESSAGE,
  type HackerAnswers,
  type hackerAnswersObject,
} from '@lanyard/shared/application';
import { GUARDIAN_FIELD_BIRTH_YEAR_AFTER } from '@lanyard/shared/constants';
import { isUnder18On, isValidBirthday } from '@lanyard/shared/dates';
import { blankFormValues, draftFormValue, formQuestions } from '@lanyard/shared/questions';
import type { CustomFormValues } from '@/components/application-form/custom-questions/custom-values';

/** What the form holds while it is being filled in (the schema's input side), custom answers beside. */
export type HackerFormValues = z.input<typeof hackerAnswersObject> & { custom?: CustomFormValues };
export type HackerFieldName = keyof HackerFormValues & string;

const HACKER_QUESTIONS = formQuestions('hacker');

/** A blank form: empty text, unticked boxes, nothing chosen, as the question catalogue declares them. */
export function emptyHackerForm(): HackerFormValues {
  return blankFormValues('hacker') as HackerFormValues;
}

/**
 * A saved draft back into form values: only known answers of the right type are kept, so an
 * old or hand-edited draft can never put the form in a state it cannot render.
 */
export function formValuesFromDraft(answers: Record<string, unknown> | null | undefined): HackerFormValues {
  const values = emptyHackerForm() as Record<string, unknown>;
  if (!answers) return values as HackerFormValues;
  for (const q of HACKER_QUESTIONS) {
    const v = draftFormValue(q, answers[q.key]);
    if (v !== undefined) values[q.key] = v;
  }
  return values as HackerFormValues;
}

/** The form's current values as a draft's answers: JSON-safe (lists keep their text), nothing undefined or NaN. */
export function draftAnswersFromForm(values: Partial<HackerFormValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'number' && !Number.isFinite(v)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    else if (Array.isArray(v)) out[key] = v.filter((item) => typeof item === 'string');
  }
  return out;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The guardian's name is asked for when the birth year is later than 2006 (spec §5, §9). */
export function showGuardianField(birthYear: unknown): boolean {
  return isNum(birthYear) && birthYear > GUARDIAN_FIELD_BIRTH_YEAR_AFTER;
}

/** Under 18 on the event's first day, from a valid birthday; false while the birthday is incomplete. */
export function isMinorOnEventDay(
  eventStartDate: string,
  values: Pick<Partial<HackerFormValues>, 'birthYear' | 'birthMonth' | 'birthDay'>,
): boolean {
  const { birthYear: y, birthMonth: m, birthDay: d } = values;
  if (!isNum(y) || !isNum(m) || !isNum(d) || !isValidBirthday(y, m, d)) return false;
  return isUnder18On(eventStartDate, y, m, d);
}

/**
 * The cross-field rules of spec §5 for a form that still has other errors. The shared schema
 * checks these only once every field parses (zod runs refinements last), so without this an
 * applicant would learn about the terms or the guardian only on a second attempt.
 */
export function crossFieldErrors(
  eventStartDate: string,
  values: Partial<HackerFormValues>,
): Partial<Record<HackerFieldName, string>> {
  const errors: Partial<Record<HackerFieldName, string>> = {};
  const { birthYear: y, birthMonth: m, birthDay: d } = values;
  if (!isNum(y) || !isNum(m) || !isNum(d) || !isValidBirthday(y, m, d)) {
    errors.birthDay = BIRTHDAY_MESSAGE;
  } else if (isUnder18On(eventStartDate, y, m, d) && !values.guardianName?.trim()) {
    errors.guardianName = GUARDIAN_MESSAGE;
  }
  if (values.isHighSchool && !values.highSchoolYear)
    errors.highSchoolYear = 'Year in high school is required';
  if (values.gender === 'other' && !values.genderOther?.trim())
    errors.genderOther = 'Please describe your gender';
  if (values.race === 'raceOther' && !values.raceOther?.trim()) {
    errors.raceOther = 'Please describe your race or ethnicity';
  }
  if (!values.termsAccepted) errors.termsAccepted = TERMS_MESSAGE;
  if (!values.mlhTermsAccepted) errors.mlhTermsAccepted = TERMS_MESSAGE;
  return errors;
}

/** Drops answers to questions that were hidden again (e.g. a high-school year after unticking high school). */
export function submissionAnswers(answers: HackerAnswers): HackerAnswers {
  const out: HackerAnswers = { ...answers };
  if (!out.isHighSchool) delete out.highSchoolYear;
  if (out.gender !== 'other') out.genderOther = '';
  if (out.race !== 'raceOther') out.raceOther = '';
  if (!showGuardianField(out.birthYear)) out.guardianName = '';
  return out;
}

/** The birthday's three inputs, which share one message (on birthDay) and count as one answer. */
export const BIRTHDAY_FIELDS = ['birthMonth', 'birthDay', 'birthYear'] as const;

/** Empty number inputs are "not answered" (undefined), anything else a number (NaN fails the schema). */
export const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
