import { describe, expect, it } from 'vitest';
import {
  activeCheckinFilterCount,
  CHECKED_IN_OPTIONS,
  checkinFiltersOf,
  checkinRecordsQuery,
  checkinRoleLabel,
  EMPTY_CHECKIN_FILTERS,
  readCheckinParams,
  ROLE_OPTIONS,
  writeCheckinParams,
  type CheckinListParams,
} from './filters';

const ALL: CheckinListParams = {
  search: 'Ada L',
  checkedIn: 'false',
  school: 'Riverside',
  major: 'Computer Science',
  highSchool: 'true',
  role: 'mentor + judge',
  page: 3,
};

describe('check-in filters in the URL', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readCheckinParams(new URLSearchParams())).toEqual({ ...EMPTY_CHECKIN_FILTERS, page: 1 });
  });

  it('round-trips every filter and keeps unrelated keys', () => {
    const url = writeCheckinParams(new URLSearchParams('debug=1'), ALL);
    expect(url.get('debug')).toBe('1');
    expect(url.get('q')).toBe('Ada L');
    expect(url.get('checked_in')).toBe('false');
    expect(url.get('high_school')).toBe('true');
    expect(url.get('role')).toBe('mentor + judge');
    expect(url.get('page')).toBe('3');
    expect(readCheckinParams(url)).toEqual(ALL);
    // Survives a reload: the same text read back gives the same filters.
    expect(readCheckinParams(new URLSearchParams(url.toString()))).toEqual(ALL);
  });

  it('leaves out "all", blank text and page 1', () => {
    const url = writeCheckinParams(new URLSearchParams('q=x&role=judge&page=4&checked_in=true'), {
      ...EMPTY_CHECKIN_FILTERS,
      search: '   ',
      page: 1,
    });
    expect(url.toString()).toBe('');
  });

  it('ignores unknown values and bad pages', () => {
    const params = readCheckinParams(
      new URLSearchParams('checked_in=maybe&high_school=yes&role=admin&page=0&school=' + 'x'.repeat(300)),
    );
    expect(params).toMatchObject({ checkedIn: 'all', highSchool: 'all', role: 'all', page: 1 });
    expect(params.school).toHaveLength(200);
    expect(readCheckinParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(readCheckinParams(new URLSearchParams('page=7')).page).toBe(7);
  });

  it('builds the API query: "all" and blanks omitted, page and limit always sent', () => {
    expect(checkinRecordsQuery({ ...EMPTY_CHECKIN_FILTERS, page: 1 }).toString()).toBe('page=1&limit=50');
    const q = checkinRecordsQuery(ALL);
    expect(Object.fromEntries(q)).toEqual({
      search: 'Ada L',
      checked_in: 'false',
      school: 'Riverside',
      major: 'Computer Science',
      is_high_school: 'true',
      role: 'mentor + judge',
      page: '3',
      limit: '50',
    });
    expect(checkinRecordsQuery({ ...ALL, search: '  Ada  ' }).get('search')).toBe('Ada');
  });

  it('counts active filters and drops the page', () => {
    expect(activeCheckinFilterCount(EMPTY_CHECKIN_FILTERS)).toBe(0);
    expect(activeCheckinFilterCount(checkinFiltersOf(ALL))).toBe(6);
    expect(checkinFiltersOf(ALL)).not.toHaveProperty('page');
  });

  it('labels the options as the page shows them', () => {
    expect(CHECKED_IN_OPTIONS.map((o) => o.label)).toEqual(['All', 'Checked in', 'Not checked in']);
    expect(ROLE_OPTIONS.map((o) => o.value)).toEqual([
      'all',
      'hacker',
      'mentor',
      'judge',
      'sponsor',
      'mentor + judge',
      'organiser',
    ]);
    expect(checkinRoleLabel('mentor + judge')).toBe('Mentor + Judge');
    expect(checkinRoleLabel('organiser')).toBe('Organiser');
  });
});
