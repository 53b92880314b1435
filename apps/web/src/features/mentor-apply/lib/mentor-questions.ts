import type { MentorListField } from './mentor-form';

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

export const LIST_QUESTIONS: readonly { field: MentorListField; legend: string; customLabel: string }[] = [
  { field: 'expertiseAreas', legend: 'Areas of Expertise', customLabel: 'Add another area of expertise' },
  {
    field: 'programmingLanguages',
    legend: 'Programming Languages',
    customLabel: 'Add another programming language',
  },
  { field: 'buildTools', legend: 'Build Tools', customLabel: 'Add another build tool' },
  { field: 'frameworks', legend: 'Frameworks', customLabel: 'Add another framework' },
  { field: 'databases', legend: 'Databases', customLabel: 'Add another database' },
];
