import { describe, expect, it } from 'vitest';
import {
  activeRsvpFilterCount,
  EMPTY_RSVP_FILTERS,
  readRsvpParams,
  RSVP_URL_KEYS,
  rsvpFiltersOf,
  rsvpQuery,
  writeRsvpParams,
  type RsvpFilters,
  type RsvpListParams,
} from './rsvp-filters';

const ALL: RsvpListParams = {
  search: 'Ada L',
  status: ['accepted', 'waitlisted'],
  role: ['mentor'],
  rsvp: ['declined', 'no_response'],
  liability: ['n/a'],
  photo: ['allow_sharing', 'no_public_sharing'],
  checkin: ['checked_in'],
  page: 3,
};

describe('RSVP filters in the URL', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readRsvpParams(new URLSearchParams())).toEqual({ ...EMPTY_RSVP_FILTERS, page: 1 });
  });

  it('round-trips every filter under rsvp_* keys and keeps other keys', () => {
    const url = writeRsvpParams(new URLSearchParams('tab=rsvp&app_status=pending&users_page=2'), ALL);
    expect(url.get('tab')).toBe('rsvp');
    expect(url.get('app_status')).toBe('pending');
    expect(url.get('users_page')).toBe('2');
    expect(readRsvpParams(url)).toEqual(ALL);
    for (const key of [...url.keys()].filter((k) => !['tab', 'app_status', 'users_page'].includes(k))) {
      expect(key.startsWith('rsvp_')).toBe(true);
    }
    // Survives a reload: the same text read back gives the same filters.
    expect(readRsvpParams(new URLSearchParams(url.toString()))).toEqual(ALL);
  });

  it('leaves out empty values and page 1', () => {
    const url = writeRsvpParams(
      new URLSearchParams('tab=rsvp&rsvp_page=4&rsvp_role=hacker&rsvp_search=x&rsvp_checkin=checked_in'),
      {
        ...EMPTY_RSVP_FILTERS,
        search: '   ',
        page: 1,
      },
    );
    expect(url.toString()).toBe('tab=rsvp');
  });

  it('ignores unknown values, duplicates and bad pages, and keeps the options order', () => {
    const url = new URLSearchParams();
    url.append(RSVP_URL_KEYS.status, 'rejected');
    url.append(RSVP_URL_KEYS.status, 'accepted');
    url.append(RSVP_URL_KEYS.status, 'accepted');
    url.append(RSVP_URL_KEYS.status, 'pending');
    url.append(RSVP_URL_KEYS.photo, 'n/a');
    url.append(RSVP_URL_KEYS.photo, 'everything');
    url.append(RSVP_URL_KEYS.liability, 'yes');
    url.append(RSVP_URL_KEYS.checkin, 'not_checked_in');
    url.append(RSVP_URL_KEYS.checkin, 'maybe');
    url.append(RSVP_URL_KEYS.checkin, 'checked_in');
    url.set(RSVP_URL_KEYS.page, '0');
    expect(readRsvpParams(url)).toEqual({
      ...EMPTY_RSVP_FILTERS,
      status: ['accepted', 'rejected'],
      photo: ['n/a'],
      checkin: ['checked_in', 'not_checked_in'],
      page: 1,
    });
    url.set(RSVP_URL_KEYS.page, '2.5');
    expect(readRsvpParams(url).page).toBe(1);
  });

  it('cuts an overlong search', () => {
    const url = new URLSearchParams({ [RSVP_URL_KEYS.search]: 'x'.repeat(500) });
    expect(readRsvpParams(url).search).toHaveLength(200);
  });

  it('counts the search once and each chip once', () => {
    expect(activeRsvpFilterCount(EMPTY_RSVP_FILTERS)).toBe(0);
    expect(activeRsvpFilterCount(rsvpFiltersOf(ALL))).toBe(10);
  });
});

describe('RSVP API query string', () => {
  it('repeats list keys, names them as the API does and adds page and limit only for the list', () => {
    const filters = rsvpFiltersOf({ ...ALL, search: '  Ada L ' });
    expect(rsvpQuery(filters).toString()).toBe(
      'search=Ada+L&status=accepted&status=waitlisted&role=mentor&rsvp_status=declined&rsvp_status=no_response' +
        '&liability=n%2Fa&photo=allow_sharing&photo=no_public_sharing&checkin=checked_in',
    );
    expect(rsvpQuery(EMPTY_RSVP_FILTERS, 2).toString()).toBe('page=2&limit=50');
    expect(rsvpQuery(EMPTY_RSVP_FILTERS).toString()).toBe('');
  });

  it('sends both check-in values when both are chosen (the server ORs them)', () => {
    const filters: RsvpFilters = { ...EMPTY_RSVP_FILTERS, checkin: ['checked_in', 'not_checked_in'] };
    expect(rsvpQuery(filters, 1).toString()).toBe(
      'checkin=checked_in&checkin=not_checked_in&page=1&limit=50',
    );
  });
});
