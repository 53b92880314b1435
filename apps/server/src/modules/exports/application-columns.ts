import { ageOn } from '@lanyard/shared/dates';
import type { applications } from '../../db/schema/index';
import type { CsvColumn, CsvValue } from '../../lib/csv';

type Application = typeof applications.$inferSelect;

/** One application as the export writes it, with the event's first day for the age column. */
export interface ApplicationCsvRow {
  application: Application;
  eventStart: string;
}

type Column = CsvColumn<ApplicationCsvRow>;

const field = (header: string, value: (a: Application) => CsvValue): Column => ({
  header,
  value: (r) => value(r.application),
});

/** A column read from the answers the form stored as they are. */
const answer = (header: string, key: string): Column => ({
  header,
  value: (r) => (r.application.answers as Record<string, unknown>)[key] as CsvValue,
});

/** An answer whose "other" choice carries the applicant's own text. */
const choiceWithOther = (header: string, key: string, otherValue: string, otherKey: string): Column => ({
  header,
  value: (r) => {
    const a = r.application.answers as Record<string, unknown>;
    return a[key] === otherValue ? `other: ${String(a[otherKey] ?? '')}` : (a[key] as CsvValue);
  },
});

function birthDate(a: Application): string {
  return a.birthYear && a.birthMonth && a.birthDay
    ? `${a.birthYear}-${String(a.birthMonth).padStart(2, '0')}-${String(a.birthDay).padStart(2, '0')}`
    : '';
}

/** The applications export, column by column, in the order the file has them. */
export const APPLICATION_COLUMNS: readonly Column[] = [
  field('id', (a) => a.id),
  field('role', (a) => a.role),
  field('status', (a) => a.status),
  field('first_name', (a) => a.firstName),
  field('last_name', (a) => a.lastName),
  field('email', (a) => a.email),
  field('phone', (a) => a.phone),
  field('school', (a) => a.school),
  field('major', (a) => a.major),
  field('is_high_school', (a) => a.isHighSchool),
  answer('high_school_year', 'highSchoolYear'),
  answer('graduation_year', 'graduationYear'),
  field('birth_date', birthDate),
  {
    header: 'age_on_event_day',
    value: ({ application: a, eventStart }) =>
      birthDate(a) ? ageOn(eventStart, a.birthYear!, a.birthMonth!, a.birthDay!) : '',
  },
  choiceWithOther('gender', 'gender', 'other', 'genderOther'),
  choiceWithOther('race', 'race', 'raceOther', 'raceOther'),
  field('shirt_size', (a) => a.shirtSize),
  answer('travel_from', 'travelFrom'),
  answer('needs_visa', 'needsVisa'),
  answer('needs_accommodation', 'needsAccommodation'),
  answer('dietary_restrictions', 'dietaryRestrictions'),
  answer('how_did_you_hear', 'howDidYouHear'),
  field('portfolio', (a) => a.portfolioUrl),
  answer('background', 'backgroundQuestion'),
  answer('household_object', 'householdObjectQuestion'),
  answer('why_attend', 'whyAttendQuestion'),
  answer('recruitment_emails', 'recruitmentEmails'),
  answer('guardian_name', 'guardianName'),
  answer('referral_name', 'referralName'),
  answer('title', 'title'),
  answer('affiliation', 'affiliation'),
  answer('work_email', 'workEmail'),
  answer('mentor_availability', 'mentorAvailability'),
  answer('judge_availability', 'judgeAvailability'),
  answer('workshop_interest', 'workshopInterest'),
  answer('onsite_availability', 'onsiteAvailability'),
  answer('expertise_areas', 'expertiseAreas'),
  answer('programming_languages', 'programmingLanguages'),
  answer('build_tools', 'buildTools'),
  answer('frameworks', 'frameworks'),
  answer('databases', 'databases'),
  answer('why_good_fit', 'whyGoodFit'),
  answer('additional_info', 'additionalInfo'),
  field('access_code_used', (a) => a.accessCodeUsed),
  field('resume', (a) => (a.resumeUploadId ? 'yes' : 'no')),
  field('rsvp_status', (a) => a.rsvpStatus ?? 'no_response'),
  field('preferred_name', (a) => a.preferredName),
  field('school_name', (a) => a.schoolName),
  field('pronoun', (a) => a.pronoun),
  field('linkedin_url', (a) => a.linkedinUrl),
  field('github_url', (a) => a.githubUrl),
  field('liability_waiver_accepted', (a) => a.liabilityWaiverAccepted),
  field('photo_clearance_accepted', (a) => a.photoClearanceAccepted),
  field('photo_sharing_opt_out', (a) => a.photoSharingOptOut),
  field('submitted_at', (a) => a.submittedAt),
  field('updated_at', (a) => a.updatedAt),
];
