import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CAPACITY_SETTINGS,
  admissionsOf,
  type Admissions,
  type AdmissionsCounts,
  type PromotePreview,
} from '@lanyard/shared/capacity';
import { renderWithProviders } from '@/testing';
import { ADMISSIONS_QUERY_KEY } from '../../api/admissions-get';
import { APPLICATIONS_QUERY_KEY } from '../../api/applications-list';
import { AdmissionsCard } from './admissions-card';

const HACKERS: AdmissionsCounts = {
  offers: 300,
  confirmed: 200,
  declined: 40,
  expired: 0,
  awaiting: 60,
  waitlisted: 25,
  checked_in: 12,
};
const MENTORS: AdmissionsCounts = {
  offers: 0,
  confirmed: 0,
  declined: 0,
  expired: 0,
  awaiting: 0,
  waitlisted: 0,
  checked_in: 0,
};

function admissions(hackersReleased = true): Admissions {
  const settings = {
    ...DEFAULT_CAPACITY_SETTINGS,
    hacker: { ...DEFAULT_CAPACITY_SETTINGS.hacker, places: 500 },
  };
  return {
    settings,
    roles: [
      admissionsOf('hacker', hackersReleased, HACKERS, settings),
      admissionsOf('mentor', false, MENTORS, settings),
    ],
  };
}

const person = (n: number, name: string, score: number | null) => ({
  id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name,
  score,
});

// One of the 25 waiting is flagged: 24 can be promoted. 200.6 + 12 × 0.85 × 0.6 = 206.72.
function wave(count: number): PromotePreview {
  return {
    role: 'hacker',
    waitlisted: 24,
    excluded_flagged: 1,
    count,
    first: [person(1, 'Ada Lovelace', 4.8), person(2, 'Grace Hopper', 4.5), person(3, 'Alan Turing', 4.1)],
    last: [
      person(10, 'Linus Pauling', 2.1),
      person(11, 'Margaret Hamilton', null),
      person(12, 'Bob Null', null),
    ],
    expected_attendance_before: 200.6,
    expected_attendance_after: Math.round((200.6 + count * 0.51) * 10) / 10,
  };
}

interface Call {
  url: string;
  body: Record<string, unknown>;
}

/** Answers GET /api/admin/admissions, and the wave's POSTs in turn from `posts` (the last one repeats). */
function serve(posts: ((body: Record<string, unknown>) => Response)[], hackersReleased = true) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ url, body });
      if (url === '/api/admin/admissions') return Promise.resolve(Response.json(admissions(hackersReleased)));
      const next = posts.length > 1 ? posts.shift()! : posts[0]!;
      return Promise.resolve(next(body));
    }),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderWithProviders(<AdmissionsCard />, { queryClient, path: '/admin?tab=bulk-actions' });
  return { calls, invalidate };
}

const previewOf = (count: number) => () => Response.json(wave(count));
const promoted = (count: number) => () => Response.json(wave(count));

