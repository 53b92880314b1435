import { describe, expect, it } from 'vitest';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import {
  blankDraft,
  conditionChoices,
  draftBody,
  draftOf,
  moved,
  newOptionId,
  rewordsAnswers,
} from './question-draft';

const track: CustomQuestion = {
  id: '22222222-2222-4222-8222-222222222222',
  role: 'hacker',
  section: 'additional',
  type: 'single_choice',
  label: 'Which track?',
  help: '',
  required: false,
  hidden: false,
  reviewer_visible: true,
  options: [
    { id: 'ai', label: 'AI' },
    { id: 'web', label: 'Web' },
  ],
  allow_other: true,
  display: 'radio',
  max_length: null,
  word_limit: null,
  min: null,
  max: null,
  integer: false,
  link_url: null,
  condition: null,
  position: 1,
  version: 3,
  updated_at: new Date(0).toISOString(),
};

describe('the question editor draft', () => {
  it('sends only the fields its type uses', () => {
    const draft = {
      ...blankDraft('hacker', 'additional'),
      type: 'number' as const,
      label: 'Years coding',
      min: '0',
      max: '60',
      max_length: '5',
    };
    const { body, errors } = draftBody(draft);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ type: 'number', min: 0, max: 60, max_length: null, options: [] });
  });

  it('puts problems beside their fields', () => {
    expect(draftBody(blankDraft('hacker', 'additional')).errors.label).toBe('Enter the question');
    const range = {
      ...blankDraft('hacker', 'additional'),
      type: 'number' as const,
      label: 'N',
      min: '5',
      max: '1',
    };
    expect(draftBody(range).errors.max).toBe('The largest number must not be below the smallest');
    const typed = { ...blankDraft('hacker', 'additional'), type: 'number' as const, label: 'N', min: 'abc' };
    expect(draftBody(typed).errors.min).toBe('Enter a number');
  });

  it('round-trips a saved question, its condition included', () => {
    const conditional = { ...track, condition: { question: 'isHighSchool', equals: false } };
    const draft = draftOf(conditional);
    expect(draft.condition).toBe('isHighSchool=false');
    expect(draftBody(draft).body?.condition).toEqual({ question: 'isHighSchool', equals: false });
  });

  it('offers the built-in yes/no and choice answers and the custom ones before the question', () => {
    const first = {
      ...track,
      id: '11111111-1111-4111-8111-111111111111',
      type: 'yes_no' as const,
      label: 'First hackathon?',
      options: [],
      position: 0,
    };
    const values = conditionChoices('hacker', [first, track], track.id).map((c) => c.value);
    expect(values).toContain('isHighSchool=true');
    expect(values).toContain(`${first.id}=true`);
    expect(values).not.toContain(`${track.id}=ai`);
    expect(conditionChoices('hacker', [first, track], first.id).map((c) => c.value)).not.toContain(
      `${first.id}=true`,
    );
  });

  it('warns when a change rewords what people answered', () => {
    const same = draftBody(draftOf(track)).body!;
    expect(rewordsAnswers(track, same)).toBe(false);
    expect(rewordsAnswers(track, { ...same, label: 'Which track interests you?' })).toBe(true);
    expect(
      rewordsAnswers(track, {
        ...same,
        options: [
          { id: 'ai', label: 'Machine learning' },
          { id: 'web', label: 'Web' },
        ],
      }),
    ).toBe(true);
    expect(
      rewordsAnswers(track, { ...same, options: [...same.options!, { id: 'o3', label: 'Hardware' }] }),
    ).toBe(false);
  });

  it('makes option ids that are never in use, and moves items', () => {
    expect(
      newOptionId([
        { id: 'o1', label: 'a' },
        { id: 'o3', label: 'b' },
      ]),
    ).toBe('o4');
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
