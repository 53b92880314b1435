import { describe, expect, it } from 'vitest';
import { hasSponsorConsent, isConsentChange, maySelfDelete } from './privacy';

describe('privacy policy', () => {
  it('lets sponsors see an application only while its applicant consents', () => {
    expect(hasSponsorConsent({ sponsorConsent: true })).toBe(true);
    expect(hasSponsorConsent({ sponsorConsent: false })).toBe(false);
    expect(hasSponsorConsent(null)).toBe(false);
    expect(hasSponsorConsent(undefined)).toBe(false);
  });

  it('lets applicants delete themselves, never staff', () => {
    expect(maySelfDelete('hacker')).toBe(true);
    expect(maySelfDelete('mentor')).toBe(true);
    for (const role of ['admin', 'volunteer', 'reviewer', 'sponsor']) expect(maySelfDelete(role)).toBe(false);
  });

  it('records only answers that change the consent', () => {
    expect(isConsentChange(false, true)).toBe(true);
    expect(isConsentChange(true, true)).toBe(false);
  });
});
