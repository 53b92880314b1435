import { describe, expect, it } from 'vitest';
import { ageBadge, ageBadgeDescription } from './age';

const START = '2025-09-19';

describe('ageBadge', () => {
  it('is 18+ on the 18th birthday itself (the event day)', () => {
    const state = ageBadge({ birthYear: 2007, birthMonth: 9, birthDay: 19 }, START);
    expect(state).toEqual({ kind: 'adult', age: 18, label: '18' });
    expect(ageBadgeDescription(state)).toBe('Age 18 (18+)');
  });

  it('is under 18 the day before the birthday is reached', () => {
    const state = ageBadge({ birthYear: 2007, birthMonth: 9, birthDay: 20 }, START);
    expect(state).toEqual({ kind: 'minor', age: 17, label: '17' });
    expect(ageBadgeDescription(state)).toBe('Age 17 (under 18)');
  });

  it('counts an earlier month of the same year as passed', () => {
    expect(ageBadge({ birthYear: 2007, birthMonth: 8, birthDay: 31 }, START).kind).toBe('adult');
    expect(ageBadge({ birthYear: 2007, birthMonth: 10, birthDay: 1 }, START).kind).toBe('minor');
    expect(ageBadge({ birthYear: 2000, birthMonth: 1, birthDay: 1 }, START)).toMatchObject({ age: 25 });
  });

  it('follows the event start date from the config, not a fixed day', () => {
    const birth = { birthYear: 2008, birthMonth: 3, birthDay: 1 };
    expect(ageBadge(birth, START).kind).toBe('minor');
    expect(ageBadge(birth, '2026-03-01').kind).toBe('adult');
  });

  it('is unknown when any part is missing', () => {
    expect(ageBadge({ birthYear: null, birthMonth: 9, birthDay: 19 }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: 2000, birthMonth: null, birthDay: 19 }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: 2000, birthMonth: 9, birthDay: null }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: 2000, birthMonth: 9, birthDay: undefined }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: '', birthMonth: '', birthDay: '' }, START)).toEqual({
      kind: 'unknown',
      label: 'Unknown',
    });
    expect(ageBadgeDescription(ageBadge({ birthYear: null, birthMonth: null, birthDay: null }, START))).toBe(
      'Age unknown',
    );
  });

  it('is unknown for a date that cannot exist or lies after the event', () => {
    expect(ageBadge({ birthYear: 2001, birthMonth: 2, birthDay: 29 }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: 2000, birthMonth: 13, birthDay: 1 }, START).kind).toBe('unknown');
    expect(ageBadge({ birthYear: 2030, birthMonth: 1, birthDay: 1 }, START).kind).toBe('unknown');
  });

  it('reads month names and abbreviations', () => {
    expect(ageBadge({ birthYear: 2007, birthMonth: 'September', birthDay: 19 }, START).kind).toBe('adult');
    expect(ageBadge({ birthYear: 2007, birthMonth: 'sept', birthDay: 20 }, START).kind).toBe('minor');
    expect(ageBadge({ birthYear: '2007', birthMonth: 'Oct.', birthDay: '1' }, START)).toMatchObject({
      kind: 'minor',
      age: 17,
    });
    expect(ageBadge({ birthYear: 2007, birthMonth: 'Jun', birthDay: 1 }, START).kind).toBe('adult');
    expect(ageBadge({ birthYear: 2007, birthMonth: '09', birthDay: 19 }, START).kind).toBe('adult');
    expect(ageBadge({ birthYear: 2007, birthMonth: 'Smarch', birthDay: 1 }, START).kind).toBe('unknown');
  });
});
