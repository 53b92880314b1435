import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applicationsFilterBody,
  applicationsQuery,
  booleanFilter,
  cleanDate,
  cleanScore,
  DEFAULT_SORT,
  EMPTY_FILTERS,
  filtersActiveLabel,
  filtersOf,
  readApplicationParams,
  sameFilters,
  writeApplicationParams,
  type ApplicationListParams,
} from './application-filters';

const full: ApplicationListParams = {
  search: 'ada lovelace',
  school: 'Riverside',
  major: 'Math',
  status: ['pending', 'accepted'],
  role: ['mentor'],
  dateFrom: '2025-07-03',
  dateTo: '2025-08-18',
  schoolType: ['high_school'],
  ageGroup: ['under_18', 'adult'],
  rsvp: ['no_response'],
  reviewState: ['reviewed', 'flagged'],
  scoreMin: '3.5',
  scoreMax: '10',
  custom: ['22222222-2222-4222-8222-222222222222:ai'],
  sort: 'name',
  dir: 'desc',
  page: 3,
};

describe('applications filters in the URL', () => {
  it('round-trips every filter and the page', () => {
    const url = writeApplicationParams(new URLSearchParams(), full);
    expect(readApplicationParams(new URLSearchParams(url.toString()))).toEqual(full);
  });

  it('keeps other keys (the tab, the users filters) and replaces only its own', () => {
    const start = new URLSearchParams('tab=applications&users_search=x&app_status=rejected&app_page=9');
    const out = writeApplicationParams(start, {
      ...EMPTY_FILTERS,
      ...DEFAULT_SORT,
      status: ['accepted'],
      page: 1,
    });
    expect(out.get('tab')).toBe('applications');
    expect(out.get('users_search')).toBe('x');
    expect(out.getAll('app_status')).toEqual(['accepted']);
    expect(out.has('app_page')).toBe(false);
  });

  it('leaves empty values and page 1 out, so no filters means a clean URL', () => {
    const out = writeApplicationParams(new URLSearchParams('tab=applications'), {
      ...EMPTY_FILTERS,
      ...DEFAULT_SORT,
      search: '   ',
      page: 1,
    });
    expect(out.toString()).toBe('tab=applications');
  });

  it('ignores unknown values, duplicates, bad dates and bad pages', () => {
    const p = readApplicationParams(
      new URLSearchParams(
        'app_status=accepted&app_status=bogus&app_status=accepted&app_role=admin&app_from=2025-02-30&app_to=yesterday&app_page=-2&app_rsvp=maybe',
      ),
    );
    expect(p.status).toEqual(['accepted']);
    expect(p.role).toEqual([]);
    expect(p.dateFrom).toBe('');
    expect(p.dateTo).toBe('');
    expect(p.page).toBe(1);
    expect(p.rsvp).toEqual(['maybe']);
  });

  it('normalises chip order, so the same filters give the same query key', () => {
    const a = readApplicationParams(new URLSearchParams('app_status=rejected&app_status=pending'));
    const b = readApplicationParams(new URLSearchParams('app_status=pending&app_status=rejected'));
    expect(a.status).toEqual(b.status);
  });

  it("keeps the sort, leaving out the default order and a column's own default direction", () => {
    const keys = (p: Partial<typeof full>) =>
      writeApplicationParams(new URLSearchParams(), {
        ...EMPTY_FILTERS,
        ...DEFAULT_SORT,
        page: 1,
        ...p,
      }).toString();
    expect(keys({})).toBe('');
    expect(keys({ sort: 'submitted', dir: 'desc' })).toBe('');
    expect(keys({ sort: 'submitted', dir: 'asc' })).toBe('app_sort=submitted&app_dir=asc');
    expect(keys({ sort: 'name', dir: 'asc' })).toBe('app_sort=name');
    expect(keys({ sort: 'status', dir: 'desc' })).toBe('app_sort=status&app_dir=desc');
    const read = (q: string) => {
      const p = readApplicationParams(new URLSearchParams(q));
      return [p.sort, p.dir];
    };
    expect(read('app_sort=name')).toEqual(['name', 'asc']);
    expect(read('app_sort=school&app_dir=desc')).toEqual(['school', 'desc']);
    // The score starts best first, like the newest-first date.
    expect(read('app_sort=score')).toEqual(['score', 'desc']);
    expect(keys({ sort: 'score', dir: 'desc' })).toBe('app_sort=score');
    expect(keys({ sort: 'score', dir: 'asc' })).toBe('app_sort=score&app_dir=asc');
    // Unknown columns and directions fall back, never reach the API.
    expect(read('app_sort=rank&app_dir=desc')).toEqual(['submitted', 'desc']);
    expect(read('app_sort=name&app_dir=sideways')).toEqual(['name', 'asc']);
    expect(read('')).toEqual(['submitted', 'desc']);
  });

  it('bounds text filters', () => {
    const p = readApplicationParams(new URLSearchParams({ app_search: 'x'.repeat(500) }));
    expect(p.search).toHaveLength(200);
  });
});

