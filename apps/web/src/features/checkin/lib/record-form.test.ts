import { describe, expect, it } from 'vitest';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import {
  EMPTY_RECORD_FORM,
  formToBody,
  isHttpUrl,
  labelsOfServerMissing,
  missingFormFields,
  recordFormSchema,
  recordToForm,
} from './record-form';

const record: CheckinRecord = {
  _id: '9c7a0f1e-2b3c-4d5e-8f90-123456789abc',
  application_id: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: '555',
  school_name: 'Riverside',
  role: 'mentor + judge',
  major: null,
  birthYear: 2007,
  birthMonth: 9,
  birthDay: 19,
  isHighSchool: false,
  preferred_name: null,
  pronoun: 'She/Her',
  linkedin_url: 'https://linkedin.com/in/ada',
  github_url: null,
  gender: null,
  race: null,
  shirtSize: 'M',
  travelFrom: null,
  checked_in: false,
  checked_in_at: null,
  checked_in_by_email: null,
  created_at: '2025-09-01T00:00:00.000Z',
  updated_at: '2025-09-01T00:00:00.000Z',
};

describe('record form', () => {
  it('lists the required fields left empty, in form order', () => {
    expect(missingFormFields({ ...EMPTY_RECORD_FORM, role: '' })).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'role',
      'school_name',
    ]);
    expect(missingFormFields({ ...recordToForm(record), phone: '  ' })).toEqual(['phone']);
  });

  it('round-trips a record into a body the server accepts', () => {
    const body = formToBody(recordToForm(record));
    expect(body).toMatchObject({
      firstName: 'Ada',
      role: 'mentor + judge',
      birthYear: 2007,
      birthMonth: 9,
      birthDay: 19,
      isHighSchool: false,
      major: null,
      shirtSize: 'm',
      linkedin_url: 'https://linkedin.com/in/ada',
    });
  });

  it('checks links and numbers, and reports missing fields', () => {
    const schema = recordFormSchema(new Date('2025-09-19T12:00:00Z'));
    const bad = schema.safeParse({
      ...EMPTY_RECORD_FORM,
      firstName: 'A',
      linkedin_url: 'javascript:alert(1)',
      birthDay: '32',
      birthYear: '2030',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['linkedin_url', 'birthDay', 'birthYear', 'lastName', 'email', 'phone']),
    );
    expect(schema.safeParse(recordToForm(record)).success).toBe(true);
  });

  it('renders only http(s) links', () => {
    expect(isHttpUrl('https://github.com/ada')).toBe(true);
    expect(isHttpUrl('HTTP://x.org')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('github.com/ada')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });

  it("names the server's missing fields by their labels", () => {
    expect(labelsOfServerMissing('Missing fields: firstName, school_name')).toBe('First Name, School');
  });
});
