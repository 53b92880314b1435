/** The choices of the built-in questions, with the words applicants and admins read for each. */

export const HIGH_SCHOOL_YEARS = ['freshman', 'sophomore', 'junior', 'senior'] as const;
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const RACES = [
  'asian',
  'black',
  'hispanic',
  'white',
  'native',
  'pacific',
  'raceOther',
  'race-prefer-not-to-say',
] as const;
export const SOCIAL_MEDIA_CONNECTIONS = ['yes', 'will-do-now'] as const;
export const AVAILABILITY = ['yes', 'no', 'likely'] as const;
export const WORKSHOP_INTEREST = ['yes', 'no'] as const;
export const ONSITE_AVAILABILITY = ['onsite', 'virtual', 'hybrid'] as const;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};
export const RACE_LABELS: Record<(typeof RACES)[number], string> = {
  asian: 'Asian',
  black: 'Black or African American',
  hispanic: 'Hispanic or Latino',
  white: 'White',
  native: 'American Indian or Alaska Native',
  pacific: 'Native Hawaiian or Other Pacific Islander',
  raceOther: 'Other',
  'race-prefer-not-to-say': 'Prefer not to say',
};
export const HIGH_SCHOOL_YEAR_LABELS: Record<(typeof HIGH_SCHOOL_YEARS)[number], string> = {
  freshman: 'Freshman',
  sophomore: 'Sophomore',
  junior: 'Junior',
  senior: 'Senior',
};
export const SOCIAL_MEDIA_LABELS: Record<(typeof SOCIAL_MEDIA_CONNECTIONS)[number], string> = {
  yes: 'Yes',
  'will-do-now': 'Will do now',
};
export const AVAILABILITY_LABELS: Record<(typeof AVAILABILITY)[number], string> = {
  yes: 'Yes',
  no: 'No',
  likely: 'Likely',
};
export const WORKSHOP_LABELS: Record<(typeof WORKSHOP_INTEREST)[number], string> = { yes: 'Yes', no: 'No' };
export const ONSITE_LABELS: Record<(typeof ONSITE_AVAILABILITY)[number], string> = {
  onsite: 'Onsite',
  virtual: 'Virtual',
  hybrid: 'Hybrid',
};

/** Mentor preset lists; custom entries are allowed beside them. */
export const MENTOR_PRESETS = {
  expertiseAreas: [
    'Android',
    'iOS',
    'Web Development',
    'Hardware',
    'Windows',
    'macOS',
    'Cloud',
    'Machine Learning',
    'Data Science',
    'UI/UX Design',
    'Backend',
    'Frontend',
    'DevOps',
  ],
  programmingLanguages: [
    'Java',
    'Python',
    'JavaScript',
    'TypeScript',
    'C',
    'C++',
    'C#',
    'Go',
    'Rust',
    'Swift',
    'Kotlin',
    'Ruby',
    'PHP',
  ],
  buildTools: [
    'npm',
    'Yarn',
    'Webpack',
    'Vite',
    'Gradle',
    'Maven',
    'Make',
    'CMake',
    'Bazel',
    'Docker',
    'Cargo',
  ],
  frameworks: [
    'React',
    'Angular',
    'Vue',
    'Svelte',
    'Next.js',
    'Express',
    'Django',
    'Flask',
    'Spring',
    'Rails',
    'Flutter',
    'React Native',
  ],
  databases: [
    'PostgreSQL',
    'MySQL',
    'SQLite',
    'MongoDB',
    'Redis',
    'Firebase',
    'DynamoDB',
    'Cassandra',
    'Elasticsearch',
    'Supabase',
  ],
} as const;
