import type { z } from 'zod';
import type { ApplicantRole, SHIRT_SIZES } from '../constants';

/** Where a question is shown on the applicant's read-only view (and, with its heading, in the form). */
export const VIEW_SECTIONS = {
  personal: 'Personal Information',
  academic: 'Academic Information',
  professional: 'Professional Information',
  availability: 'Availability',
  skills: 'Skills and Experience',
  essays: 'Essay Questions',
  additional: 'Additional Information',
  links: 'Links',
  community: 'Community',
  terms: 'Terms',
} as const;
export type SectionId = keyof typeof VIEW_SECTIONS;

/**
 * The application columns an answer is copied into, next to the whole answers record, so lists,
 * filters and the door can read them without opening the JSON; submit and the seed command write
 * them. A new one is a field here, its value when unasked (columns.ts) and a table column.
 */
export interface AnswerColumns {
  firstName: string;
  lastName: string;
  phone: string;
  school: string;
  major: string;
  isHighSchool: boolean;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  shirtSize: (typeof SHIRT_SIZES)[number] | null;
  portfolioUrl: string | null;
}
export type AnswerColumn = keyof AnswerColumns;

/** How an answer reads on screen and in the CSV. */
export type QuestionType =
  | 'text'
  | 'long-text'
  | 'essay'
  | 'phone'
  | 'email'
  | 'account-email'
  | 'url'
  | 'boolean'
  | 'consent'
  | 'birth-part'
  | 'choice'
  | 'list';

/** A wording that may name the event ("Why do you want to attend Lanyard Hacks?"). */
export type Wording = string | ((eventName: string) => string);

export interface QuestionDef {
  /** How admins read it (detail dialog) and, unless `view.label` says otherwise, the applicant's view. */
  label: string;
  /** The form's own wording of the question, where it differs from `label`. */
  prompt?: Wording;
  type: QuestionType;
  section: SectionId;
  /** The roles asking it, each with its validation; a role missing here does not ask it. */
  validation: Partial<Record<ApplicantRole, z.ZodType>>;
  /** Asked of these roles without being an answer of theirs (the account's e-mail). */
  roles?: readonly ApplicantRole[];
  help?: string;
  wordLimit?: number;
  /**
   * A yes/no the applicant must answer either way: the form starts with neither ticked rather
   * than "no", so leaving it is not mistaken for an answer.
   */
  startsUnanswered?: boolean;
  /** A choice question's values and their words. */
  options?: Readonly<Record<string, string>>;
  /** The choice completed in the applicant's own words by another question ("Other: …"). */
  other?: { value: string; key: string };
  /** Shown as a part of this other question (the birth month and year, under the birthday). */
  partOf?: string;
  /** The key a display row is known by when it stands for several answers (the date of birth). */
  rowKey?: string;
  /** Older answers may carry the question under a key matching this (why{Product}Question). */
  legacyKey?: RegExp;
  /**
   * Column of the applications CSV, and where it sits among the CSV's columns (ascending). The cell
   * is read from the application column the answer is copied into, if any, else from the answers;
   * `from: 'answers'` reads the answers even so, for a question whose column is shared with another
   * role's question (a mentor's title is kept in the hackers' major column).
   */
  csv?: { header: string; order: number; from?: 'answers' };
  /** The application column the answer is copied into, per role when it differs. */
  column?: AnswerColumn | Partial<Record<ApplicantRole, AnswerColumn>>;
  /** The applicant's read-only view: false hides it; `label` replaces the admin label there. */
  view?: false | { label?: Wording; when?: (answers: Record<string, unknown>) => boolean };
  /** The admin detail dialog: false hides it; an `essay` number puts it among the essays, first. */
  admin?: false | { essay?: number; label?: string };
}
