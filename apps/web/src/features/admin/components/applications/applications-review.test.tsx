import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { AdminApplication } from '@lanyard/shared/admin';
import type { ApplicationReviewsResponse } from '@lanyard/shared/review';
import { renderWithProviders } from '@/testing';
import { useApplicationsQueryState } from '../../lib/use-applications-query-state';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsTable } from './applications-table';
import { ReviewsSection } from './reviews-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-000000000001';

function row(overrides: Partial<AdminApplication['review']> = {}): AdminApplication {
  return {
    _id: ID,
    user_id: '00000000-0000-4000-8000-0000000000aa',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    role: 'hacker',
    status: 'submitted',
    university: 'Riverside',
    major: 'Math',
    is_high_school: false,
    resume_url: null,
    portfolio_url: null,
    submitted_at: '2025-08-01T10:00:00.000Z',
    updated_at: '2025-08-01T10:00:00.000Z',
    rsvp_status: null,
    preferred_name: null,
    school_name: null,
    pronoun: null,
    review: {
      review_count: 2,
      reviews_needed: 3,
      score_raw: 4.25,
      score_calibrated: 4.31,
      score: 4.31,
      rank: 12,
      flags: ['plagiarised', 'duplicate'],
      disputed: true,
      ...overrides,
    },
  };
}

function renderTable(applications: AdminApplication[]) {
  const onSort = vi.fn();
  renderWithProviders(
    <ApplicationsTable
      applications={applications}
      loading={false}
      isSelected={() => false}
      pageState="none"
      onToggle={() => undefined}
      onToggleAll={() => undefined}
      onView={() => undefined}
      sort="score"
      dir="desc"
      onSort={onSort}
    />,
  );
  return { onSort };
}

