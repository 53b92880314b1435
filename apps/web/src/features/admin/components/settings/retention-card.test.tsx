import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { RetentionPreview, RetentionSettings } from '@lanyard/shared/retention';
import { renderWithProviders } from '@/testing';
import { RetentionCard, previewLine } from './retention-card';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// A future event, so the dates read as days, not "at the next daily run".
function preview(settings: RetentionSettings, active = true): RetentionPreview {
  return {
    settings,
    active,
    event_end: '2099-09-22T00:00:00.000Z',
    rules: [
      {
        rule: 'resumes',
        enabled: settings.resume_days !== null,
        count: 142,
        due_at: '2099-12-20T00:00:00.000Z',
      },
      {
        rule: 'non_attendees',
        enabled: settings.non_attendee_days !== null,
        count: 1,
        due_at: settings.non_attendee_days === null ? null : '2100-03-21T00:00:00.000Z',
      },
      { rule: 'unverified', enabled: true, count: 3, due_at: '2000-01-01T00:00:00.000Z' },
    ],
  };
}

const SAVED: RetentionSettings = { resume_days: 90, non_attendee_days: 180, unverified_days: 30 };

function serve(get: () => Response = () => Response.json(preview(SAVED)), queryClient?: QueryClient) {
  const puts: unknown[] = [];
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/settings/retention')
        return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }));
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as RetentionSettings;
        puts.push(body);
        return Promise.resolve(Response.json(preview(body)));
      }
      return Promise.resolve(get());
    }),
  );
  renderWithProviders(<RetentionCard />, queryClient ? { queryClient } : {});
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Settings: Data retention', () => {
  it('shows the periods and what the next runs will delete, with dates', async () => {
    serve();
    expect(await screen.findByText('142 resumes will be deleted on 20 Dec 2099.')).toBeDefined();
    expect(
      screen.getByText('1 account of someone who did not attend will be deleted on 21 Mar 2100.'),
    ).toBeDefined();
    expect(screen.getByText('3 unverified accounts will be deleted at the next daily run.')).toBeDefined();
    expect((screen.getByLabelText('Unverified accounts: days after sign-up') as HTMLInputElement).value).toBe(
      '30',
    );
    expect(screen.getByRole('button', { name: 'Save Retention' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the periods are not active until saved, and saving them unchanged turns them on', async () => {
    const puts = serve(() => Response.json(preview(SAVED, false)));
    expect(
      await screen.findByText('Not active yet: nothing is deleted until you save these periods.'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
    await waitFor(() => expect(puts).toEqual([SAVED]));
    await waitFor(() =>
      expect(
        screen.queryByText('Not active yet: nothing is deleted until you save these periods.'),
      ).toBeNull(),
    );
  });

  it('refuses days out of range without saving, then saves a fixed value and a rule turned off', async () => {
    const puts = serve();
    const resumes = await screen.findByLabelText('Resumes: days after the event ends');
    fireEvent.change(resumes, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
    expect(await screen.findByText('At least 1 day')).toBeDefined();
    expect(puts).toHaveLength(0);

    fireEvent.change(resumes, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Delete people who did not attend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
    await waitFor(() =>
      expect(puts).toEqual([{ resume_days: 45, non_attendee_days: null, unverified_days: 30 }]),
    );
    expect(await screen.findByText('Off: nothing is deleted by this rule.')).toBeDefined();
    expect(toastMock.success).toHaveBeenCalled();
  });

  it('says so when the settings cannot be loaded', async () => {
    // No retries: the error shows at once.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    serve(() => Response.json({ error: 'boom' }, { status: 500 }), queryClient);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the retention settings.');
  });

  it('words one row and a rule turned off', () => {
    expect(
      previewLine({ rule: 'resumes', enabled: true, count: 1, due_at: '2099-01-05T00:00:00.000Z' }),
    ).toBe('1 resume will be deleted on 5 Jan 2099.');
    expect(previewLine({ rule: 'resumes', enabled: false, count: 0, due_at: null })).toBe(
      'Off: nothing is deleted by this rule.',
    );
  });
});
