import type { ApplicantRole } from '@lanyard/shared/constants';
import { GENDER_LABELS, HIGH_SCHOOL_YEAR_LABELS, RACE_LABELS } from '@lanyard/shared/application';
import { formatBirthDate } from '@lanyard/shared/dates';

/**
 * An application's answers as the admin reads them: the essays first (what reviewers read), then
 * every other answer in the order of spec §3 with a readable label, then anything else the
 * record holds under a label made from its key.
 */

export const NOT_PROVIDED = 'Not provided';

type Answers = Record<string, unknown>;

export interface AnswerItem {
  key: string;
  label: string;
  value: string;
  /** An http(s) link to show as a link. */
  href?: string;
}

export interface AnswerSections {
  essays: AnswerItem[];
  fields: AnswerItem[];
}

const CHOICE_LABELS: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  likely: 'Likely',
  onsite: 'Onsite',
  virtual: 'Virtual',
  hybrid: 'Hybrid',
  'will-do-now': 'Will do now',
};

const SHIRT = (v: unknown) => (typeof v === 'string' && v ? v.toUpperCase() : NOT_PROVIDED);

function fromMap(map: Record<string, string>) {
  return (v: unknown) =>
    typeof v === 'string' && Object.hasOwn(map, v) ? (map[v] as string) : formatAnswer(v);
}

/** Any value as plain text: Yes/No, lists joined, blanks "Not provided". */
export function formatAnswer(value: unknown): string {
  if (value === null || value === undefined) return NOT_PROVIDED;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : NOT_PROVIDED;
  if (typeof value === 'string') return value.trim() === '' ? NOT_PROVIDED : value;
  if (Array.isArray(value)) {
    const items = value.map(formatAnswer).filter((v) => v !== NOT_PROVIDED);
    return items.length ? items.join(', ') : NOT_PROVIDED;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return NOT_PROVIDED;
  }
}

/** `householdObjectQuestion` -> "Household object question". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Field = [key: string, label: string, format?: (value: unknown, answers: Answers) => string];

/** The why-attend essay's key carries the event's name (`why{Product}Question`). */
export function whyAttendKey(answers: Answers): string | undefined {
  if ('whyAttendQuestion' in answers) return 'whyAttendQuestion';
  return Object.keys(answers).find((k) => /^why.+Question$/.test(k));
}

const otherText =
  (base: Record<string, string>, otherValue: string, otherKey: string) => (v: unknown, a: Answers) => {
    const label = fromMap(base)(v);
    const other = a[otherKey];
    return v === otherValue && typeof other === 'string' && other.trim() ? `Other: ${other}` : label;
  };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const HACKER_FIELDS: Field[] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['phone', 'Phone'],
  ['major', 'Major'],
  ['university', 'School'],
  ['isHighSchool', 'High School Student'],
  ['highSchoolYear', 'Year in High School', fromMap(HIGH_SCHOOL_YEAR_LABELS)],
  ['graduationYear', 'Graduation Year'],
  [
    'birthDate',
    'Date of Birth',
    (_v, a) => formatBirthDate(num(a.birthMonth), num(a.birthDay), num(a.birthYear)),
  ],
  ['travelFrom', 'Travelling From'],
  ['gender', 'Gender', otherText(GENDER_LABELS, 'other', 'genderOther')],
  ['race', 'Race / Ethnicity', otherText(RACE_LABELS, 'raceOther', 'raceOther')],
  ['shirtSize', 'Shirt Size', SHIRT],
  ['needsVisa', 'Needs Visa Sponsorship'],
  ['needsAccommodation', 'Needs Accommodations'],
  ['howDidYouHear', 'How Did You Hear About Us'],
  ['dietaryRestrictions', 'Dietary Restrictions'],
  ['portfolio', 'Portfolio or GitHub'],
  ['recruitmentEmails', 'Recruitment Emails'],
  ['termsAccepted', 'Terms Accepted'],
  ['mlhTermsAccepted', 'MLH Terms Accepted'],
  ['guardianName', 'Guardian Name'],
  ['socialMediaConnection', 'Social Media Connection', fromMap(CHOICE_LABELS)],
  ['referralName', 'Referral Name'],
];
/** Keys folded into another row. */
const HACKER_CONSUMED = ['birthDay', 'birthMonth', 'birthYear', 'genderOther', 'raceOther'];

const MENTOR_FIELDS: Field[] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['phone', 'Phone'],
  ['title', 'Title'],
  ['affiliation', 'Affiliation'],
  ['workEmail', 'Work Email'],
  ['mentorAvailability', 'Available to mentor?', fromMap(CHOICE_LABELS)],
  ['judgeAvailability', 'Available to judge?', fromMap(CHOICE_LABELS)],
  ['workshopInterest', 'Interested in running a workshop?', fromMap(CHOICE_LABELS)],
  ['onsiteAvailability', 'Onsite availability', fromMap(CHOICE_LABELS)],
  ['expertiseAreas', 'Expertise Areas'],
  ['programmingLanguages', 'Programming Languages'],
  ['buildTools', 'Build Tools'],
  ['frameworks', 'Frameworks'],
  ['databases', 'Databases'],
  ['howDidYouHear', 'How Did You Hear About Us'],
  ['termsAccepted', 'Terms Accepted'],
  ['mlhTermsAccepted', 'MLH Terms Accepted'],
];

/** Keys never shown as answers: the e-mail and resume are shown from the record itself. */
const NEVER_SHOWN = new Set(['email', 'resume', 'resume_url', 'access_code']);

function item(key: string, label: string, value: string): AnswerItem {
  return { key, label, value };
}

export function answerSections(role: ApplicantRole, answers: Answers): AnswerSections {
  const used = new Set<string>(NEVER_SHOWN);
  const essays: AnswerItem[] = [];
  const fields: AnswerItem[] = [];

  const essay = (key: string | undefined, label: string) => {
    if (!key) return;
    used.add(key);
    essays.push(item(key, label, formatAnswer(answers[key])));
  };

  if (role === 'mentor') {
    essay('whyGoodFit', 'Why are you a good fit?');
    essay('additionalInfo', 'Additional Information');
  } else {
    essay(whyAttendKey(answers) ?? 'whyAttendQuestion', 'Why do you want to attend?');
    essay('backgroundQuestion', 'Tell us about your background');
    essay('householdObjectQuestion', 'Which household object do you identify with, and why?');
    for (const k of HACKER_CONSUMED) used.add(k);
  }

  for (const [key, label, format] of role === 'mentor' ? MENTOR_FIELDS : HACKER_FIELDS) {
    const present =
      key in answers || (key === 'birthDate' && ('birthYear' in answers || 'birthMonth' in answers));
    if (!present) continue;
    used.add(key);
    const value = format ? format(answers[key], answers) : formatAnswer(answers[key]);
    const row = item(key, label, value);
    if (key === 'portfolio') {
      const v = answers.portfolio;
      if (typeof v === 'string' && /^https?:\/\//i.test(v.trim())) row.href = v.trim();
    }
    fields.push(row);
  }

  for (const key of Object.keys(answers)) {
    if (used.has(key)) continue;
    fields.push(item(key, humanizeKey(key), formatAnswer(answers[key])));
  }
  return { essays, fields };
}
