import type { z } from 'zod';
import {
  BIRTHDAY_MESSAGE,
  GENDERS,
  GUARDIAN_MESSAGE,
  HIGH_SCHOOL_YEARS,
  RACES,
  SOCIAL_MEDIA_CONNECTIONS,
  TERMS_MESSAGE,
  type HackerAnswers,
  type hackerAnswersObject,
} from '@lanyard/shared/application';
import { GUARDIAN_FIELD_BIRTH_YEAR_AFTER, SHIRT_SIZES } from '@lanyard/shared/constants';
import { isUnder18On, isValidBirthday } from '@lanyard/shared/dates';

/** What the form holds while it is being filled in (the schema's input side). */
export type HackerFormValues = z.input<typeof hackerAnswersObject>;
export type HackerFieldName = keyof HackerFormValues & string;

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'major',
  'university',
  'graduationYear',
  'travelFrom',
  'genderOther',
  'raceOther',
  'howDidYouHear',
  'dietaryRestrictions',
  'backgroundQuestion',
  'householdObjectQuestion',
  'whyAttendQuestion',
  'portfolio',
  'guardianName',
  'referralName',
] as const satisfies readonly HackerFieldName[];

const BOOLEAN_FIELDS = [
  'isHighSchool',
  'needsVisa',
  'needsAccommodation',
  'recruitmentEmails',
  'termsAccepted',
  'mlhTermsAccepted',
] as const satisfies readonly HackerFieldName[];

const NUMBER_FIELDS = ['birthMonth', 'birthDay', 'birthYear'] as const satisfies readonly HackerFieldName[];

const CHOICE_FIELDS = {
  highSchoolYear: HIGH_SCHOOL_YEARS,
  gender: GENDERS,
  race: RACES,
  shirtSize: SHIRT_SIZES,
  socialMediaConnection: SOCIAL_MEDIA_CONNECTIONS,
} as const satisfies Partial<Record<HackerFieldName, readonly string[]>>;

/** A blank form: empty text, unticked boxes, nothing chosen. */
export function emptyHackerForm(): HackerFormValues {
  const values: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) values[f] = '';
  for (const f of ['isHighSchool', 'recruitmentEmails', 'termsAccepted', 'mlhTermsAccepted'])
    values[f] = false;
  // needsVisa / needsAccommodation start unanswered; birth parts and choices start undefined.
  return values as HackerFormValues;
}

/**
 * A saved draft back into form values: only known answers of the right type are kept, so an
 * old or hand-edited draft can never put the form in a state it cannot render.
 */
export function formValuesFromDraft(answers: Record<string, unknown> | null | undefined): HackerFormValues {
  const values = emptyHackerForm() as Record<string, unknown>;
  if (!answers) return values as HackerFormValues;
  for (const f of TEXT_FIELDS) {
    const v = answers[f];
    if (typeof v === 'string') values[f] = v;
  }
  for (const f of BOOLEAN_FIELDS) {
    const v = answers[f];
    if (typeof v === 'boolean') values[f] = v;
  }
  for (const f of NUMBER_FIELDS) {
    const v = answers[f];
    if (typeof v === 'number' && Number.isFinite(v)) values[f] = v;
  }
  for (const [f, choices] of Object.entries(CHOICE_FIELDS)) {
    const v = answers[f];
    if (typeof v === 'string' && (choices as readonly string[]).includes(v)) values[f] = v;
  }
  return values as HackerFormValues;
}

/** The form's current values as a draft's answers: JSON-safe, nothing undefined or NaN. */
export function draftAnswersFromForm(values: Partial<HackerFormValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'number' && !Number.isFinite(v)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
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
