import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CAPACITY_SETTINGS,
  admissionsOf,
  type Admissions,
  type CapacitySettings,
} from '@lanyard/shared/capacity';
import { renderWithProviders } from '@/testing';
import { AdmissionsCard } from './admissions-card';

// Issue 17 on the Admissions card: the expired count, automatic promotion per role, the pause
// that takes effect at once, and extending everyone's open offers.

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

const COUNTS = {
  offers: 30,
  confirmed: 10,
  declined: 4,
  expired: 3,
  awaiting: 13,
  waitlisted: 9,
  checked_in: 0,
};

function admissions(settings: CapacitySettings): Admissions {
  return {
    settings,
    roles: [admissionsOf('hacker', true, COUNTS, settings), admissionsOf('mentor', false, COUNTS, settings)],
  };
}

type Call = { method: string; url: string; body: unknown };

function serve(start: Partial<CapacitySettings>, extend?: () => Response) {
  let current: CapacitySettings = {
    ...DEFAULT_CAPACITY_SETTINGS,
    hacker: { ...DEFAULT_CAPACITY_SETTINGS.hacker, places: 40, auto_promote: true },
    offer_days: 5,
    ...start,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, url, body });
      if (method === 'PUT' && url === '/api/admin/admissions/settings') {
        current = { ...current, ...(body as Partial<CapacitySettings>) };
        return Promise.resolve(Response.json(admissions(current)));
      }
      if (method === 'POST' && url === '/api/admin/admissions/offers/extend') {
        return Promise.resolve(
          extend ? extend() : Response.json({ extended: 2, due_at: '2099-08-16T03:59:00.000Z' }),
        );
      }
      if (url === '/api/admin/admissions') return Promise.resolve(Response.json(admissions(current)));
      return Promise.resolve(Response.json({}));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<AdmissionsCard />, { queryClient, path: '/admin?tab=bulk-actions' });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

describe('Admissions card: offers that expire and automatic promotion', () => {
  it('shows the expired count and whether each role promotes by itself', async () => {
    serve({});
    const hackers = await screen.findByTestId('admissions-hacker');
    expect(within(hackers).getByTestId('admissions-hacker-expired').textContent).toBe('Expired3');
    expect(within(hackers).getByTestId('admissions-hacker-promotion').textContent).toBe(
      'Automatic promotion: On',
    );
    const mentors = screen.getByTestId('admissions-mentor');
    expect(within(mentors).getByTestId('admissions-mentor-promotion').textContent).toBe(
      'Automatic promotion: Off',
    );
  });

  it('pauses automatic promotion at once, and resumes it', async () => {
    const calls = serve({});
    fireEvent.click(await screen.findByRole('button', { name: 'Pause automatic promotion' }));
    await waitFor(() =>
      expect(calls).toEqual([
        { method: 'PUT', url: '/api/admin/admissions/settings', body: { promotion_paused: true } },
      ]),
    );
    expect(toastMock.success).toHaveBeenCalledWith('Automatic Promotion Paused', expect.anything());
    expect((await screen.findByTestId('admissions-promotion-status')).textContent).toMatch(
      /^Automatic promotion is paused for every role/,
    );
    expect(screen.getByTestId('admissions-hacker-promotion').textContent).toMatch(/Paused/);
    fireEvent.click(screen.getByRole('button', { name: 'Resume automatic promotion' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ promotion_paused: false }));
    expect(await screen.findByRole('button', { name: 'Pause automatic promotion' })).toBeTruthy();
  });

  it('extends everyone’s open offers of a role after a confirmation, and says how many', async () => {
    const calls = serve({});
    const section = await screen.findByTestId('admissions-extend');
    fireEvent.change(within(section).getByLabelText('Offers of'), { target: { value: 'hacker' } });
    fireEvent.change(within(section).getByLabelText('New deadline Date'), {
      target: { value: '2099-08-15' },
    });
    fireEvent.change(within(section).getByLabelText('New deadline Time'), { target: { value: '23:59' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Extend deadlines' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Extend deadlines?' });
    expect(dialog.textContent).toContain('Open offers of hackers');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend deadlines' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]!.body as { role: string; due_at: string };
    expect(body.role).toBe('hacker');
    expect(new Date(body.due_at).getTime()).toBe(new Date(2099, 7, 15, 23, 59).getTime());
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('Extended 2 deadlines', expect.anything()),
    );
  });

  it('a refused time shows under the field, in the server’s words', async () => {
    serve({}, () =>
      Response.json(
        { error: 'due_at: Choose a time in the future.', code: 'validation_error' },
        { status: 400 },
      ),
    );
    const section = await screen.findByTestId('admissions-extend');
    fireEvent.click(within(section).getByRole('button', { name: 'Extend deadlines' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Extend deadlines?' });
    expect(dialog.textContent).toContain('Open offers of hackers and mentors');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend deadlines' }));
    expect(await within(section).findByText('Choose a time in the future.')).toBeTruthy();
    expect(toastMock.success).not.toHaveBeenCalled();
  });
});
