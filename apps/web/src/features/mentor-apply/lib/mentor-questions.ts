import type { MentorFormValues, MentorListField } from './mentor-form';

/** Choices of the four availability questions (spec §3 Mentor). */
export const AVAILABILITY_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'likely', label: 'Likely' },
] as const;
export const WORKSHOP_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;
export const ONSITE_CHOICES = [
  { value: 'onsite', label: 'Onsite' },
  { value: 'virtual', label: 'Virtual' },
  { value: 'hybrid', label: 'Hybrid' },
] as const;

// Questions in sentence case, like the hacker form's; section headings are the ones in Title Case.

export const AVAILABILITY_QUESTIONS: readonly {
  field: keyof Pick<
    MentorFormValues,
    'mentorAvailability' | 'judgeAvailability' | 'workshopInterest' | 'onsiteAvailability'
  >;
  legend: string;
  choices: readonly { value: string; label: string }[];
}[] = [
  { field: 'mentorAvailability', legend: 'Available to mentor?', choices: AVAILABILITY_CHOICES },
  { field: 'judgeAvailability', legend: 'Available to judge?', choices: AVAILABILITY_CHOICES },
  { field: 'workshopInterest', legend: 'Interested in running a workshop?', choices: WORKSHOP_CHOICES },
  { field: 'onsiteAvailability', legend: 'How will you take part?', choices: ONSITE_CHOICES },
];

export const LIST_QUESTIONS: readonly { field: MentorListField; legend: string; customLabel: string }[] = [
  { field: 'expertiseAreas', legend: 'Areas of expertise', customLabel: 'Add another area of expertise' },
  {
    field: 'programmingLanguages',
    legend: 'Programming languages',
    customLabel: 'Add another programming language',
  },
  { field: 'buildTools', legend: 'Build tools', customLabel: 'Add another build tool' },
  { field: 'frameworks', legend: 'Frameworks', customLabel: 'Add another framework' },
  { field: 'databases', legend: 'Databases', customLabel: 'Add another database' },
];
