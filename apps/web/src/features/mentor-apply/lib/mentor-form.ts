import {
  AVAILABILITY,
  MENTOR_PRESETS,
  MENTOR_TERMS_MESSAGE,
  MENTOR_WORD_LIMIT_MESSAGE,
  ONSITE_AVAILABILITY,
  WORKSHOP_INTEREST,
} from '@lanyard/shared/application';
import { WORD_LIMITS } from '@lanyard/shared/constants';
import { countWords } from '@lanyard/shared/dates';

type Availability = (typeof AVAILABILITY)[number];

/** What the form holds: the shared schema's answers, with the availability questions unanswered at first. */
export interface MentorFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  title: string;
  affiliation: string;
  workEmail: string;
  mentorAvailability?: Availability | undefined;
  judgeAvailability?: Availability | undefined;
  workshopInterest?: (typeof WORKSHOP_INTEREST)[number] | undefined;
  onsiteAvailability?: (typeof ONSITE_AVAILABILITY)[number] | undefined;
  expertiseAreas: string[];
  programmingLanguages: string[];
  buildTools: string[];
  frameworks: string[];
  databases: string[];
  whyGoodFit: string;
  additionalInfo: string;
  howDidYouHear: string;
  termsAccepted: boolean;
  mlhTermsAccepted: boolean;
}

export type MentorListField = keyof typeof MENTOR_PRESETS;
export const MENTOR_LIST_FIELDS = Object.keys(MENTOR_PRESETS) as MentorListField[];

export const REQUIRED_TEXT_FIELDS = ['firstName', 'lastName', 'phone', 'title', 'affiliation'] as const;
export const AVAILABILITY_FIELDS = [
  'mentorAvailability',
  'judgeAvailability',
  'workshopInterest',
  'onsiteAvailability',
] as const;
const TEXT_FIELDS = [
  ...REQUIRED_TEXT_FIELDS,
  'workEmail',
  'whyGoodFit',
  'additionalInfo',
  'howDidYouHear',
] as const;

/** Bounds of the shared schema: a list holds at most 40 entries of at most 60 characters. */
export const LIST_MAX_ENTRIES = 40;
export const LIST_ENTRY_MAX_LENGTH = 60;

export const EMPTY_MENTOR_VALUES: MentorFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  title: '',
  affiliation: '',
  workEmail: '',
  expertiseAreas: [],
  programmingLanguages: [],
  buildTools: [],
  frameworks: [],
  databases: [],
  whyGoodFit: '',
  additionalInfo: '',
  howDidYouHear: '',
  termsAccepted: false,
  mlhTermsAccepted: false,
};

function pick<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const entry = item.trim().slice(0, LIST_ENTRY_MAX_LENGTH);
    if (entry && !out.includes(entry)) out.push(entry);
  }
  return out.slice(0, LIST_MAX_ENTRIES);
}

/** A saved draft's answers back into form values: anything missing or malformed starts empty. */
export function valuesFromDraft(answers: Record<string, unknown> | null | undefined): MentorFormValues {
  const values: MentorFormValues = { ...EMPTY_MENTOR_VALUES };
  if (!answers) return values;
  for (const key of TEXT_FIELDS) {
    const v = answers[key];
    if (typeof v === 'string') values[key] = v;
  }
  values.mentorAvailability = pick(AVAILABILITY, answers.mentorAvailability) ?? values.mentorAvailability;
  values.judgeAvailability = pick(AVAILABILITY, answers.judgeAvailability) ?? values.judgeAvailability;
  values.workshopInterest = pick(WORKSHOP_INTEREST, answers.workshopInterest) ?? values.workshopInterest;
  values.onsiteAvailability =
    pick(ONSITE_AVAILABILITY, answers.onsiteAvailability) ?? values.onsiteAvailability;
  for (const key of MENTOR_LIST_FIELDS) values[key] = stringList(answers[key]);
  values.termsAccepted = answers.termsAccepted === true;
  values.mlhTermsAccepted = answers.mlhTermsAccepted === true;
  return values;
}

/** The answers as a draft stores them (unanswered questions left out). */
export function draftAnswers(values: MentorFormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
}

export interface FormProblem {
  title: string;
  description: string;
  /** The first field to look at. */
  field: keyof MentorFormValues;
}

export const MISSING_FIELDS_MESSAGE = 'Please fill in all required fields.';
export const MISSING_AVAILABILITY_MESSAGE = 'Please answer all availability questions.';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * Spec §5 Mentor form, the toast for a refused submit, in the order an applicant meets them:
 * required fields, availability, the 150-word limit, the two terms. Null when none applies.
 */
export function submissionProblem(values: MentorFormValues): FormProblem | null {
  const missing = REQUIRED_TEXT_FIELDS.find((f) => blank(values[f]));
  if (missing) return { title: 'Missing Information', description: MISSING_FIELDS_MESSAGE, field: missing };
  const unanswered = AVAILABILITY_FIELDS.find((f) => !values[f]);
  if (unanswered) {
    return { title: 'Missing Information', description: MISSING_AVAILABILITY_MESSAGE, field: unanswered };
  }
  if (countWords(values.whyGoodFit) > WORD_LIMITS.mentorFit) {
    return { title: 'Word Limit Exceeded', description: MENTOR_WORD_LIMIT_MESSAGE, field: 'whyGoodFit' };
  }
  if (!values.termsAccepted || !values.mlhTermsAccepted) {
    return {
      title: 'Terms Required',
      description: MENTOR_TERMS_MESSAGE,
      field: values.termsAccepted ? 'mlhTermsAccepted' : 'termsAccepted',
    };
  }
  return null;
}

/**
 * Adds a typed entry to a list (spec §5): blank entries and duplicates (ignoring case) are ignored,
 * and an entry that names a preset selects the preset's own spelling.
 */
export function addListEntry(list: readonly string[], raw: string, presets: readonly string[]): string[] {
  const entry = raw.trim().replace(/\s+/g, ' ').slice(0, LIST_ENTRY_MAX_LENGTH);
  if (!entry || list.length >= LIST_MAX_ENTRIES) return [...list];
  const key = entry.toLowerCase();
  if (list.some((item) => item.toLowerCase() === key)) return [...list];
  const preset = presets.find((p) => p.toLowerCase() === key);
  return [...list, preset ?? entry];
}

export function toggleListEntry(list: readonly string[], item: string): string[] {
  if (list.includes(item)) return list.filter((x) => x !== item);
  if (list.length >= LIST_MAX_ENTRIES) return [...list];
  return [...list, item];
}
