import { describe, expect, expectTypeOf, it } from 'vitest';
import type { HackerAnswers, MentorAnswers } from '../application';
import { hackerAnswersObject, mentorAnswersObject } from '../application';
import { QUESTION_LIST } from './catalogue';
import { answerColumns } from './columns';
import { adminAnswerSections, NOT_PROVIDED, viewSections } from './display';
import { answerKeys } from './schema';

const HACKER_KEYS = [
  'firstName',
  'lastName',
  'phone',
  'major',
  'university',
  'isHighSchool',
  'highSchoolYear',
  'graduationYear',
  'birthDay',
  'birthMonth',
  'birthYear',
  'travelFrom',
  'gender',
  'genderOther',
  'race',
  'raceOther',
  'shirtSize',
  'needsVisa',
  'needsAccommodation',
  'howDidYouHear',
  'dietaryRestrictions',
  'backgroundQuestion',
  'householdObjectQuestion',
  'whyAttendQuestion',
  'portfolio',
  'recruitmentEmails',
  'termsAccepted',
  'mlhTermsAccepted',
  'guardianName',
  'socialMediaConnection',
  'referralName',
];
const MENTOR_KEYS = [
  'firstName',
  'lastName',
  'phone',
  'title',
  'affiliation',
  'workEmail',
  'mentorAvailability',
  'judgeAvailability',
  'workshopInterest',
  'onsiteAvailability',
  'expertiseAreas',
  'programmingLanguages',
  'buildTools',
  'frameworks',
  'databases',
  'whyGoodFit',
  'additionalInfo',
  'howDidYouHear',
  'termsAccepted',
  'mlhTermsAccepted',
];

const hacker = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '+1 555 010 2030',
  major: 'CS',
  university: 'Riverside',
  isHighSchool: false,
  graduationYear: '2027',
  birthDay: 9,
  birthMonth: 12,
  birthYear: 2000,
  travelFrom: 'Boston',
  gender: 'other',
  genderOther: 'Agender',
  race: 'asian',
  shirtSize: 'm',
  needsVisa: true,
  needsAccommodation: false,
  howDidYouHear: 'A friend',
  dietaryRestrictions: '',
  backgroundQuestion: 'Compilers.',
  householdObjectQuestion: 'A lamp.',
  whyAttendQuestion: 'To learn.',
  portfolio: '',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

describe('the question catalogue', () => {
  it('declares each role’s answers in the order the wire has always carried them', () => {
    expect(answerKeys('hacker')).toEqual(HACKER_KEYS);
    expect(answerKeys('mentor')).toEqual(MENTOR_KEYS);
    expect(Object.keys(hackerAnswersObject.shape)).toEqual(HACKER_KEYS);
    expect(Object.keys(mentorAnswersObject.shape)).toEqual(MENTOR_KEYS);
  });

  it('types the answers key by key', () => {
    expectTypeOf<HackerAnswers['firstName']>().toEqualTypeOf<string>();
    expectTypeOf<HackerAnswers['birthYear']>().toEqualTypeOf<number>();
    expectTypeOf<HackerAnswers['shirtSize']>().toEqualTypeOf<
      'xs' | 's' | 'm' | 'l' | 'xl' | 'xxl' | undefined
    >();
    expectTypeOf<MentorAnswers['expertiseAreas']>().toEqualTypeOf<string[]>();
    expectTypeOf<MentorAnswers>().not.toHaveProperty('university');
  });

  it('gives every question a label, a section and someone who asks it; CSV headers are unique', () => {
    for (const q of QUESTION_LIST) {
      expect(q.label, q.key).not.toBe('');
      expect(Object.keys(q.validation).length + (q.roles?.length ?? 0), q.key).toBeGreaterThan(0);
    }
    const headers = QUESTION_LIST.flatMap((q) => (q.csv ? [q.csv.header] : []));
    expect(new Set(headers).size).toBe(headers.length);
    const orders = QUESTION_LIST.flatMap((q) => (q.csv ? [q.csv.order] : []));
    expect(new Set(orders).size).toBe(orders.length);
  });
});

