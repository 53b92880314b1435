import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { applicantPageAt } from './page-chunks';

describe('applicantPageAt: which page chunk a first load starts beside the app', () => {
  it('finds each applicant page by its address, with or without a trailing slash', () => {
    expect(applicantPageAt(paths.dashboard)).toBe('dashboard');
    expect(applicantPageAt(`${paths.dashboard}/`)).toBe('dashboard');
    expect(applicantPageAt(paths.hackerApply)).toBe('hackerApply');
    expect(applicantPageAt(paths.mentorApply)).toBe('mentorApply');
    expect(applicantPageAt(paths.viewApplication)).toBe('viewApplication');
    expect(applicantPageAt(paths.pass)).toBe('pass');
  });

  it('starts nothing for staff pages, whose code loads only inside their guards', () => {
    for (const path of [paths.admin, paths.checkin, paths.checkinScan, paths.review, paths.sponsor]) {
      expect(applicantPageAt(path)).toBeUndefined();
    }
  });

  it('starts nothing for the landing page, an unknown address or a page below an applicant page', () => {
    expect(applicantPageAt('/')).toBeUndefined();
    expect(applicantPageAt('/no-such-page')).toBeUndefined();
    expect(applicantPageAt(`${paths.dashboard}/extra`)).toBeUndefined();
  });
});
