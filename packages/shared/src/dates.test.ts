import { describe, expect, it } from 'vitest';
import {
  ageOn,
  countWords,
  isoDateSchema,
  isoDateTimeSchema,
  isRealDate,
  isUnder18On,
  isValidBirthday,
  parseBirthMonth,
} from './dates';

const NOW = new Date('2025-07-01T12:00:00Z');

describe('isValidBirthday', () => {
  it('accepts an ordinary date', () => {
    expect(isValidBirthday(2000, 12, 10, NOW)).toBe(true);
    expect(isValidBirthday(1900, 1, 1, NOW)).toBe(true);
  });

  it('accepts 29 February only in a leap year', () => {
    expect(isValidBirthday(2004, 2, 29, NOW)).toBe(true);
    expect(isValidBirthday(2000, 2, 29, NOW)).toBe(true);
    expect(isValidBirthday(2003, 2, 29, NOW)).toBe(false);
    expect(isValidBirthday(1900, 2, 29, NOW)).toBe(false);
  });

  it('refuses day 31 in a 30-day month', () => {
    expect(isValidBirthday(2001, 4, 31, NOW)).toBe(false);
    expect(isValidBirthday(2001, 11, 31, NOW)).toBe(false);
    expect(isValidBirthday(2001, 12, 31, NOW)).toBe(true);
  });

  it('refuses day, month out of range', () => {
    expect(isValidBirthday(2001, 1, 0, NOW)).toBe(false);
    expect(isValidBirthday(2001, 1, 32, NOW)).toBe(false);
    expect(isValidBirthday(2001, 0, 1, NOW)).toBe(false);
    expect(isValidBirthday(2001, 13, 1, NOW)).toBe(false);
  });

  it('refuses a year before 1900 or after the current year', () => {
    expect(isValidBirthday(1899, 12, 31, NOW)).toBe(false);
    expect(isValidBirthday(2025, 1, 1, NOW)).toBe(true);
    expect(isValidBirthday(2026, 1, 1, NOW)).toBe(false);
  });

  it('refuses fractions', () => {
    expect(isRealDate(2001, 1.5, 1)).toBe(false);
    expect(isValidBirthday(2001, 1, 1.5, NOW)).toBe(false);
  });
});

describe('isUnder18On', () => {
  const EVENT = '2025-09-19';

  it('a birthday on the event day counts as 18', () => {
    expect(ageOn(EVENT, 2007, 9, 19)).toBe(18);
    expect(isUnder18On(EVENT, 2007, 9, 19)).toBe(false);
  });

  it('a birthday the day after the event day is still under 18', () => {
    expect(ageOn(EVENT, 2007, 9, 20)).toBe(17);
    expect(isUnder18On(EVENT, 2007, 9, 20)).toBe(true);
  });

  it('compares the month before the day', () => {
    expect(isUnder18On(EVENT, 2007, 8, 30)).toBe(false);
    expect(isUnder18On(EVENT, 2007, 10, 1)).toBe(true);
    expect(isUnder18On(EVENT, 2006, 12, 31)).toBe(false);
    expect(isUnder18On(EVENT, 2008, 1, 1)).toBe(true);
  });
});

describe('parseBirthMonth', () => {
  it('reads numbers 1-12', () => {
    for (let m = 1; m <= 12; m++) expect(parseBirthMonth(m)).toBe(m);
    expect(parseBirthMonth('09')).toBe(9);
    expect(parseBirthMonth(' 7 ')).toBe(7);
  });

  it('reads names and abbreviations in any case', () => {
    expect(parseBirthMonth('Sep')).toBe(9);
    expect(parseBirthMonth('sept')).toBe(9);
    expect(parseBirthMonth('Sept.')).toBe(9);
    expect(parseBirthMonth('September')).toBe(9);
    expect(parseBirthMonth('JAN')).toBe(1);
    expect(parseBirthMonth('december')).toBe(12);
  });

  it('answers undefined for what it cannot read', () => {
    expect(parseBirthMonth('13')).toBeUndefined();
    expect(parseBirthMonth(0)).toBeUndefined();
    expect(parseBirthMonth('')).toBeUndefined();
    expect(parseBirthMonth('ju')).toBeUndefined();
    expect(parseBirthMonth('Septembre')).toBeUndefined();
    expect(parseBirthMonth('foo')).toBeUndefined();
    expect(parseBirthMonth(null)).toBeUndefined();
    expect(parseBirthMonth(undefined)).toBeUndefined();
  });
});

describe('countWords', () => {
  it('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  two   words ')).toBe(2);
    expect(countWords('line\nbreak\tand tab')).toBe(4);
    expect(countWords('hyphen-ated is one')).toBe(3);
  });
});

describe('the request date range (years 2000 to 2100)', () => {
  const problem = (schema: typeof isoDateSchema | typeof isoDateTimeSchema, v: string) => {
    const r = schema.safeParse(v);
    return r.success ? undefined : r.error.issues[0]!.message;
  };
  const RANGE = 'Use a date between 2000-01-01 and 2100-12-31';

  it('takes real days from 2000-01-01 to 2100-12-31 inclusive', () => {
    for (const v of ['2000-01-01', '2024-02-29', '2100-12-31'])
      expect(problem(isoDateSchema, v)).toBeUndefined();
    for (const v of ['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01', '0001-01-01'])
      expect(problem(isoDateSchema, v)).toBe(RANGE);
    expect(problem(isoDateSchema, '2025-02-29')).toBe('Not a real date');
    expect(problem(isoDateSchema, '2025-13-01')).toBe('Not a real date');
    expect(problem(isoDateSchema, '2025-1-01')).toBe('Use YYYY-MM-DD');
    expect(problem(isoDateSchema, '+02025-01-01')).toBe('Use YYYY-MM-DD');
  });

  it('bounds date-times by their instant, offsets included', () => {
    for (const v of ['2000-01-01T00:00:00Z', '2100-12-31T23:59:59.999Z', '2000-01-01T01:00:00+01:00'])
      expect(problem(isoDateTimeSchema, v)).toBeUndefined();
    for (const v of [
      '1999-12-31T23:59:59.999Z',
      '2101-01-01T00:00:00Z',
      '2100-12-31T23:00:00-05:00',
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
    ])
      expect(problem(isoDateTimeSchema, v)).toBe(RANGE);
    expect(problem(isoDateTimeSchema, 'tomorrow')).not.toBe(RANGE);
  });
});
