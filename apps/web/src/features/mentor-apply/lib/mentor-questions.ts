import { QUESTIONS, questionPrompt } from '@lanyard/shared/questions';
import { optionsOf } from '@/components/ui/form';
import type { MentorListField } from './mentor-form';
import { AVAILABILITY_FIELDS } from './mentor-form';

/** The four availability questions, worded and offered as the question catalogue declares them. */
export const AVAILABILITY_QUESTIONS = AVAILABILITY_FIELDS.map((field) => ({
  field,
  legend: questionPrompt(field),
  choices: optionsOf(QUESTIONS[field].options),
}));

const CUSTOM_LABELS: Record<MentorListField, string> = {
  expertiseAreas: 'Add another area of expertise',
  programmingLanguages: 'Add another programming language',
  buildTools: 'Add another build tool',
  frameworks: 'Add another framework',
  databases: 'Add another database',
};

/** The five lists to pick from, each with its box for an entry of one's own. */
export const LIST_QUESTIONS = (Object.keys(CUSTOM_LABELS) as MentorListField[]).map((field) => ({
  field,
  legend: questionPrompt(field),
  customLabel: CUSTOM_LABELS[field],
}));
