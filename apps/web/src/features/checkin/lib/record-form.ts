import { z } from 'zod';
import { CHECKIN_REQUIRED_FIELDS, type CheckinRecord } from '@lanyard/shared/checkin';
import { CHECKIN_ROLES, type CheckinRole } from '@lanyard/shared/constants';

/** The create and edit dialogs' values: every input holds text, as the browser gives it. */
export interface RecordFormValues {
  firstName: string;
  lastName: string;
  preferred_name: string;
  email: string;
  phone: string;
  role: CheckinRole | '';
  school_name: string;
  major: string;
  isHighSchool: '' | 'true' | 'false';
  pronoun: string;
  linkedin_url: string;
  github_url: string;
  birthMonth: string;
  birthDay: string;
  birthYear: string;
  gender: string;
  race: string;
  shirtSize: string;
  travelFrom: string;
}

export type RecordField = keyof RecordFormValues;

/** The words each field goes by on screen (also in the "Missing fields" toast). */
export const FIELD_LABELS: Record<RecordField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  preferred_name: 'Preferred Name',
  email: 'Email',
  phone: 'Phone',
  role: 'Role',
  school_name: 'School',
  major: 'Major',
  isHighSchool: 'High School',
  pronoun: 'Pronoun',
  linkedin_url: 'LinkedIn',
  github_url: 'GitHub',
  birthMonth: 'Birth Month',
  birthDay: 'Birth Day',
  birthYear: 'Birth Year',
  gender: 'Gender',
  race: 'Race',
  shirtSize: 'Shirt Size',
  travelFrom: 'Travel From',
};

export const EMPTY_RECORD_FORM: RecordFormValues = {
  firstName: '',
  lastName: '',
  preferred_name: '',
  email: '',
  phone: '',
  // Most walk-ins are hackers; the desk can change it.
  role: 'hacker',
  school_name: '',
  major: '',
  isHighSchool: '',
  pronoun: '',
  linkedin_url: '',
  github_url: '',
  birthMonth: '',
  birthDay: '',
  birthYear: '',
  gender: '',
  race: '',
  shirtSize: '',
  travelFrom: '',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const str = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function recordToForm(r: CheckinRecord): RecordFormValues {
  return {
    firstName: r.firstName,
    lastName: r.lastName,
    preferred_name: str(r.preferred_name),
    email: r.email,
    phone: r.phone,
    role: r.role,
    school_name: r.school_name,
    major: str(r.major),
    isHighSchool: r.isHighSchool === null ? '' : r.isHighSchool ? 'true' : 'false',
    pronoun: str(r.pronoun),
    linkedin_url: str(r.linkedin_url),
    github_url: str(r.github_url),
    birthMonth: num(r.birthMonth),
    birthDay: num(r.birthDay),
    birthYear: num(r.birthYear),
    gender: str(r.gender),
    race: str(r.race),
    shirtSize: str(r.shirtSize).toLowerCase(),
    travelFrom: str(r.travelFrom),
  };
}

/** Whether a link is safe to render as one: only http(s). */
export function isHttpUrl(value: string | null | undefined): value is string {
  return !!value && /^https?:\/\/\S+$/i.test(value.trim());
}

const requiredSet = new Set<string>(CHECKIN_REQUIRED_FIELDS);

/** The required fields left empty, in form order ("Missing fields" lists them). */
export function missingFormFields(values: RecordFormValues): RecordField[] {
  return (Object.keys(FIELD_LABELS) as RecordField[]).filter(
    (k) => requiredSet.has(k) && values[k].trim() === '',
  );
}

const optionalWhole = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), {
      message: `${label} must be a number from ${min} to ${max}`,
    });

const link = z
  .string()
  .trim()
  .refine((v) => v === '' || isHttpUrl(v), { message: 'Links must start with http:// or https://' });

/**
 * The dialogs' checks before anything is sent: required fields (reported together as "Missing
 * fields"), numbers in range and http(s) links. Other fields are free text, as on the server.
 */
export function recordFormSchema(now = new Date()) {
  return z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      preferred_name: z.string(),
      email: z.string(),
      phone: z.string(),
      role: z.union([z.enum(CHECKIN_ROLES), z.literal('')]),
      school_name: z.string(),
      major: z.string(),
      isHighSchool: z.enum(['', 'true', 'false']),
      pronoun: z.string(),
      linkedin_url: link,
      github_url: link,
      birthMonth: optionalWhole('Birth month', 1, 12),
      birthDay: optionalWhole('Birth day', 1, 31),
      birthYear: optionalWhole('Birth year', 1900, now.getFullYear()),
      gender: z.string(),
      race: z.string(),
      shirtSize: z.string(),
      travelFrom: z.string(),
    })
    .superRefine((values, ctx) => {
      for (const field of missingFormFields(values as RecordFormValues)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${FIELD_LABELS[field]} is required` });
      }
    });
}

export type RecordBody = Record<string, string | number | boolean | null>;

/** The JSON body of POST/PUT /api/checkin/records: text trimmed, empty optional fields null. */
export function formToBody(values: RecordFormValues): RecordBody {
  const t = (v: string) => v.trim();
  const orNull = (v: string) => (t(v) === '' ? null : t(v));
  const int = (v: string) => (t(v) === '' ? null : Number(t(v)));
  const body: RecordBody = {
    firstName: t(values.firstName),
    lastName: t(values.lastName),
    email: t(values.email),
    phone: t(values.phone),
    school_name: t(values.school_name),
    preferred_name: orNull(values.preferred_name),
    major: orNull(values.major),
    isHighSchool: values.isHighSchool === '' ? null : values.isHighSchool === 'true',
    pronoun: orNull(values.pronoun),
    linkedin_url: orNull(values.linkedin_url),
    github_url: orNull(values.github_url),
    birthMonth: int(values.birthMonth),
    birthDay: int(values.birthDay),
    birthYear: int(values.birthYear),
    gender: orNull(values.gender),
    race: orNull(values.race),
    shirtSize: orNull(values.shirtSize),
    travelFrom: orNull(values.travelFrom),
  };
  if (values.role) body.role = values.role;
  return body;
}

/** "firstName, phone" from the server's "Missing fields: firstName, phone", as labels. */
export function labelsOfServerMissing(message: string): string {
  const names = message.replace(/^Missing fields:\s*/i, '').split(/,\s*/);
  return names.map((n) => FIELD_LABELS[n as RecordField] ?? n).join(', ');
}
