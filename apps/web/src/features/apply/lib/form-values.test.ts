import { describe, expect, it } from 'vitest';
import {
  BIRTHDAY_MESSAGE,
  GUARDIAN_MESSAGE,
  TERMS_MESSAGE,
  type HackerAnswers,
} from '@lanyard/shared/application';
import { formQuestions } from '@lanyard/shared/questions';
import {
  crossFieldErrors,
  draftAnswersFromForm,
  emptyHackerForm,
  formValuesFromDraft,
  isMinorOnEventDay,
  showGuardianField,
  submissionAnswers,
} from './form-values';

const START = '2025-09-19';

describe('formValuesFromDraft', () => {
  it('starts from a blank form', () => {
    const v = formValuesFromDraft(null);
    expect(v.firstName).toBe('');
    expect(v.termsAccepted).toBe(false);
    expect(v.birthYear).toBeUndefined();
    expect(v.gender).toBeUndefined();
    expect(v.needsVisa).toBeUndefined();
  });

  it('keeps known answers of the right type and drops everything else', () => {
    const v = formValuesFromDraft({
      firstName: 'Ada',
      lastName: 42,
      birthYear: 2001,
      birthMonth: 'twelve',
      needsVisa: true,
      gender: 'other',
      race: 'martian',
      shirtSize: 'm',
      socialMediaConnection: 'will-do-now',
      highSchoolYear: 'junior',
      status: 'accepted',
      email: 'x@y.z',
    });
    expect(v).toMatchObject({
      firstName: 'Ada',
      lastName: '',
      birthYear: 2001,
      needsVisa: true,
      gender: 'other',
      shirtSize: 'm',
      socialMediaConnection: 'will-do-now',
      highSchoolYear: 'junior',
    });
    expect(v.birthMonth).toBeUndefined();
    expect(v.race).toBeUndefined();
    expect('status' in v).toBe(false);
    expect('email' in v).toBe(false);
  });

  it('round-trips through draftAnswersFromForm', () => {
    const values = { ...emptyHackerForm(), firstName: 'Grace', birthDay: 9, needsAccommodation: false };
    expect(formValuesFromDraft(draftAnswersFromForm(values))).toEqual(values);
  });
});

describe('the draft round trip follows the question catalogue', () => {
  /** An answer of the right shape for each hacker question. */
  const sample = Object.fromEntries(
    formQuestions('hacker').map((q) => {
      switch (q.kind) {
        case 'string':
          return [q.key, `answer to ${q.key}`];
        case 'boolean':
          return [q.key, true];
        case 'number':
          return [q.key, 7];
        case 'choice':
          return [q.key, Object.keys(q.options ?? {}).at(-1)];
        case 'list':
          return [q.key, ['one', 'two']];
      }
    }),
  );

  it('keeps an answer to every question of the catalogue', () => {
    expect(formValuesFromDraft(draftAnswersFromForm(formValuesFromDraft(sample)))).toEqual(sample);
  });

  it('starts every text question empty and every box unticked but the yes/no questions', () => {
    const blank = emptyHackerForm() as Record<string, unknown>;
    for (const q of formQuestions('hacker')) {
      if (q.kind === 'string') expect(blank[q.key], q.key).toBe('');
      if (q.kind === 'boolean') expect(blank[q.key], q.key).toBe(q.startsUnanswered ? undefined : false);
    }
  });
});

describe('draftAnswersFromForm', () => {
  it('leaves out undefined, null and NaN', () => {
    expect(
      draftAnswersFromForm({ firstName: 'A', birthDay: NaN, gender: undefined, birthYear: 2000 }),
    ).toEqual({
      firstName: 'A',
      birthYear: 2000,
    });
  });
});

describe('guardian rules', () => {
  it('shows the field for birth years after 2006', () => {
    expect(showGuardianField(2006)).toBe(false);
    expect(showGuardianField(2007)).toBe(true);
    expect(showGuardianField(undefined)).toBe(false);
    expect(showGuardianField(NaN)).toBe(false);
  });

  it('is a minor until the 18th birthday, counted on the first day of the event', () => {
    expect(isMinorOnEventDay(START, { birthYear: 2007, birthMonth: 9, birthDay: 19 })).toBe(false);
    expect(isMinorOnEventDay(START, { birthYear: 2007, birthMonth: 9, birthDay: 20 })).toBe(true);
    expect(isMinorOnEventDay(START, { birthYear: 2007, birthMonth: 9 })).toBe(false);
  });
});

describe('crossFieldErrors', () => {
  it('reports the birthday, terms, and choices that need an explanation', () => {
    expect(crossFieldErrors(START, { gender: 'other', race: 'raceOther', isHighSchool: true })).toEqual({
      birthDay: BIRTHDAY_MESSAGE,
      highSchoolYear: 'Year in high school is required',
      genderOther: 'Please describe your gender',
      raceOther: 'Please describe your race or ethnicity',
      termsAccepted: TERMS_MESSAGE,
      mlhTermsAccepted: TERMS_MESSAGE,
    });
  });

  it('asks for a guardian only for a valid under-18 birthday', () => {
    const base = { termsAccepted: true, mlhTermsAccepted: true };
    expect(crossFieldErrors(START, { ...base, birthYear: 2010, birthMonth: 1, birthDay: 1 })).toEqual({
      guardianName: GUARDIAN_MESSAGE,
    });
    expect(
      crossFieldErrors(START, { ...base, birthYear: 2010, birthMonth: 1, birthDay: 1, guardianName: 'Pat' }),
    ).toEqual({});
    expect(crossFieldErrors(START, { ...base, birthYear: 2001, birthMonth: 2, birthDay: 30 })).toEqual({
      birthDay: BIRTHDAY_MESSAGE,
    });
  });
});

describe('submissionAnswers', () => {
  it('drops answers to questions that are hidden', () => {
    const answers = {
      isHighSchool: false,
      highSchoolYear: 'senior',
      gender: 'female',
      genderOther: 'x',
      race: 'asian',
      raceOther: 'y',
      birthYear: 2000,
      guardianName: 'Pat',
    } as unknown as HackerAnswers;
    const out = submissionAnswers(answers);
    expect('highSchoolYear' in out).toBe(false);
    expect(out).toMatchObject({ genderOther: '', raceOther: '', guardianName: '' });
    expect(answers.highSchoolYear).toBe('senior');
  });

  it('keeps them when they apply', () => {
    const answers = {
      isHighSchool: true,
      highSchoolYear: 'senior',
      gender: 'other',
      genderOther: 'x',
      race: 'raceOther',
      raceOther: 'y',
      birthYear: 2009,
      guardianName: 'Pat',
    } as unknown as HackerAnswers;
    expect(submissionAnswers(answers)).toEqual(answers);
  });
});
