import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BIRTHDAY_MESSAGE,
  draftBodySchema,
  GUARDIAN_MESSAGE,
  hackerAnswersSchema,
  hackerSubmissionSchema,
  MENTOR_TERMS_MESSAGE,
  MENTOR_WORD_LIMIT_MESSAGE,
  mentorAnswersSchema,
  mentorSubmissionSchema,
  TERMS_MESSAGE,
} from './application';

const EVENT = '2025-09-19';

function hacker(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+1 (555) 010-2030',
    major: 'Computer Science',
    university: 'Riverside University',
    graduationYear: '2027',
    birthDay: 10,
    birthMonth: 12,
    birthYear: 2000,
    travelFrom: 'Boston, MA',
    howDidYouHear: 'A friend',
    backgroundQuestion: 'I build things.',
    householdObjectQuestion: 'A kettle.',
    whyAttendQuestion: 'To learn.',
    termsAccepted: true,
    mlhTermsAccepted: true,
    ...overrides,
  };
}

function mentor(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: '555 010 9999',
    title: 'Engineer',
    affiliation: 'Example Corp',
    mentorAvailability: 'yes',
    judgeAvailability: 'no',
    workshopInterest: 'yes',
    onsiteAvailability: 'onsite',
    termsAccepted: true,
    mlhTermsAccepted: true,
    ...overrides,
  };
}

/** The issues of a failed parse as `path: message`, so a test can say which rule spoke. */
function issues(result: z.ZodSafeParseResult<unknown>): string[] {
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('hackerAnswersSchema', () => {
  const schema = hackerAnswersSchema(EVENT);

  it('accepts a complete adult application and fills the defaults', () => {
    const result = schema.safeParse(hacker());
    expect(issues(result)).toEqual([]);
    expect(result.data).toMatchObject({
      isHighSchool: false,
      needsVisa: false,
      portfolio: '',
      guardianName: '',
      recruitmentEmails: false,
    });
  });

  it('requires both terms with its message', () => {
    expect(issues(schema.safeParse(hacker({ termsAccepted: false })))).toEqual([
      `termsAccepted: ${TERMS_MESSAGE}`,
    ]);
    expect(issues(schema.safeParse(hacker({ mlhTermsAccepted: false })))).toEqual([
      `mlhTermsAccepted: ${TERMS_MESSAGE}`,
    ]);
    expect(TERMS_MESSAGE).toBe('You must accept the terms to apply.');
  });

  it('asks a guardian of someone under 18 on 2025-09-19, not of someone 18 that day', () => {
    expect(issues(schema.safeParse(hacker({ birthYear: 2007, birthMonth: 9, birthDay: 20 })))).toEqual([
      `guardianName: ${GUARDIAN_MESSAGE}`,
    ]);
    expect(GUARDIAN_MESSAGE).toBe("Guardian's name is required for applicants under 18.");
    expect(
      issues(
        schema.safeParse(hacker({ birthYear: 2007, birthMonth: 9, birthDay: 20, guardianName: 'Mary' })),
      ),
    ).toEqual([]);
    expect(issues(schema.safeParse(hacker({ birthYear: 2007, birthMonth: 9, birthDay: 19 })))).toEqual([]);
    // A blank guardian name is no name.
    expect(
      issues(schema.safeParse(hacker({ birthYear: 2009, birthMonth: 1, birthDay: 1, guardianName: '   ' }))),
    ).toEqual([`guardianName: ${GUARDIAN_MESSAGE}`]);
  });

  it('refuses an impossible birthday with its message', () => {
    for (const birth of [
      { birthYear: 2003, birthMonth: 2, birthDay: 29 },
      { birthYear: 2001, birthMonth: 4, birthDay: 31 },
      { birthYear: 1899, birthMonth: 1, birthDay: 1 },
      { birthYear: new Date().getUTCFullYear() + 1, birthMonth: 1, birthDay: 1 },
      { birthYear: 2001, birthMonth: 13, birthDay: 1 },
    ]) {
      expect(issues(schema.safeParse(hacker(birth)))).toEqual([`birthDay: ${BIRTHDAY_MESSAGE}`]);
    }
    expect(BIRTHDAY_MESSAGE).toBe('Please enter a valid birthday');
  });

  it('needs the high-school year when in high school', () => {
    expect(issues(schema.safeParse(hacker({ isHighSchool: true })))).toEqual([
      'highSchoolYear: Year in high school is required',
    ]);
    expect(issues(schema.safeParse(hacker({ isHighSchool: true, highSchoolYear: 'senior' })))).toEqual([]);
    expect(issues(schema.safeParse(hacker({ isHighSchool: true, highSchoolYear: 'fifth' })))).not.toEqual([]);
  });

  it('needs the free text when gender or race is "other"', () => {
    expect(issues(schema.safeParse(hacker({ gender: 'other' })))).toEqual([
      'genderOther: Please describe your gender',
    ]);
    expect(issues(schema.safeParse(hacker({ gender: 'other', genderOther: 'Agender' })))).toEqual([]);
    expect(issues(schema.safeParse(hacker({ race: 'raceOther' })))).toEqual([
      'raceOther: Please describe your race or ethnicity',
    ]);
    expect(issues(schema.safeParse(hacker({ race: 'raceOther', raceOther: 'Mixed' })))).toEqual([]);
  });

  it('takes only http(s) links as portfolio', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.org',
      'example.org',
    ]) {
      expect(issues(schema.safeParse(hacker({ portfolio: bad })))).toEqual([
        'portfolio: Enter a full link starting with http:// or https://',
      ]);
    }
    expect(issues(schema.safeParse(hacker({ portfolio: 'https://github.com/ada' })))).toEqual([]);
    expect(issues(schema.safeParse(hacker({ portfolio: 'http://ada.dev/x?y=1' })))).toEqual([]);
  });

  it('names each missing required field', () => {
    expect(issues(schema.safeParse(hacker({ firstName: '  ' })))).toEqual([
      'firstName: First name is required',
    ]);
    expect(issues(schema.safeParse(hacker({ university: undefined })))).toEqual([
      'university: School is required',
    ]);
    expect(issues(schema.safeParse(hacker({ phone: 'call me' })))).toEqual([
      'phone: Enter a valid phone number',
    ]);
  });

  it('the submission schema refuses fields the applicant does not own', () => {
    const submission = hackerSubmissionSchema(EVENT);
    expect(submission.safeParse({ ...hacker(), resume_url: '/api/upload/file/x' }).success).toBe(true);
    for (const extra of [{ status: 'accepted' }, { role: 'admin' }, { email: 42 }]) {
      expect(submission.safeParse({ ...hacker(), resume_url: '/x', ...extra }).success).toBe(false);
    }
    expect(issues(submission.safeParse(hacker()))).toEqual(['resume_url: Resume is required']);
  });
});

