import { describe, expect, it } from 'vitest';
import { checkCustomAnswers, customQuestionBodySchema, type CustomQuestion } from './custom';

const ids = {
  first: '11111111-1111-4111-8111-111111111111',
  track: '22222222-2222-4222-8222-222222222222',
  team: '33333333-3333-4333-8333-333333333333',
  age: '44444444-4444-4444-8444-444444444444',
};

function question(id: string, body: Record<string, unknown>): CustomQuestion {
  const def = customQuestionBodySchema.parse({ role: 'hacker', section: 'additional', ...body });
  return { id, ...def, position: 0, version: 1, updated_at: new Date(0).toISOString() };
}

const first = question(ids.first, { type: 'yes_no', label: 'Is this your first hackathon?', required: true });
const track = question(ids.track, {
  type: 'single_choice',
  label: 'Which track?',
  options: [
    { id: 'ai', label: 'AI' },
    { id: 'web', label: 'Web' },
  ],
  allow_other: true,
});
// Shown only to first-timers, and required while shown.
const team = question(ids.team, {
  type: 'short_text',
  label: 'Do you have a team?',
  required: true,
  max_length: 10,
  condition: { question: ids.first, equals: true },
});
const age = question(ids.age, { type: 'number', label: 'Years coding', min: 0, max: 60, integer: true });
const all = [first, track, team, age];

describe('custom question definitions', () => {
  it('refuses a choice question without two options, and options on other types', () => {
    const bad = customQuestionBodySchema.safeParse({
      role: 'hacker',
      section: 'additional',
      type: 'single_choice',
      label: 'Pick',
      options: [{ id: 'a', label: 'A' }],
    });
    expect(bad.success).toBe(false);
    const extra = customQuestionBodySchema.safeParse({
      role: 'hacker',
      section: 'additional',
      type: 'yes_no',
      label: 'Yes?',
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
    });
    expect(extra.success).toBe(false);
  });

  it('refuses a section the role’s form does not have, and unknown fields', () => {
    expect(
      customQuestionBodySchema.safeParse({ role: 'hacker', section: 'skills', type: 'yes_no', label: 'Q' })
        .success,
    ).toBe(false);
    expect(
      customQuestionBodySchema.safeParse({
        role: 'hacker',
        section: 'additional',
        type: 'yes_no',
        label: 'Q',
        html: '<b>',
      }).success,
    ).toBe(false);
  });
});

describe('checkCustomAnswers', () => {
  it('requires a required question, naming it', () => {
    const { issues } = checkCustomAnswers(all, {}, {});
    expect(issues.map((i) => i.message)).toEqual([
      'Is this your first hackathon?: this question is required',
    ]);
  });

  it('requires a conditional question only while it is shown, and drops its answer when it is not', () => {
    expect(checkCustomAnswers(all, {}, { [ids.first]: true }).issues.map((i) => i.id)).toEqual([ids.team]);
    const { values, issues } = checkCustomAnswers(all, {}, { [ids.first]: false, [ids.team]: 'Wren' });
    expect(issues).toEqual([]);
    expect(values).toEqual({ [ids.first]: false });
  });

  it('refuses unknown ids, wrong types, options not offered and too-long text', () => {
    const { issues } = checkCustomAnswers(
      all,
      {},
      {
        [ids.first]: 'yes',
        [ids.track]: { selected: ['mobile'], other: null },
        [ids.age]: 2.5,
        '99999999-9999-4999-8999-999999999999': 'x',
      },
    );
    expect(issues.map((i) => i.message)).toEqual([
      'Unknown question 99999999-9999-4999-8999-999999999999',
      'Is this your first hackathon?: answer yes or no',
      'Which track?: choose one of the options',
      'Years coding: enter a whole number',
    ]);
    const long = checkCustomAnswers(all, {}, { [ids.first]: true, [ids.team]: 'x'.repeat(100_000) });
    expect(long.issues.map((i) => i.message)).toEqual(['Do you have a team?: at most 10 characters']);
  });

  it('keeps "Other" in the applicant’s words, one choice only for single choice', () => {
    const ok = checkCustomAnswers(
      all,
      {},
      { [ids.first]: false, [ids.track]: { selected: [], other: ' Hardware ' } },
    );
    expect(ok.values[ids.track]).toEqual({ selected: [], other: 'Hardware' });
    const two = checkCustomAnswers(
      all,
      {},
      { [ids.first]: false, [ids.track]: { selected: ['ai', 'web'], other: null } },
    );
    expect(two.issues.map((i) => i.message)).toEqual(['Which track?: choose one']);
  });

  it('ignores hidden questions (existing answers are kept elsewhere) and allows partial drafts', () => {
    const hidden = { ...first, hidden: true };
    expect(checkCustomAnswers([hidden, track], {}, {}).issues).toEqual([]);
    expect(checkCustomAnswers(all, {}, {}, { partial: true }).issues).toEqual([]);
  });
});
