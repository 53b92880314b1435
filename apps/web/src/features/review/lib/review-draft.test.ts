import { describe, expect, it } from 'vitest';
import { DEFAULT_RUBRIC } from '@lanyard/shared/review';
import { buildReviewBody, draftFrom, firstUnscored, stepScore } from './review-draft';

const criteria = DEFAULT_RUBRIC.hacker;

describe('the review draft', () => {
  it('finds the first criterion left unscored', () => {
    expect(firstUnscored(criteria, {})).toBe(0);
    expect(firstUnscored(criteria, { experience: 3 })).toBe(1);
    expect(firstUnscored(criteria, { experience: 3, motivation: 4, creativity: 2 })).toBe(-1);
  });

  it('steps a score along its scale without leaving it', () => {
    expect(stepScore(undefined, 1, 5)).toBe(1);
    expect(stepScore(undefined, -1, 5)).toBe(5);
    expect(stepScore(5, 1, 5)).toBe(5);
    expect(stepScore(1, -1, 5)).toBe(1);
    expect(stepScore(3, 1, 5)).toBe(4);
  });

  it('will not send a review with a criterion unscored', () => {
    const r = buildReviewBody(criteria, { ...draftFrom(null), scores: { experience: 3 } }, 1000);
    expect(r).toEqual({ ok: false, field: 'scores', criterion: 1, message: 'Score Motivation first.' });
  });

  it('asks for a reason with a flag', () => {
    const scores = { experience: 3, motivation: 4, creativity: 2 };
    const r = buildReviewBody(criteria, { scores, note: '', flag: 'spam', flagReason: ' ' }, 1000);
    expect(r).toMatchObject({ ok: false, field: 'flag_reason', message: 'Give a reason for the flag' });
  });

  it('sends the scores, the note and the time spent', () => {
    const scores = { experience: 3, motivation: 4, creativity: 2 };
    const r = buildReviewBody(criteria, { scores, note: 'Strong', flag: null, flagReason: 'x' }, 12_345.6);
    expect(r).toEqual({
      ok: true,
      body: { scores, note: 'Strong', flag: null, flag_reason: '', duration_ms: 12_346 },
    });
  });
});
