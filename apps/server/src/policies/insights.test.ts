import { describe, expect, it } from 'vitest';
import { INSIGHTS_MIN_GROUP } from '@lanyard/shared/insights';
import { mergeSmallGroups, type Group } from './insights';

const g = (label: string, count: number): Group => ({ label, count });
const shown = (groups: Group[], min?: number) =>
  mergeSmallGroups(groups, min).map((b) => [b.label, b.count] as const);

describe('mergeSmallGroups', () => {
  it('shows groups of at least the minimum as they are, in their order, with null keys', () => {
    expect(INSIGHTS_MIN_GROUP).toBe(5);
    expect(mergeSmallGroups([g('Female', 7), g('Male', 9)])).toEqual([
      { label: 'Female', count: 7, key: null },
      { label: 'Male', count: 9, key: null },
    ]);
  });

  it('merges every group under the minimum into "Other", which comes last', () => {
    expect(shown([g('A', 10), g('B', 3), g('C', 8), g('D', 2)])).toEqual([
      ['A', 10],
      ['C', 8],
      ['Other', 5],
    ]);
  });

  it('a group of exactly the minimum stands alone; one less is merged', () => {
    expect(shown([g('A', 5), g('B', 5)])).toEqual([
      ['A', 5],
      ['B', 5],
    ]);
    // B (4) is merged, and its "Other" of 4 takes in A, the smallest left.
    expect(shown([g('A', 5), g('B', 4), g('C', 6)])).toEqual([
      ['C', 6],
      ['Other', 4 + 5],
    ]);
  });

  it('an "Other" still under the minimum takes in the smallest named group until it is not', () => {
    // B (2) alone would be an "Other" of 2: the smallest named group (C, 6) joins it.
    expect(shown([g('A', 20), g('C', 6), g('B', 2)])).toEqual([
      ['A', 20],
      ['Other', 8],
    ]);
  });

  it('on a tie for smallest, the later group is merged and the earlier stays', () => {
    expect(shown([g('A', 6), g('B', 6), g('C', 1)])).toEqual([
      ['A', 6],
      ['Other', 7],
    ]);
  });

  it('an input group labelled "Other" starts the merged one', () => {
    expect(shown([g('Male', 9), g('Other', 2), g('Female', 8), g('Non-binary', 1)])).toEqual([
      ['Male', 9],
      ['Other', 2 + 1 + 8],
    ]);
    expect(shown([g('Male', 9), g('Other', 3), g('Female', 8), g('Non-binary', 2)])).toEqual([
      ['Male', 9],
      ['Female', 8],
      ['Other', 5],
    ]);
    expect(shown([g('Male', 9), g('Other', 6)])).toEqual([
      ['Male', 9],
      ['Other', 6],
    ]);
  });

  it('answers nothing when everyone together is under the minimum', () => {
    expect(shown([g('A', 2), g('B', 2)])).toEqual([]);
    expect(shown([g('A', 4)])).toEqual([]);
    expect(shown([])).toEqual([]);
  });

  it('everything merged into one "Other" when no group is large enough on its own', () => {
    expect(shown([g('A', 3), g('B', 3), g('C', 4)])).toEqual([['Other', 10]]);
  });

  it('drops empty groups, so they neither show nor count', () => {
    expect(shown([g('A', 0), g('B', 7), g('C', 0)])).toEqual([['B', 7]]);
  });

  it('no shown group is ever under the minimum, and the shown total is everyone (or nothing)', () => {
    // Every split of up to 4 groups of 0..9 people.
    for (let n = 0; n < 10_000; n += 1) {
      const counts = [n % 10, Math.floor(n / 10) % 10, Math.floor(n / 100) % 10, Math.floor(n / 1000)];
      const out = mergeSmallGroups(counts.map((c, i) => g(`G${i}`, c)));
      const total = counts.reduce((a, b) => a + b, 0);
      for (const b of out) expect(b.count).toBeGreaterThanOrEqual(INSIGHTS_MIN_GROUP);
      expect(out.reduce((a, b) => a + b.count, 0)).toBe(total < INSIGHTS_MIN_GROUP ? 0 : total);
    }
  });

  it('takes another minimum when given', () => {
    expect(shown([g('A', 3), g('B', 2)], 2)).toEqual([
      ['A', 3],
      ['B', 2],
    ]);
  });
});
