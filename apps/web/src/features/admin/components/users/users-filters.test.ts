import { describe, expect, it } from 'vitest';
import { usersSearchParams } from '../../api/users-list';
import {
  activeFilterCount,
  readUsersParams,
  userStatusView,
  USERS_URL_KEYS,
  writeUsersParams,
} from './users-filters';

describe('users filters in the URL', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readUsersParams(new URLSearchParams())).toEqual({ search: '', role: [], status: [], page: 1 });
  });

  it('round-trips and keeps other keys such as the tab', () => {
    const next = {
      search: 'ada@',
      role: ['mentor' as const],
      status: ['pending' as const, 'accepted' as const],
      page: 3,
    };
    const url = writeUsersParams(new URLSearchParams('tab=users'), next);
    expect(url.get('tab')).toBe('users');
    expect(readUsersParams(url)).toEqual(next);
  });

  it('leaves out empty values and page 1', () => {
    const url = writeUsersParams(new URLSearchParams('tab=users&users_page=4&users_role=hacker'), {
      search: '  ',
      role: [],
      status: [],
      page: 1,
    });
    expect(url.toString()).toBe('tab=users');
  });

  it('ignores unknown values, duplicates and bad pages', () => {
    const url = new URLSearchParams();
    url.append(USERS_URL_KEYS.role, 'hacker');
    url.append(USERS_URL_KEYS.role, 'hacker');
    url.append(USERS_URL_KEYS.role, 'root');
    url.append(USERS_URL_KEYS.status, 'in_progress');
    url.set(USERS_URL_KEYS.page, '-2');
    expect(readUsersParams(url)).toEqual({ search: '', role: ['hacker'], status: [], page: 1 });
  });

  it('counts the search once and each chip once', () => {
    expect(activeFilterCount({ search: '', role: [], status: [] })).toBe(0);
    expect(activeFilterCount({ search: 'x', role: ['hacker', 'mentor'], status: ['pending'] })).toBe(4);
  });
});

describe('users API query string', () => {
  it('repeats list keys, omits empties, adds page and limit only for the list', () => {
    const filters = {
      search: ' grace ',
      role: ['hacker' as const],
      status: ['not_started' as const, 'rejected' as const],
    };
    expect(usersSearchParams(filters).toString()).toBe(
      'search=grace&role=hacker&status=not_started&status=rejected',
    );
    expect(usersSearchParams({ search: '', role: [], status: [] }, 2).toString()).toBe('page=2&limit=50');
  });
});

describe('userStatusView', () => {
  it('uses the admin status colours', () => {
    expect(userStatusView('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(userStatusView('accepted').tone).toBe('green');
    expect(userStatusView('rejected').tone).toBe('red');
    expect(userStatusView('waitlisted').tone).toBe('orange');
    expect(userStatusView('not_started')).toEqual({ label: 'Not Started', tone: 'gray' });
  });
});
