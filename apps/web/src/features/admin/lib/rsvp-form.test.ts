import { describe, expect, it } from 'vitest';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import {
  adminRsvpFormSchema,
  adminRsvpFormValues,
  LINK_MESSAGE,
  pronounChoice,
  toAdminRsvpBody,
  type AdminRsvpFormValues,
} from './rsvp-form';

const ROW: RsvpRow = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'hacker',
  status: 'accepted',
  rsvp_status: null,
  rsvp_at: null,
  preferred_name: null,
  school_name: null,
  pronoun: null,
  linkedin_url: null,
  github_url: null,
  liability_waiver_accepted: null,
  photo_clearance_accepted: null,
  photo_sharing_opt_out: null,
};

const ATTENDING: AdminRsvpFormValues = {
  rsvp_status: 'accepted',
  preferred_name: ' Addie ',
  school_name: 'Riverside University',
  pronoun: 'She/Her',
  pronoun_other: '',
  linkedin_url: '',
  github_url: 'https://github.com/addie',
  liability_waiver_accepted: true,
  photo: 'opt_out',
};

function issues(values: AdminRsvpFormValues) {
  const r = adminRsvpFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('Modify RSVP form', () => {
  it('starts from the stored row', () => {
    expect(adminRsvpFormValues(ROW)).toEqual({
      rsvp_status: '',
      preferred_name: '',
      school_name: '',
      pronoun: '',
      pronoun_other: '',
      linkedin_url: '',
      github_url: '',
      liability_waiver_accepted: false,
      photo: '',
    });
    const stored = adminRsvpFormValues({
      ...ROW,
      rsvp_status: 'accepted',
      preferred_name: 'Addie',
      pronoun: 'xe/xem',
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    expect(stored).toMatchObject({
      rsvp_status: 'accepted',
      preferred_name: 'Addie',
      pronoun: 'Other',
      pronoun_other: 'xe/xem',
      liability_waiver_accepted: true,
      photo: 'opt_out',
    });
    expect(
      adminRsvpFormValues({ ...ROW, photo_clearance_accepted: true, photo_sharing_opt_out: false }).photo,
    ).toBe('accept');
  });

  it('reads presets back whatever their case', () => {
    expect(pronounChoice('they/them')).toEqual({ pronoun: 'They/Them', pronoun_other: '' });
    expect(pronounChoice('Other')).toEqual({ pronoun: 'Other', pronoun_other: 'Other' });
    expect(pronounChoice('  ')).toEqual({ pronoun: '', pronoun_other: '' });
  });

  it('requires a status, and the details only when accepted', () => {
    expect(issues({ ...ATTENDING, rsvp_status: '' })).toEqual({ rsvp_status: 'Choose an RSVP status' });
    expect(issues(ATTENDING)).toEqual({});
    expect(
      issues({
        ...ATTENDING,
        preferred_name: ' ',
        school_name: '',
        pronoun: 'Other',
        linkedin_url: 'ftp://x',
      }),
    ).toEqual({
      preferred_name: 'Preferred full name is required',
      school_name: 'Official school name is required',
      pronoun_other: 'Please specify the pronoun',
      linkedin_url: LINK_MESSAGE,
    });
    expect(issues({ ...ATTENDING, pronoun: '' })).toEqual({ pronoun: 'Choose a pronoun' });
    // Hidden details never block another answer.
    expect(
      issues({ ...ATTENDING, rsvp_status: 'maybe', preferred_name: '', github_url: 'javascript:alert(1)' }),
    ).toEqual({});
  });

  it('refuses links that are not http(s)', () => {
    expect(issues({ ...ATTENDING, github_url: 'javascript:alert(1)' })).toEqual({ github_url: LINK_MESSAGE });
    expect(issues({ ...ATTENDING, github_url: 'http://example.org/x' })).toEqual({});
  });
});

describe('the PUT body', () => {
  it('is the answer alone when not accepted', () => {
    expect(toAdminRsvpBody({ ...ATTENDING, rsvp_status: 'declined' }, ROW)).toEqual({
      rsvp_status: 'declined',
    });
    expect(toAdminRsvpBody({ ...ATTENDING, rsvp_status: 'maybe' }, ROW)).toEqual({ rsvp_status: 'maybe' });
  });

  it('carries the trimmed details when accepted, an opt-out as the applicant form stores it', () => {
    expect(toAdminRsvpBody(ATTENDING, ROW)).toEqual({
      rsvp_status: 'accepted',
      preferred_name: 'Addie',
      school_name: 'Riverside University',
      pronoun: 'She/Her',
      linkedin_url: null,
      github_url: 'https://github.com/addie',
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    expect(
      toAdminRsvpBody({ ...ATTENDING, pronoun: 'Other', pronoun_other: ' xe/xem ', photo: 'accept' }, ROW),
    ).toMatchObject({
      pronoun: 'xe/xem',
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
  });

  it('keeps unanswered answers unanswered', () => {
    const body = toAdminRsvpBody({ ...ATTENDING, liability_waiver_accepted: false, photo: '' }, ROW);
    expect(body).not.toHaveProperty('liability_waiver_accepted');
    expect(body).not.toHaveProperty('photo_clearance_accepted');
    expect(body).not.toHaveProperty('photo_sharing_opt_out');
    // A waiver that was answered and is now unticked is recorded as declined.
    expect(
      toAdminRsvpBody(
        { ...ATTENDING, liability_waiver_accepted: false },
        { ...ROW, liability_waiver_accepted: true },
      ).liability_waiver_accepted,
    ).toBe(false);
  });
});
