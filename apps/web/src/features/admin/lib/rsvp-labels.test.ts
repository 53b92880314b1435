import { describe, expect, it } from 'vitest';
import {
  liabilityLabel,
  liabilityState,
  liabilityTone,
  NO_CHOICE_MADE,
  NO_RESPONSE,
  photoPermission,
  photoPermissionLabel,
  photoPermissionTone,
  rsvpStatusLabel,
} from './rsvp-labels';

const photo = (clearance: boolean | null, optOut: boolean | null) => ({
  photo_clearance_accepted: clearance,
  photo_sharing_opt_out: optOut,
});

describe('photo permission', () => {
  it('groups the stored answers as the server filter does', () => {
    expect(photoPermission(photo(true, false))).toBe('allow_sharing');
    // The applicant form stores an opt-out as "release not accepted, opted out".
    expect(photoPermission(photo(false, true))).toBe('no_public_sharing');
    expect(photoPermission(photo(true, true))).toBe('no_public_sharing');
    expect(photoPermission(photo(false, false))).toBe('declined');
    expect(photoPermission(photo(null, null))).toBe('n/a');
  });

  it('reads as words: N/A in the table, No Choice Made in the details', () => {
    expect(photoPermissionLabel(photo(true, false))).toBe('Allow Sharing');
    expect(photoPermissionLabel(photo(false, true))).toBe('No Public Sharing');
    expect(photoPermissionLabel(photo(false, false))).toBe('Declined');
    expect(photoPermissionLabel(photo(null, null))).toBe('N/A');
    expect(photoPermissionLabel(photo(null, null), NO_CHOICE_MADE)).toBe('No Choice Made');
    expect(photoPermissionLabel(photo(true, false), NO_CHOICE_MADE)).toBe('Allow Sharing');
  });

  it('is coloured by how much may be shared', () => {
    expect(photoPermissionTone(photo(true, false))).toBe('green');
    expect(photoPermissionTone(photo(false, true))).toBe('yellow');
    expect(photoPermissionTone(photo(false, false))).toBe('red');
    expect(photoPermissionTone(photo(null, null))).toBe('gray');
  });
});

describe('liability waiver', () => {
  it('is Accepted, Declined or N/A like the filter', () => {
    expect(liabilityState(true)).toBe('accepted');
    expect(liabilityState(false)).toBe('declined');
    expect(liabilityState(null)).toBe('n/a');
    expect(liabilityLabel(true)).toBe('Accepted');
    expect(liabilityLabel(false)).toBe('Declined');
    expect(liabilityLabel(null)).toBe('N/A');
    expect(liabilityLabel(null, NO_RESPONSE)).toBe('No Response');
    expect(liabilityTone(true)).toBe('green');
    expect(liabilityTone(false)).toBe('red');
    expect(liabilityTone(null)).toBe('gray');
  });
});

describe('RSVP status', () => {
  it('says No Response when there is no answer', () => {
    expect(rsvpStatusLabel(null)).toBe('No Response');
    expect(rsvpStatusLabel('accepted')).toBe('Accepted');
    expect(rsvpStatusLabel('declined')).toBe('Declined');
    expect(rsvpStatusLabel('maybe')).toBe('Maybe');
  });

  it('says Awaiting RSVP for an accepted or waitlisted applicant with no answer to their decision', () => {
    expect(rsvpStatusLabel(null, 'accepted')).toBe('Awaiting RSVP');
    expect(rsvpStatusLabel(null, 'waitlisted')).toBe('Awaiting RSVP');
    expect(rsvpStatusLabel(null, 'rejected')).toBe('No Response');
    expect(rsvpStatusLabel('accepted', 'accepted')).toBe('Accepted');
  });
});