describe('the score range', () => {
  it('keeps a bound the API takes, as typed, and drops anything else', () => {
    expect(cleanScore('4')).toBe('4');
    expect(cleanScore(' 4.25 ')).toBe('4.25');
    expect(cleanScore('0')).toBe('0');
    expect(cleanScore('10')).toBe('10');
    expect(cleanScore('10.5')).toBe('');
    expect(cleanScore('-1')).toBe('');
    expect(cleanScore('4.')).toBe('');
    expect(cleanScore('1e1')).toBe('');
    expect(cleanScore('abc')).toBe('');
    expect(cleanScore(null)).toBe('');
  });

  it('is read from and written to the URL, with review states in their own order', () => {
    const p = readApplicationParams(
      new URLSearchParams(
        'app_review=flagged&app_review=bogus&app_review=unreviewed&app_score_min=2.5&app_score_max=99',
      ),
    );
    expect(p.reviewState).toEqual(['unreviewed', 'flagged']);
    expect(p.scoreMin).toBe('2.5');
    expect(p.scoreMax).toBe('');
    const out = writeApplicationParams(new URLSearchParams(), { ...p, scoreMax: '4.' });
    expect(out.toString()).toBe('app_review=unreviewed&app_review=flagged&app_score_min=2.5');
  });

  it('never sends a half-typed bound', () => {
    const q = applicationsQuery({ ...EMPTY_FILTERS, scoreMin: '4.', scoreMax: '11' });
    expect(q.toString()).toBe('');
    expect(activeFilterCount({ ...EMPTY_FILTERS, scoreMin: '4.' })).toBe(0);
  });
});

describe('cleanDate', () => {
  it('accepts real calendar dates only', () => {
    expect(cleanDate('2024-02-29')).toBe('2024-02-29');
    expect(cleanDate('2025-02-29')).toBe('');
    expect(cleanDate('2025-13-01')).toBe('');
    expect(cleanDate(null)).toBe('');
  });

  it('drops dates outside 2000-01-01..2100-12-31, which the server refuses', () => {
    expect(cleanDate('9999-12-31')).toBe('');
    expect(cleanDate('1999-12-31')).toBe('');
    expect(cleanDate('2101-01-01')).toBe('');
    expect(cleanDate('2000-01-01')).toBe('2000-01-01');
    expect(cleanDate('2100-12-31')).toBe('2100-12-31');
  });

  it('never sends an out-of-range date to the API, whatever was typed', () => {
    const q = applicationsQuery({ ...EMPTY_FILTERS, dateFrom: '0001-01-01', dateTo: '9999-12-31' });
    expect(q.has('date_start')).toBe(false);
    expect(q.has('date_end')).toBe(false);
  });
});

