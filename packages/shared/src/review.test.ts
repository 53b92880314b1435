import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REVIEW_SETTINGS,
  DEFAULT_RUBRIC,
  reviewSettingsSchema,
  rubricCriterionSchema,
  submitReviewBodySchema,
  weightedTotal,
  type RubricCriterion,
} from './review';

const criterion = (over: Partial<RubricCriterion>): RubricCriterion => ({
  id: 'c',
  name: 'C',
  weight: 1,
  questions: [],
  scale: 5,
  levels: ['1', '2', '3', '4', '5'],
  ...over,
});

describe('the review settings', () => {
  it('ship a rubric that parses, fitted to the built-in essays', () => {
    expect(reviewSettingsSchema.parse(DEFAULT_REVIEW_SETTINGS)).toEqual(DEFAULT_REVIEW_SETTINGS);
    expect(DEFAULT_RUBRIC.hacker.map((c) => c.questions).flat()).toEqual([
      'backgroundQuestion',
      'whyAttendQuestion',
      'householdObjectQuestion',
    ]);
    expect(DEFAULT_RUBRIC.mentor.map((c) => c.id)).toEqual(['expertise', 'fit']);
  });

  it('need a written meaning for every level of a scale', () => {
    const r = rubricCriterionSchema.safeParse(criterion({ scale: 4 }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Every level of the scale needs a written meaning');
  });

  it('refuse a question the catalogue does not have, and more than six criteria', () => {
    expect(rubricCriterionSchema.safeParse(criterion({ questions: ['nope' as never] })).success).toBe(false);
    const seven = Array.from({ length: 7 }, (_, i) => criterion({ id: `c${i}` }));
    const r = reviewSettingsSchema.safeParse({
      ...DEFAULT_REVIEW_SETTINGS,
      rubric: { ...DEFAULT_RUBRIC, hacker: seven },
    });
    expect(r.success).toBe(false);
  });
});

describe('weightedTotal', () => {
  it('is the weighted mean of the scores when every criterion runs 1 to 5', () => {
    const cs = [criterion({ id: 'a', weight: 1 }), criterion({ id: 'b', weight: 3 })];
    expect(weightedTotal(cs, { a: 5, b: 1 })).toBe(2);
    expect(weightedTotal(cs, { a: 4, b: 4 })).toBe(4);
  });

  it('places each score within its own scale before weighting', () => {
    const ten = criterion({ id: 'b', scale: 10, levels: Array.from({ length: 10 }, (_, i) => `${i + 1}`) });
    // 5 of 5 is the top (1.0), 1 of 10 the bottom (0.0): half way up 1..10.
    expect(weightedTotal([criterion({ id: 'a' }), ten], { a: 5, b: 1 })).toBe(5.5);
  });
});

describe('a submitted review', () => {
  it('needs a reason for a flag', () => {
    const r = submitReviewBodySchema.safeParse({ scores: { a: 1 }, flag: 'spam' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Give a reason for the flag');
  });

  it('holds at most one score per criterion a rubric can have', () => {
    const scores = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 1]));
    expect(submitReviewBodySchema.safeParse({ scores: scores(6) }).success).toBe(true);
    const r = submitReviewBodySchema.safeParse({ scores: scores(7) });
    expect(r.error?.issues[0]?.message).toBe('A review has at most 6 scores, one per criterion');
  });
});
