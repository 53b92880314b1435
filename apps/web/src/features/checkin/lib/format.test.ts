import { describe, expect, it } from 'vitest';
import { roleCountsLine } from './format';

describe('roleCountsLine', () => {
  it('counts everyone, then each role that has anyone, in the shared label style', () => {
    expect(
      roleCountsLine({
        total: 7,
        checked_in: 3,
        by_role: [
          { role: 'hacker', total: 3, checked_in: 1 },
          { role: 'mentor', total: 1, checked_in: 0 },
          { role: 'judge', total: 0, checked_in: 0 },
          { role: 'sponsor', total: 1, checked_in: 1 },
          { role: 'mentor + judge', total: 2, checked_in: 1 },
        ],
      }),
    ).toBe(
      'Everyone 3 of 7 checked in · Hacker 1 of 3 checked in · Mentor 0 of 1 checked in · Sponsor 1 of 1 checked in · Mentor + Judge 1 of 2 checked in',
    );
  });
});