describe('mentorAnswersSchema', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it('accepts a complete mentor application and dedupes list entries', () => {
    const result = mentorAnswersSchema.safeParse(mentor({ expertiseAreas: ['Cloud', 'Cloud', 'Custom'] }));
    expect(issues(result)).toEqual([]);
    expect(result.data?.expertiseAreas).toEqual(['Cloud', 'Custom']);
  });

  it('takes 150 words for whyGoodFit and refuses 151 with the exact message', () => {
    expect(issues(mentorAnswersSchema.safeParse(mentor({ whyGoodFit: words(150) })))).toEqual([]);
    expect(issues(mentorAnswersSchema.safeParse(mentor({ whyGoodFit: words(151) })))).toEqual([
      'whyGoodFit: Why are you a good fit question must be 150 words or less.',
    ]);
    expect(MENTOR_WORD_LIMIT_MESSAGE).toBe('Why are you a good fit question must be 150 words or less.');
  });

  it('needs both terms', () => {
    for (const patch of [
      { termsAccepted: false },
      { mlhTermsAccepted: false },
      { termsAccepted: false, mlhTermsAccepted: false },
    ]) {
      expect(issues(mentorAnswersSchema.safeParse(mentor(patch)))).toEqual([
        `termsAccepted: ${MENTOR_TERMS_MESSAGE}`,
      ]);
    }
    expect(MENTOR_TERMS_MESSAGE).toBe('Please accept both terms and conditions.');
  });

  it('asks every availability question', () => {
    expect(issues(mentorAnswersSchema.safeParse(mentor({ judgeAvailability: undefined })))).toEqual([
      'judgeAvailability: Please answer all availability questions.',
    ]);
    expect(issues(mentorAnswersSchema.safeParse(mentor({ onsiteAvailability: 'maybe' })))).toEqual([
      'onsiteAvailability: Please answer all availability questions.',
    ]);
  });

  it('the submission schema makes the resume optional and refuses unknown fields', () => {
    expect(mentorSubmissionSchema.safeParse(mentor()).success).toBe(true);
    expect(mentorSubmissionSchema.safeParse({ ...mentor(), status: 'accepted' }).success).toBe(false);
  });
});

describe('draftBodySchema', () => {
  it('bounds the draft at 100,000 characters of JSON', () => {
    expect(draftBodySchema.safeParse({ role: 'hacker', answers: { a: 'x'.repeat(99_000) } }).success).toBe(
      true,
    );
    expect(
      issues(draftBodySchema.safeParse({ role: 'hacker', answers: { a: 'x'.repeat(100_000) } })),
    ).toEqual(['answers: Draft is too large']);
    expect(draftBodySchema.safeParse({ role: 'admin', answers: {} }).success).toBe(false);
  });
});