describe('the review columns of the Applications list', () => {
  it('shows reviews done of needed with the Disputed marker, the score with its rank, and the flags', () => {
    renderTable([row()]);
    const table = screen.getByRole('table', { name: 'Applications' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Reviews', 'Score', 'Flags']));
    const cells = within(table).getAllByRole('row')[1]!;
    expect(within(cells).getByText('2/3')).toBeTruthy();
    expect(within(cells).getByText('Disputed')).toBeTruthy();
    expect(within(cells).getByText('4.3 · #12')).toBeTruthy();
    // Raw and calibrated on hover, and which one ranks.
    expect(within(cells).getByTitle('Raw 4.25, calibrated 4.31; ranked by calibrated')).toBeTruthy();
    expect(within(cells).getByText('Plagiarised')).toBeTruthy();
    expect(within(cells).getByText('Duplicate person')).toBeTruthy();
  });

  it('sorts by score from its header, marked as the sorted column', () => {
    const { onSort } = renderTable([row()]);
    const header = screen.getByRole('columnheader', { name: 'Score' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('score');
  });

  it('shows a dash, not a zero, before any review', () => {
    renderTable([
      row({
        review_count: 0,
        reviews_needed: 2,
        score: null,
        score_raw: null,
        score_calibrated: null,
        rank: null,
        flags: [],
        disputed: false,
      }),
    ]);
    const cells = screen.getAllByRole('row')[1]!;
    expect(within(cells).getByText('0/2')).toBeTruthy();
    expect(within(cells).queryByText('Disputed')).toBeNull();
    expect(within(cells).getByTitle('Not scored yet').textContent).toContain('—');
  });
});

function FiltersHarness() {
  const state = useApplicationsQueryState();
  return <ApplicationsFilters id="filters" filters={state.filters} onChange={state.changeFilters} />;
}

describe('the review filters', () => {
  it('write the review state and the score range into the URL', async () => {
    const { router } = renderWithProviders(<FiltersHarness />, { path: '/admin?tab=applications' });
    const states = screen.getByRole('group', { name: 'Review State' });
    fireEvent.click(within(states).getByRole('button', { name: 'Disputed' }));
    fireEvent.click(within(states).getByRole('button', { name: 'Flagged' }));
    const params = () => new URLSearchParams(router.state.location.search);
    await waitFor(() => expect(params().getAll('app_review')).toEqual(['disputed', 'flagged']));
    expect(params().get('tab')).toBe('applications');

    fireEvent.change(screen.getByLabelText('Lowest Score'), { target: { value: '3.5' } });
    fireEvent.keyDown(screen.getByLabelText('Lowest Score'), { key: 'Enter' });
    await waitFor(() => expect(params().get('app_score_min')).toBe('3.5'));

    // A bound the API would refuse says so, and stays out of the URL.
    const highest = screen.getByLabelText('Highest Score');
    fireEvent.input(highest, { target: { value: '11' } });
    fireEvent.keyDown(highest, { key: 'Enter' });
    expect(await screen.findByText('Enter a score from 0 to 10, such as 3.5.')).toBeTruthy();
    expect(highest.getAttribute('aria-invalid')).toBe('true');
    expect(params().has('app_score_max')).toBe(false);
  });

  it('read them back from the URL', () => {
    renderWithProviders(<FiltersHarness />, { path: '/admin?app_review=unreviewed&app_score_max=4' });
    const states = screen.getByRole('group', { name: 'Review State' });
    expect(within(states).getByRole('button', { name: 'Unreviewed' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(states).getByRole('button', { name: 'Reviewed' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect((screen.getByLabelText('Highest Score') as HTMLInputElement).value).toBe('4');
  });
});

const REVIEWS: ApplicationReviewsResponse = {
  summary: row().review,
  criteria: [
    {
      id: 'experience',
      name: 'Experience and background',
      weight: 1,
      questions: [],
      scale: 5,
      levels: ['1', '2', '3', '4', '5'],
    },
    {
      id: 'motivation',
      name: 'Motivation',
      weight: 1,
      questions: [],
      scale: 5,
      levels: ['1', '2', '3', '4', '5'],
    },
  ],
  reviews: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      reviewer_id: null,
      reviewer_email: 'grace@example.org',
      scores: { experience: 5, motivation: 4 },
      total: 4.5,
      note: 'Strong <b>essay</b>',
      flag: 'plagiarised',
      flag_reason: 'Same text as another application',
      created_at: '2025-08-02T10:00:00.000Z',
      updated_at: '2025-08-02T11:00:00.000Z',
    },
  ],
  skips: [{ reviewer_email: 'alan@example.org', reason: 'conflict', created_at: '2025-08-02T09:00:00.000Z' }],
};

describe("the detail dialog's Reviews section", () => {
  it('shows every review with its criteria, total, note and flag, the skips, and which score ranks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        expect(String(url)).toContain(`/api/admin/applications/${ID}/reviews`);
        return new Response(JSON.stringify(REVIEWS), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<ReviewsSection applicationId={ID} />, { queryClient: client });
    const review = await screen.findByRole('listitem', { name: 'grace@example.org' });
    expect(within(review).getByText('Experience and background')).toBeTruthy();
    expect(within(review).getByText('5 / 5')).toBeTruthy();
    expect(within(review).getByText('4 / 5')).toBeTruthy();
    expect(within(review).getByText('4.50')).toBeTruthy();
    // Notes are text, never markup.
    expect(within(review).getByText('Strong <b>essay</b>')).toBeTruthy();
    expect(within(review).getByText('Plagiarised')).toBeTruthy();
    expect(within(review).getByText('Same text as another application')).toBeTruthy();
    expect(screen.getByText('alan@example.org')).toBeTruthy();
    expect(screen.getByText('Conflict of interest: I know this person')).toBeTruthy();
    expect(screen.getByText('4.3 (rank 12 in the role)')).toBeTruthy();
    const calibrated = screen.getByText('Calibrated Score').parentElement!;
    expect(within(calibrated).getByText('Used for Ranking')).toBeTruthy();
    const raw = screen.getByText('Raw Score').parentElement!;
    expect(within(raw).queryByText('Used for Ranking')).toBeNull();
  });
});
