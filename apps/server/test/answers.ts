/**
 * Valid application answers, free of test-runner and app imports, so the in-process tests
 * (test/applicant.ts) and the fault tests against the production bundle share them.
 */
/** A complete, valid hacker application (an adult, terms accepted); overrides replace fields. */
export function hackerAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '+1 (555) 010-2030',
    major: 'Computer Science',
    university: 'Riverside University',
    isHighSchool: false,
    graduationYear: '2027',
    birthDay: 10,
    birthMonth: 12,
    birthYear: 2000,
    travelFrom: 'Boston, MA, United States',
    gender: 'female',
    race: 'white',
    shirtSize: 'm',
    needsVisa: false,
    needsAccommodation: false,
    howDidYouHear: 'A friend',
    dietaryRestrictions: '',
    backgroundQuestion: 'I build things.',
    householdObjectQuestion: 'A kettle.',
    whyAttendQuestion: 'To learn and ship.',
    portfolio: 'https://example.org/ada',
    recruitmentEmails: false,
    termsAccepted: true,
    mlhTermsAccepted: true,
    socialMediaConnection: 'yes',
    ...overrides,
  };
}

/** A complete, valid mentor application; overrides replace fields. */
export function mentorAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: '+1 555 010 9999',
    title: 'Staff Engineer',
    affiliation: 'Example Corp',
    workEmail: 'grace@example.com',
    mentorAvailability: 'yes',
    judgeAvailability: 'likely',
    workshopInterest: 'no',
    onsiteAvailability: 'hybrid',
    expertiseAreas: ['Backend', 'Cloud'],
    programmingLanguages: ['Go'],
    buildTools: [],
    frameworks: [],
    databases: ['PostgreSQL'],
    whyGoodFit: 'I have mentored at many hackathons.',
    additionalInfo: '',
    howDidYouHear: 'Newsletter',
    termsAccepted: true,
    mlhTermsAccepted: true,
    ...overrides,
  };
}

/** The least an accepted applicant confirming attendance must give in an RSVP; overrides replace fields. */
export function rsvpAttending(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    response: 'accepted',
    preferredName: 'Ada',
    schoolName: 'Riverside University',
    pronoun: 'She/Her',
    liabilityWaiverAccepted: true,
    photoClearanceAccepted: true,
    photoSharingOptOut: false,
    ...overrides,
  };
}
