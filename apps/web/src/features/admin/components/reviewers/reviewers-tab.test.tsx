import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReviewersResponse } from '@lanyard/shared/review';
import { renderWithProviders } from '@/testing';
import { ReviewersTab } from './reviewers-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE: ReviewersResponse = {
  reviewers: [
    {
      reviewer_id: '00000000-0000-4000-8000-000000000001',
      email: 'grace@example.org',
      role: 'reviewer',
      reviews: 1234,
      mean: 3.456,
      spread: 0.8,
      median_seconds: 72,
      skips: 3,
      last_review_at: '2025-08-02T10:00:00.000Z',
    },
    {
      reviewer_id: '00000000-0000-4000-8000-000000000002',
      email: 'new@example.org',
      role: 'admin',
      reviews: 0,
      mean: null,
      spread: null,
      median_seconds: null,
      skips: 0,
      last_review_at: null,
    },
  ],
  progress: {
    applications: 5000,
    reviews_needed: 8766,
    reviews_done: 1234,
    fully_reviewed: 400,
    pace_per_day: 312,
    estimated_finish: '2026-12-12T15:00:00.000Z',
  },
};

function serve(body: ReviewersResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<ReviewersTab />, { queryClient: client });
}

describe('Reviewers view', { timeout: 20_000 }, () => {
  it("shows progress toward k reviews, the finish day at the current pace, and each reviewer's numbers", async () => {
    serve(BASE);
    renderTab();
    expect((await screen.findByTestId('review-progress')).textContent).toBe('1,234 of 10,000 reviews done');
    expect(
      screen.getByRole('progressbar', { name: '1,234 of 10,000 reviews done' }).getAttribute('aria-valuenow'),
    ).toBe('12');
    expect(screen.getByTestId('review-pace').textContent).toBe(
      'At the current pace (312 a day) the reviews will be done on Sat 12 Dec.',
    );
    expect(screen.getByText('400 of 5,000 applications have all the reviews they need.')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Reviewers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Reviewer',
      'Role',
      'Reviews',
      'Mean',
      'Spread',
      'Median Time',
      'Skips',
      'Last Review',
    ]);
    const [grace, fresh] = within(table).getAllByRole('row').slice(1);
    expect(
      within(grace!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'grace@example.org',
      'Reviewer',
      '1,234',
      '3.46',
      '0.80',
      '1 min 12 s',
      '3',
      expect.stringMatching(/Aug 2, 2025/),
    ]);
    expect(
      within(fresh!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['new@example.org', 'Admin', '0', '—', '—', '—', '0', 'Never']);
  });

  it('says plainly when nobody has reviewed lately, and when the work is done', async () => {
    serve({ ...BASE, progress: { ...BASE.progress, pace_per_day: 0, estimated_finish: null } });
    renderTab();
    expect((await screen.findByTestId('review-pace')).textContent).toBe('No reviews in the last 3 days.');
    cleanup();
    serve({ ...BASE, progress: { ...BASE.progress, reviews_needed: 0, reviews_done: 10_000 } });
    renderTab();
    expect((await screen.findByTestId('review-pace')).textContent).toBe(
      'Every application has all the reviews it needs.',
    );
  });

  it('points to the Users tab when there are no reviewers', async () => {
    serve({ ...BASE, reviewers: [] });
    renderTab();
    expect(
      await screen.findByText('No reviewers yet. Add one in the Users tab with the role Reviewer.'),
    ).toBeTruthy();
  });
});
