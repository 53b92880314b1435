import { describe, expect, it } from 'vitest';
import { mentorAnswersSchema, mentorSubmissionSchema } from '@lanyard/shared/application';
import { formQuestions } from '@lanyard/shared/questions';
import {
  addListEntry,
  draftAnswers,
  EMPTY_MENTOR_VALUES,
  submissionProblem,
  toggleListEntry,
  valuesFromDraft,
  type MentorFormValues,
} from './mentor-form';

const complete: MentorFormValues = {
  ...EMPTY_MENTOR_VALUES,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 010 0199',
  title: 'Engineer',
  affiliation: 'Analytical Engines',
  mentorAvailability: 'yes',
  judgeAvailability: 'likely',
  workshopInterest: 'no',
  onsiteAvailability: 'hybrid',
  programmingLanguages: ['Python', 'Zig'],
  whyGoodFit: 'I like helping people build things.',
  termsAccepted: true,
  mlhTermsAccepted: true,
};

describe('submit checks of spec §5, in order', () => {
  it('a complete form has no problem, and the shared schemas agree', () => {
    expect(submissionProblem(complete)).toBeNull();
    const parsed = mentorAnswersSchema.parse(complete);
    expect(mentorSubmissionSchema.safeParse({ ...parsed, resume_url: '/api/upload/file/x' }).success).toBe(
      true,
    );
  });

  it('a blank required field: "Missing Information" / fill in all required fields', () => {
    for (const field of ['firstName', 'lastName', 'phone', 'title', 'affiliation'] as const) {
      expect(submissionProblem({ ...complete, [field]: '   ' })).toEqual({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        field,
      });
    }
  });

  it('an unanswered availability question: "Please answer all availability questions."', () => {
    for (const field of [
      'mentorAvailability',
      'judgeAvailability',
      'workshopInterest',
      'onsiteAvailability',
    ] as const) {
      expect(submissionProblem({ ...complete, [field]: undefined })).toEqual({
        title: 'Missing Information',
        description: 'Please answer all availability questions.',
        field,
      });
    }
  });

  it('required fields are reported before availability', () => {
    expect(submissionProblem(EMPTY_MENTOR_VALUES)?.description).toBe('Please fill in all required fields.');
  });

  it('more than 150 words: "Word Limit Exceeded"', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(submissionProblem({ ...complete, whyGoodFit: words(150) })).toBeNull();
    expect(submissionProblem({ ...complete, whyGoodFit: words(151) })).toEqual({
      title: 'Word Limit Exceeded',
      description: 'Why are you a good fit question must be 150 words or less.',
      field: 'whyGoodFit',
    });
  });

  it('either term unticked: "Terms Required"', () => {
    expect(submissionProblem({ ...complete, termsAccepted: false })).toMatchObject({
      title: 'Terms Required',
      description: 'Please accept both terms and conditions.',
    });
    expect(submissionProblem({ ...complete, mlhTermsAccepted: false })?.field).toBe('mlhTermsAccepted');
  });
});

describe('multi-select lists', () => {
  const presets = ['Python', 'Go'];

  it('adds a trimmed custom entry', () => {
    expect(addListEntry(['Go'], '  Elixir  ', presets)).toEqual(['Go', 'Elixir']);
  });

  it('ignores empty entries and duplicates (any case)', () => {
    expect(addListEntry(['Go'], '   ', presets)).toEqual(['Go']);
    expect(addListEntry(['Go', 'Elixir'], 'elixir', presets)).toEqual(['Go', 'Elixir']);
    expect(addListEntry(['Go'], 'GO', presets)).toEqual(['Go']);
  });

  it('a typed preset selects the preset spelling', () => {
    expect(addListEntry([], 'python', presets)).toEqual(['Python']);
  });

  it('caps entries at the schema bounds', () => {
    expect(addListEntry([], 'x'.repeat(80), presets)[0]).toHaveLength(60);
    const full = Array.from({ length: 40 }, (_, i) => `e${i}`);
    expect(addListEntry(full, 'one more', presets)).toHaveLength(40);
    expect(toggleListEntry(full, 'Python')).toHaveLength(40);
  });

  it('toggles presets on and off', () => {
    expect(toggleListEntry(['Go'], 'Python')).toEqual(['Go', 'Python']);
    expect(toggleListEntry(['Go', 'Python'], 'Go')).toEqual(['Python']);
  });
});

describe('drafts', () => {
  it('round-trips the answers', () => {
    expect(valuesFromDraft(draftAnswers(complete))).toEqual(complete);
  });

  it('leaves unanswered questions out of the draft', () => {
    expect(draftAnswers(EMPTY_MENTOR_VALUES)).not.toHaveProperty('mentorAvailability');
  });

  it('ignores malformed saved answers', () => {
    const values = valuesFromDraft({
      firstName: 42,
      mentorAvailability: 'maybe',
      onsiteAvailability: 'virtual',
      databases: ['Redis', 7, '', 'Redis'],
      termsAccepted: 'yes',
    });
    expect(values.firstName).toBe('');
    expect(values.mentorAvailability).toBeUndefined();
    expect(values.onsiteAvailability).toBe('virtual');
    expect(values.databases).toEqual(['Redis']);
    expect(values.termsAccepted).toBe(false);
  });

  it('keeps an answer to every mentor question of the catalogue', () => {
    const sample = Object.fromEntries(
      formQuestions('mentor').map((q) => {
        switch (q.kind) {
          case 'string':
            return [q.key, `answer to ${q.key}`];
          case 'boolean':
            return [q.key, true];
          case 'number':
            return [q.key, 7];
          case 'choice':
            return [q.key, Object.keys(q.options ?? {}).at(-1)];
          case 'list':
            return [q.key, ['one', 'two']];
        }
      }),
    );
    expect(valuesFromDraft(draftAnswers(valuesFromDraft(sample)))).toEqual(sample);
  });

  it('no draft means an empty form', () => {
    expect(valuesFromDraft(null)).toEqual(EMPTY_MENTOR_VALUES);
  });
});
