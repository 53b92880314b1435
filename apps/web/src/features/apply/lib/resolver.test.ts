import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { GUARDIAN_MESSAGE, TERMS_MESSAGE } from '@lanyard/shared/application';
import { emptyHackerForm, type HackerFormValues } from './form-values';
import { hackerFormResolver } from './resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<HackerFormValues>;
const resolve = (values: HackerFormValues) => hackerFormResolver('2025-09-19')(values, undefined, options);

const complete: HackerFormValues = {
  ...emptyHackerForm(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 123 4567',
  major: 'Mathematics',
  university: 'Stanford University',
  graduationYear: '2027',
  birthMonth: 12,
  birthDay: 10,
  birthYear: 2004,
  travelFrom: 'Austin, Texas, United States',
  howDidYouHear: 'A friend',
  backgroundQuestion: 'Engines.',
  householdObjectQuestion: 'A loom.',
  whyAttendQuestion: 'To build.',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

describe('hackerFormResolver', () => {
  it('passes a complete form and gives the parsed answers', async () => {
    const result = await resolve(complete);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ firstName: 'Ada', needsVisa: false, portfolio: '' });
  });

  it('reports the terms and the guardian together with missing fields on the first try', async () => {
    const result = await resolve({
      ...complete,
      firstName: '',
      birthYear: 2010,
      termsAccepted: false,
    });
    expect(result.errors.firstName?.message).toBe('First name is required');
    expect(result.errors.termsAccepted?.message).toBe(TERMS_MESSAGE);
    expect(result.errors.guardianName?.message).toBe(GUARDIAN_MESSAGE);
    expect(result.errors.mlhTermsAccepted).toBeUndefined();
  });

  it('flags an impossible birthday and a non-http link', async () => {
    const result = await resolve({
      ...complete,
      birthMonth: 2,
      birthDay: 31,
      portfolio: 'javascript:alert(1)',
    });
    expect(result.errors.birthDay?.message).toBe('Please enter a valid birthday');
    expect(result.errors.portfolio?.message).toMatch(/http/);
  });
});