async function previewTwelve() {
  const block = await screen.findByTestId('admissions-hacker-wave');
  const field = within(block).getByLabelText('Promote from the waitlist');
  // The suggestion (588 to fill the places) but no more than are waiting.
  expect((field as HTMLInputElement).value).toBe('25');
  fireEvent.change(field, { target: { value: '12' } });
  fireEvent.click(within(block).getByRole('button', { name: 'Preview' }));
  await within(block).findByTestId('admissions-hacker-wave-preview');
  return block;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Bulk Actions: Admissions waves', { timeout: 20_000 }, () => {
  it('previews the next N: who, the flagged left out and the attendance it brings', async () => {
    const { calls } = serve([previewOf(12)]);
    const block = await previewTwelve();
    const sent = calls.filter((c) => c.url !== '/api/admin/admissions');
    expect(sent).toEqual([
      { url: '/api/admin/admissions/promote/preview', body: { role: 'hacker', count: 12 } },
    ]);

    expect(within(block).getByTestId('admissions-hacker-wave-summary').textContent).toBe(
      'Promote 12 of 24 waitlisted hackers',
    );
    expect(within(block).getByText('1 flagged application is left out')).toBeTruthy();
    const first = within(block).getByText('First').closest('div')!;
    expect(within(first).getByText('Ada Lovelace').closest('li')!.textContent).toBe('Ada Lovelace4.80');
    const last = within(block).getByText('Last').closest('div')!;
    expect(within(last).getByText('Bob Null').closest('li')!.textContent).toBe('Bob Nullno score');
    expect(within(block).getByTestId('admissions-hacker-wave-projection').textContent).toBe(
      'Expected attendance: 200.6 → 206.7 of 500 places',
    );
    expect(within(block).getByText('Promoted applicants are e-mailed their decision at once.')).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Promote 12 Hackers' })).toBeTruthy();
  });

  it('checks the number before asking the server', async () => {
    const { calls } = serve([previewOf(12)]);
    const block = await screen.findByTestId('admissions-hacker-wave');
    const field = within(block).getByLabelText('Promote from the waitlist');
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Preview' }));
    expect(within(block).getByText('Enter a whole number from 1 to 10,000.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.url !== '/api/admin/admissions')).toHaveLength(0);
    expect(within(block).queryByRole('button', { name: /^Promote \d/ })).toBeNull();
  });

  it('promotes only once the number is typed, then says so and reads the counts again', async () => {
    const { calls, invalidate } = serve([previewOf(12), promoted(12)]);
    const block = await previewTwelve();
    fireEvent.click(within(block).getByRole('button', { name: 'Promote 12 Hackers' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Promote 12 hackers from the waitlist?' });
    expect(dialog.textContent).toContain(
      'Promote 12 of 24 waitlisted hackers, from Ada Lovelace to Bob Null.',
    );
    expect(dialog.textContent).toContain('Promoted applicants are e-mailed their decision at once.');
    const action = within(dialog).getByRole('button', { name: 'Promote' });
    const typed = within(dialog).getByLabelText('Type 12 to confirm');
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: '11' } });
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: '12' } });
    expect(action.hasAttribute('disabled')).toBe(false);
    const readsBefore = calls.filter((c) => c.url === '/api/admin/admissions').length;
    fireEvent.click(action);

    expect(await screen.findByText('Promoted 12 hackers from the waitlist.')).toBeTruthy();
    expect(screen.getByText('Hackers Promoted')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/admissions/promote')!.body).toEqual({
      role: 'hacker',
      count: 12,
      confirm: '12',
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(block).queryByTestId('admissions-hacker-wave-preview')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ADMISSIONS_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: APPLICATIONS_QUERY_KEY });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/admin/admissions').length).toBeGreaterThan(readsBefore),
    );
  });

  it('shows a refused confirmation in the dialog, with the number that would go now', async () => {
    const { calls } = serve([
      previewOf(12),
      () =>
        Response.json(
          {
            error: 'confirm: Type 11 to confirm: that is how many applicants this promotes.',
            code: 'validation_error',
          },
          { status: 400 },
        ),
      previewOf(11),
    ]);
    const block = await previewTwelve();
    fireEvent.click(within(block).getByRole('button', { name: 'Promote 12 Hackers' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Type 12 to confirm'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'The waitlist has changed since the preview. Type 11 to confirm: that is how many applicants this promotes.',
    );
    // Previewed again with the number asked for: the dialog now asks for the new one.
    const typed = await within(dialog).findByLabelText('Type 11 to confirm');
    expect(calls.filter((c) => c.url.endsWith('/preview')).map((c) => c.body)).toEqual([
      { role: 'hacker', count: 12 },
      { role: 'hacker', count: 12 },
    ]);
    const action = within(dialog).getByRole('button', { name: 'Promote' });
    expect(action.hasAttribute('disabled')).toBe(true);
    fireEvent.change(typed, { target: { value: '11' } });
    expect(action.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('alertdialog', { name: 'Promote 11 hackers from the waitlist?' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/promote'))).toHaveLength(1);
  });

  it('closes the dialog and says why when the server refuses otherwise', async () => {
    serve([
      previewOf(12),
      () =>
        Response.json(
          { error: 'Nobody on this waitlist can be promoted.', code: 'bad_request' },
          { status: 400 },
        ),
    ]);
    const block = await previewTwelve();
    fireEvent.click(within(block).getByRole('button', { name: 'Promote 12 Hackers' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText('Type 12 to confirm'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Nobody on this waitlist can be promoted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(block).queryByTestId('admissions-hacker-wave-preview')).toBeNull();
  });

  it('says promoted applicants stay hidden while the role’s decisions are not released', async () => {
    serve([previewOf(12)], false);
    const block = await screen.findByTestId('admissions-hacker-wave');
    expect(within(block).getByTestId('admissions-hacker-wave-release').textContent).toBe(
      'Promoted applicants stay hidden until you release hacker decisions.',
    );
  });

  it('turns the wave off when nobody is waiting', async () => {
    serve([previewOf(12)]);
    const block = await screen.findByTestId('admissions-mentor-wave');
    const field = within(block).getByLabelText('Promote from the waitlist');
    expect(field.hasAttribute('disabled')).toBe(true);
    expect(within(block).getByRole('button', { name: 'Preview' }).hasAttribute('disabled')).toBe(true);
    expect(within(block).getByText('Nobody is waiting on the mentor waitlist.').id).toBe(
      field.getAttribute('aria-describedby'),
    );
    expect(within(block).queryByTestId('admissions-mentor-wave-release')).toBeNull();
  });
});
