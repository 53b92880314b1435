/** Every route of the portal in one place, so links and the router cannot disagree. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  /** "Save my pass": the applicant's door code, kept on the device for offline use. */
  pass: '/pass',
  adminLogin: '/admin/login',
  admin: '/admin',
  checkin: '/checkin',
  /** The station scanner (event day): staff only, opens offline. */
  checkinScan: '/checkin/scan',
  review: '/review',
  /** The resume book: sponsor accounts only. */
  sponsor: '/sponsor',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  hackerApply: '/hacker-apply',
  submissionSuccess: '/submission-success',
  mentorApply: '/mentor-apply',
  mentorSubmissionSuccess: '/mentor-submission-success',
  viewApplication: '/view-application',
  /** The privacy page's default address; the event config's privacy.policyPath may move it. */
  privacy: '/privacy',
} as const;