describe('answerColumns: what submit and seed copy into the application row', () => {
  it('maps a hacker’s school, major, birthday and shirt; a blank portfolio is "not provided" (null)', () => {
    expect(answerColumns('hacker', hacker)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 010 2030',
      school: 'Riverside',
      major: 'CS',
      isHighSchool: false,
      birthYear: 2000,
      birthMonth: 12,
      birthDay: 9,
      shirtSize: 'm',
      portfolioUrl: null,
    });
    expect(answerColumns('hacker', { ...hacker, portfolio: 'https://x.org' }).portfolioUrl).toBe(
      'https://x.org',
    );
    expect(answerColumns('hacker', { ...hacker, shirtSize: undefined }).shirtSize).toBeNull();
  });

  it('maps a mentor’s affiliation to the school and title to the major, and nothing of a hacker’s', () => {
    expect(
      answerColumns('mentor', {
        firstName: 'Alan',
        lastName: 'Turing',
        phone: '555 0100 999',
        title: 'Professor',
        affiliation: 'Bletchley',
        portfolio: 'https://ignored.example',
        university: 'Ignored',
      }),
    ).toEqual({
      firstName: 'Alan',
      lastName: 'Turing',
      phone: '555 0100 999',
      school: 'Bletchley',
      major: 'Professor',
      isHighSchool: false,
      birthYear: null,
      birthMonth: null,
      birthDay: null,
      shirtSize: null,
      portfolioUrl: null,
    });
  });
});

describe('how admins and the applicant read the answers', () => {
  it('admin: essays first, why-attend first even under an event-named key; folded parts not repeated', () => {
    const { whyAttendQuestion: _, ...rest } = hacker;
    const { essays, fields } = adminAnswerSections('hacker', { ...rest, whyLanyardQuestion: 'To ship.' });
    expect(essays.map((e) => e.key)).toEqual([
      'whyLanyardQuestion',
      'backgroundQuestion',
      'householdObjectQuestion',
    ]);
    expect(essays[0]!.value).toBe('To ship.');
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f.value]));
    expect(byLabel['Date of Birth']).toBe('12/9/2000');
    expect(byLabel['Gender']).toBe('Other: Agender');
    expect(byLabel['Portfolio or GitHub']).toBe(NOT_PROVIDED);
    expect(fields.some((f) => ['birthDay', 'birthMonth', 'genderOther', 'email'].includes(f.key))).toBe(
      false,
    );
  });

  it('view: the hacker’s sections in order, with the account e-mail and the event’s name', () => {
    const sections = viewSections('hacker', hacker, { eventName: 'Test Hacks', email: 'g@example.org' });
    expect(sections.map((s) => s.title)).toEqual([
      'Personal Information',
      'Academic Information',
      'Essay Questions',
      'Additional Information',
      'Links',
    ]);
    const personal = Object.fromEntries(sections[0]!.items.map((i) => [i.label, i.value]));
    expect(personal).toMatchObject({
      Email: 'g@example.org',
      'Shirt Size': 'M',
      'Date of Birth': '12/9/2000',
    });
    // The high-school year only shows for someone in high school.
    expect(sections[1]!.items.map((i) => i.label)).not.toContain('Year in High School');
    expect(sections[2]!.items.map((i) => i.label)).toContain(
      'Why do you want to attend Test Hacks? (200 words max)',
    );
  });

  it('view: the mentor’s sections, lists kept as entries', () => {
    const sections = viewSections(
      'mentor',
      { firstName: 'Alan', onsiteAvailability: 'hybrid', databases: ['PostgreSQL', ''] },
      { eventName: 'Test Hacks', email: 'a@example.org' },
    );
    expect(sections.map((s) => s.title)).toEqual([
      'Personal Information',
      'Professional Information',
      'Availability',
      'Skills and Experience',
      'Essay Questions',
      'Additional Information',
    ]);
    const all = sections.flatMap((s) => s.items);
    expect(all.find((i) => i.key === 'onsiteAvailability')).toMatchObject({
      label: 'How will you take part?',
      value: 'Hybrid',
    });
    expect(all.find((i) => i.key === 'databases')?.items).toEqual(['PostgreSQL']);
    expect(all.find((i) => i.key === 'additionalInfo')?.label).toBe('Anything Else');
  });
});
