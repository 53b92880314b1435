import { describe, expect, it } from 'vitest';
import universities from '@/assets/universities.json';
import {
  buildSchoolIndex,
  normaliseSchoolText,
  schoolLocation,
  searchSchools,
  type SchoolRow,
} from './schools';

const rows: SchoolRow[] = [
  ['Georgia Institute of Technology', 'US', 'Georgia'],
  ['Massachusetts Institute of Technology', 'US', 'Massachusetts'],
  ['Stanford University', 'US', 'California'],
  ['University of California, Los Angeles', 'US', 'California'],
  ['University of Michigan', 'US', 'Michigan'],
  ['Michigan State University', 'US', 'Michigan'],
  ['École Polytechnique de Montréal', 'CA', 'Quebec'],
  ['Texas A&M University', 'US', 'Texas'],
];
const index = buildSchoolIndex(rows);
const names = (q: string, limits?: { empty: number; filtered: number }) =>
  searchSchools(index, q, limits).map((r) => r[0]);

describe('normaliseSchoolText', () => {
  it('lower-cases and drops accents and punctuation', () => {
    expect(normaliseSchoolText('  École Polytechnique de Montréal ')).toBe('ecole polytechnique de montreal');
    expect(normaliseSchoolText('Texas A&M')).toBe('texas a and m');
    expect(normaliseSchoolText('University of California, Los Angeles')).toBe(
      'university of california los angeles',
    );
  });
});

describe('searchSchools', () => {
  it('gives the first schools, in list order, for an empty query', () => {
    expect(names('', { empty: 3, filtered: 5 })).toEqual([
      'Georgia Institute of Technology',
      'Massachusetts Institute of Technology',
      'Stanford University',
    ]);
    expect(names('   ', { empty: 2, filtered: 5 })).toHaveLength(2);
  });

  it('ranks a name that starts with the query before one that only contains it', () => {
    expect(names('michigan')).toEqual(['Michigan State University', 'University of Michigan']);
  });

  it('matches initials, words in any order, accents and case', () => {
    expect(names('MIT')[0]).toBe('Massachusetts Institute of Technology');
    expect(names('ucla')[0]).toBe('University of California, Los Angeles');
    expect(names('los angeles california')).toEqual(['University of California, Los Angeles']);
    expect(names('ecole montreal')).toEqual(['École Polytechnique de Montréal']);
    expect(names('montréal')).toEqual(['École Polytechnique de Montréal']);
    expect(names('a&m')).toEqual(['Texas A&M University']);
  });

  it('finds nothing for a school that is not in the list', () => {
    expect(names('Lincoln High School')).toEqual([]);
  });

  it('shows 10 suggestions when empty and at most 20 when filtered with the real list', () => {
    const real = buildSchoolIndex(universities.schools as unknown as SchoolRow[]);
    const empty = searchSchools(real, '');
    expect(empty).toHaveLength(10);
    expect(empty.every((r) => r[1] === 'US')).toBe(true);
    expect(searchSchools(real, 'university')).toHaveLength(20);
    expect(searchSchools(real, 'stanford')[0]![0]).toBe('Stanford University');
    expect(searchSchools(real, 'university of').every((r) => /university of/i.test(r[0]))).toBe(true);
  });
});

describe('schoolLocation', () => {
  it('names the state and the country', () => {
    expect(schoolLocation(['Stanford University', 'US', 'California'])).toBe('California, United States');
    expect(schoolLocation(['Örebro University', 'SE', ''])).toBe('Sweden');
    expect(schoolLocation(['Somewhere', '', ''])).toBe('');
  });
});
