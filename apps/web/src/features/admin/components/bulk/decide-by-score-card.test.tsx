import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { DecideByScorePreview } from '@lanyard/shared/review';
import { renderWithProviders } from '@/testing';
import { DecideByScoreCard } from './decide-by-score-card';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  // Radix radios and checkboxes measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (n: number, name: string, score: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  score,
});

const PREVIEW: DecideByScorePreview = {
  role: 'hacker',
  ranking: 'calibrated',
  considered: 8,
  excluded_flagged: 1,
  bands: [
    {
      status: 'accepted',
      count: 2,
      min_score: 4.5,
      max_score: 4.8,
      first: [person(1, 'Ada Lovelace', 4.8), person(2, 'Grace Hopper', 4.5)],
      last: [person(2, 'Grace Hopper', 4.5)],
    },
    {
      status: 'rejected',
      count: 6,
      min_score: 1.2,
      max_score: 4.1,
      first: [person(3, 'Alan Turing', 4.1)],
      last: [person(4, 'Bob Null', 1.2)],
    },
  ],
  changes: 8,
};

function serve() {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ url: String(url), body });
      const answer = PREVIEW;
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderCard() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  renderWithProviders(<DecideByScoreCard />, { queryClient: client });
}

describe('Decide by Score', { timeout: 20_000 }, () => {
  it('asks for something to do before previewing', () => {
    const calls = serve();
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose what to do: accept the top, waitlist the next, or reject the rest.',
    );
    fireEvent.change(screen.getByLabelText('Accept the Top'), { target: { value: 'ten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Enter a whole number from 0 to 100,000, or leave it empty.')).toBeTruthy();
    expect(screen.getByLabelText('Accept the Top').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('previews the top 2, then applies only once the number that changes is typed', async () => {
    const calls = serve();
    renderCard();
    const apply = screen.getByRole('button', { name: 'Apply Hacker Decisions' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Accept the Top'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reject the Rest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const summary = await screen.findByTestId('score-preview-summary');
    expect(summary.textContent).toBe(
      'Accept 2 and reject 6 of 8 hacker applications ranked by the calibrated score.',
    );
    expect(calls[0]!.url).toContain('/api/admin/decide-by-score/preview');
    expect(calls[0]!.body).toEqual({
      role: 'hacker',
      accept_top: 2,
      reject_rest: true,
      include_flagged: false,
    });
    expect(
      screen.getByText(/8 applications change status\. 1 application flagged by reviewers is left out\./),
    ).toBeTruthy();
    const accepted = screen.getByTestId('score-band-accepted');
    expect(within(accepted).getByText('2 applications')).toBeTruthy();
    expect(within(accepted).getByText('4.80 down to 4.50')).toBeTruthy();
    // Grace is both first and last of a band of two: named once.
    expect(within(accepted).getAllByText('Grace Hopper')).toHaveLength(1);
    expect(within(screen.getByTestId('score-band-rejected')).getByText('Bob Null')).toBeTruthy();

    fireEvent.click(apply);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Applicants see nothing until hacker decisions are released');
    const action = within(dialog).getByRole('button', { name: 'Apply Decisions' });
    const typed = within(dialog).getByLabelText('Type 8 to continue');
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: '7' } });
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: '8' } });
    expect(action.hasAttribute('disabled')).toBe(false);
    fireEvent.click(action);

    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/apply'))!;
    expect(sent.body).toEqual({
      role: 'hacker',
      accept_top: 2,
      reject_rest: true,
      include_flagged: false,
      confirm: '8',
    });
    expect(await screen.findByText('Bulk Action Completed')).toBeTruthy();
    expect(
      screen.getByText(
        '8 applications decided by score. Hacker decisions stay hidden until you release them.',
      ),
    ).toBeTruthy();
  });

  it('drops the preview when a choice changes, so Apply never uses an old one', async () => {
    serve();
    renderCard();
    fireEvent.change(screen.getByLabelText('Accept the Top'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('score-preview');
    expect(screen.getByRole('button', { name: 'Apply Hacker Decisions' }).hasAttribute('disabled')).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Include Flagged Applications/ }));
    expect(screen.queryByTestId('score-preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply Hacker Decisions' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