describe('the API query', () => {
  it('uses the API names, repeated keys and page/limit', () => {
    const q = applicationsQuery(filtersOf(full), { ...DEFAULT_SORT, page: 3 });
    expect(q.get('search')).toBe('ada lovelace');
    expect(q.get('school')).toBe('Riverside');
    expect(q.get('major')).toBe('Math');
    expect(q.getAll('status')).toEqual(['pending', 'accepted']);
    expect(q.getAll('role')).toEqual(['mentor']);
    expect(q.getAll('rsvp_status')).toEqual(['no_response']);
    expect(q.get('date_start')).toBe('2025-07-03');
    expect(q.get('date_end')).toBe('2025-08-18');
    expect(q.get('is_high_school')).toBe('true');
    expect(q.getAll('review_state')).toEqual(['reviewed', 'flagged']);
    expect(q.get('score_min')).toBe('3.5');
    expect(q.get('score_max')).toBe('10');
    expect(q.get('page')).toBe('3');
    expect(q.get('limit')).toBe('50');
    // The default order is the server's default: not sent.
    expect(q.has('sort')).toBe(false);
    expect(q.has('dir')).toBe(false);
  });

  it('sends any other sort with its direction', () => {
    const q = applicationsQuery(filtersOf(full), { sort: 'name', dir: 'asc', page: 1 });
    expect(q.get('sort')).toBe('name');
    expect(q.get('dir')).toBe('asc');
  });

  it('is the same filter a bulk action by filter sends, as JSON', () => {
    expect(applicationsFilterBody(filtersOf(full))).toEqual({
      search: 'ada lovelace',
      school: 'Riverside',
      major: 'Math',
      status: ['pending', 'accepted'],
      role: ['mentor'],
      rsvp_status: ['no_response'],
      date_start: '2025-07-03',
      date_end: '2025-08-18',
      is_high_school: 'true',
      review_state: ['reviewed', 'flagged'],
      score_min: 3.5,
      score_max: 10,
      custom: ['22222222-2222-4222-8222-222222222222:ai'],
    });
    expect(applicationsFilterBody(EMPTY_FILTERS)).toEqual({});
  });

  it('tells the same filters apart from other ones, whatever the chip order', () => {
    const a = { ...EMPTY_FILTERS, status: ['pending', 'accepted'] as const };
    expect(sameFilters({ ...a, status: [...a.status] }, { ...a, status: ['pending', 'accepted'] })).toBe(
      true,
    );
    expect(sameFilters({ ...EMPTY_FILTERS, search: 'ada ' }, { ...EMPTY_FILTERS, search: 'ada' })).toBe(true);
    expect(sameFilters({ ...EMPTY_FILTERS, search: 'ada' }, { ...EMPTY_FILTERS, search: 'bob' })).toBe(false);
  });

  it('sends a boolean-like filter only when exactly one option is chosen', () => {
    expect(applicationsQuery({ ...EMPTY_FILTERS, ageGroup: ['under_18', 'adult'] }).has('age_under_18')).toBe(
      false,
    );
    expect(applicationsQuery({ ...EMPTY_FILTERS, ageGroup: ['adult'] }).get('age_under_18')).toBe('false');
    expect(applicationsQuery({ ...EMPTY_FILTERS, schoolType: ['college'] }).get('is_high_school')).toBe(
      'false',
    );
    expect(applicationsQuery({ ...EMPTY_FILTERS }).has('is_high_school')).toBe(false);
    expect(booleanFilter([], 'x')).toBeNull();
  });

  it('omits empty values and, for the export, the page', () => {
    expect(applicationsQuery({ ...EMPTY_FILTERS, search: '  ', school: '' }).toString()).toBe('');
    expect(applicationsQuery(filtersOf(full)).has('page')).toBe(false);
  });

  it('trims text before sending it', () => {
    expect(applicationsQuery({ ...EMPTY_FILTERS, search: '  ada ' }).get('search')).toBe('ada');
  });
});

describe('filter count', () => {
  it('counts text and date filters once and each chip once', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(filtersOf(full))).toBe(3 + 2 + 2 + 1 + 1 + 2 + 1 + 2 + 2 + 1);
  });

  it('words it', () => {
    expect(filtersActiveLabel(1)).toBe('1 filter active');
    expect(filtersActiveLabel(3)).toBe('3 filters active');
  });
});

describe('custom-answer filters', () => {
  const id = '22222222-2222-4222-8222-222222222222';
  it('keep only what the API takes, once each, in one order, through the URL', () => {
    const params = new URLSearchParams(
      `app_custom=${id}:web&app_custom=${id}:ai&app_custom=${id}:ai&app_custom=nope&app_custom=${id}:DROP`,
    );
    const read = readApplicationParams(params);
    expect(read.custom).toEqual([`${id}:ai`, `${id}:web`]);
    expect(writeApplicationParams(new URLSearchParams(), read).getAll('app_custom')).toEqual([
      `${id}:ai`,
      `${id}:web`,
    ]);
    expect(applicationsQuery(read).getAll('custom')).toEqual([`${id}:ai`, `${id}:web`]);
  });
});
