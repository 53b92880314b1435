import { describe, expect, it } from 'vitest';
import { APPLICANT_ROLES, APPLICATION_STATUSES } from '@lanyard/shared/constants';
import {
  decisionsReleased,
  releaseFlagPatch,
  releasedRoles,
  visibleStatus,
  type ReleaseFlags,
} from './decisions';

const NONE: ReleaseFlags = { hackerDecisionsReleased: false, mentorDecisionsReleased: false };
const HACKERS: ReleaseFlags = { hackerDecisionsReleased: true, mentorDecisionsReleased: false };
const MENTORS: ReleaseFlags = { hackerDecisionsReleased: false, mentorDecisionsReleased: true };
const BOTH: ReleaseFlags = { hackerDecisionsReleased: true, mentorDecisionsReleased: true };

describe('decisions policy', () => {
  it('each role has its own release switch', () => {
    expect(decisionsReleased(HACKERS, 'hacker')).toBe(true);
    expect(decisionsReleased(HACKERS, 'mentor')).toBe(false);
    expect(decisionsReleased(MENTORS, 'hacker')).toBe(false);
    expect(decisionsReleased(MENTORS, 'mentor')).toBe(true);
    for (const role of APPLICANT_ROLES) {
      expect(decisionsReleased(NONE, role)).toBe(false);
      expect(decisionsReleased(BOTH, role)).toBe(true);
    }
  });

  it('lists the released roles', () => {
    expect(releasedRoles(NONE)).toEqual([]);
    expect(releasedRoles(HACKERS)).toEqual(['hacker']);
    expect(releasedRoles(MENTORS)).toEqual(['mentor']);
    expect(releasedRoles(BOTH)).toEqual(['hacker', 'mentor']);
  });

  it('a release changes only its own role’s switch', () => {
    expect(releaseFlagPatch('hacker', true)).toEqual({ hackerDecisionsReleased: true });
    expect(releaseFlagPatch('mentor', false)).toEqual({ mentorDecisionsReleased: false });
    expect({ ...NONE, ...releaseFlagPatch('mentor', true) }).toEqual(MENTORS);
  });

  it('before release every applicant of the role sees "submitted", whatever was decided', () => {
    for (const role of APPLICANT_ROLES) {
      const flags = role === 'hacker' ? MENTORS : HACKERS;
      for (const status of APPLICATION_STATUSES) {
        expect(visibleStatus({ status, role }, flags)).toBe('submitted');
        expect(visibleStatus({ status, role }, NONE)).toBe('submitted');
      }
    }
  });

  it('after release the applicant sees the decision; an undecided application stays "submitted"', () => {
    for (const role of APPLICANT_ROLES) {
      const flags = role === 'hacker' ? HACKERS : MENTORS;
      expect(visibleStatus({ status: 'accepted', role }, flags)).toBe('accepted');
      expect(visibleStatus({ status: 'waitlisted', role }, flags)).toBe('waitlisted');
      expect(visibleStatus({ status: 'rejected', role }, flags)).toBe('rejected');
      expect(visibleStatus({ status: 'pending', role }, flags)).toBe('submitted');
      expect(visibleStatus({ status: 'submitted', role }, flags)).toBe('submitted');
    }
  });
});
