import { describe, expect, it } from 'vitest';
import { activeFilterChips } from './application-filter-chips';
import { activeFilterCount, EMPTY_FILTERS, type ApplicationFilters } from './application-filters';

const busy: ApplicationFilters = {
  search: ' ada ',
  school: 'Riverside',
  major: '',
  status: ['pending', 'accepted'],
  role: ['mentor'],
  dateFrom: '2025-07-03',
  dateTo: '',
  schoolType: ['high_school'],
  ageGroup: ['adult'],
  rsvp: ['no_response'],
  reviewState: ['disputed'],
  scoreMin: '3.5',
  scoreMax: '',
  custom: [],
};

describe('active filter chips', () => {
  it('none without filters', () => {
    expect(activeFilterChips(EMPTY_FILTERS)).toEqual([]);
  });

  it('one per active filter, worded like the filter set, as many as the count says', () => {
    const chips = activeFilterChips(busy);
    expect(chips.map((c) => c.label)).toEqual([
      'Search: ada',
      'School: Riverside',
      'Status: Pending',
      'Status: Accepted',
      'Role: Mentor',
      'RSVP Status: No Response',
      'School Type: High School',
      'Age Group: 18+',
      'Review State: Disputed',
      'Submitted from: 2025-07-03',
      'Score from: 3.5',
    ]);
    expect(chips).toHaveLength(activeFilterCount(busy));
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
  });

  it('each removes only itself', () => {
    const chips = activeFilterChips(busy);
    const remove = (label: string) => chips.find((c) => c.label === label)!.remove;
    expect(remove('Search: ada')).toEqual({ search: '' });
    expect(remove('Status: Pending')).toEqual({ status: ['accepted'] });
    expect(remove('Status: Accepted')).toEqual({ status: ['pending'] });
    expect(remove('Role: Mentor')).toEqual({ role: [] });
    expect(remove('Submitted from: 2025-07-03')).toEqual({ dateFrom: '' });
    expect(remove('Review State: Disputed')).toEqual({ reviewState: [] });
    expect(remove('Score from: 3.5')).toEqual({ scoreMin: '' });
    const after = { ...busy, ...remove('Age Group: 18+') };
    expect(activeFilterChips(after).map((c) => c.label)).not.toContain('Age Group: 18+');
    expect(activeFilterChips(after)).toHaveLength(chips.length - 1);
  });
});
