import { describe, expect, it } from 'vitest';
import { goesBy, roleCountsLine } from './format';

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

describe('goesBy', () => {
  const ada = { firstName: 'Ada', preferred_name: null, pronoun: null };

  it('says the preferred name in quotes, then the pronoun', () => {
    expect(goesBy({ ...ada, preferred_name: 'Countess', pronoun: 'She/Her' })).toBe('“Countess” · She/Her');
    expect(goesBy({ ...ada, pronoun: ' They/Them ' })).toBe('They/Them');
  });

  it('leaves out what adds nothing: blanks, and a preferred name that is the first name', () => {
    expect(goesBy(ada)).toBe('');
    expect(goesBy({ ...ada, preferred_name: '  ', pronoun: '' })).toBe('');
    expect(goesBy({ ...ada, preferred_name: 'ada ' })).toBe('');
  });
});
