import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { MyApplication } from '@lanyard/shared/application';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders, testPublicSettings } from '@/testing';
import { myApplicationQueryKey, myApplicationQueryOptions } from '@/api/get-my-application';
import { RsvpCard } from './rsvp-card';

// Offers that expire (issue 17) on the applicant's RSVP card: the own deadline, the expired state,
// and a late answer the server refuses.

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

const FUTURE_DUE = '2099-08-15T03:59:59.000Z';
const PAST_DUE = '2025-08-16T03:59:59.000Z';
const EXPIRED_MESSAGE =
  'Your offer has expired: the deadline to confirm your place has passed. Please e-mail the organizers.';

function application(offer: MyApplication['offer'], updatedAt = '2025-07-10T12:00:00.000Z'): MyApplication {
  return {
    _id: 'a1',
    role: 'hacker',
    status: 'accepted',
    under_review: false,
    decisions_released: true,
    email: 'h@example.org',
    submitted_at: '2025-07-10T12:00:00.000Z',
    updated_at: updatedAt,
    resume: null,
    answers: { university: 'Riverside University' },
    rsvp_status: null,
    rsvp_details: null,
    celebrated: true,
    ...(offer ? { offer } : {}),
  };
}

/** The card fed by the application query, as on the page, with a fake server behind it. */
function serve(
  app: MyApplication,
  opts: { rsvp?: () => { status: number; body: unknown }; after?: MyApplication } = {},
) {
  let current = app;
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    let reply = { status: 404, body: { error: 'not found' } as unknown };
    if (url.endsWith('/api/settings/public')) {
      reply = {
        status: 200,
        body: testPublicSettings({
          hacker_decisions_released: true,
          server_time: new Date().toISOString(),
          rsvp_deadline: '2099-09-01T03:59:00.000Z',
        }),
      };
    } else if (url.endsWith('/api/applications/me')) reply = { status: 200, body: { application: current } };
    else if (url.endsWith('/api/applications/rsvp') && init?.method === 'POST') {
      reply = opts.rsvp?.() ?? { status: 500, body: { error: 'boom' } };
      if (opts.after) current = opts.after;
    }
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  queryClient.setQueryData(myApplicationQueryKey, app);
  const refetch = vi.fn(() => void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey }));
  function Harness() {
    const { data } = useQuery(myApplicationQueryOptions());
    return data ? (
      <RsvpCard application={data} accountEmail="h@example.org" onRefetchApplication={refetch} />
    ) : null;
  }
  renderWithProviders(<Harness />, { queryClient });
  return { refetch };
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  toastMock.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = () => screen.getByRole('region', { name: 'RSVP' });

describe('RsvpCard: an offer with its own deadline', () => {
  it('shows "Confirm by …" in the event time zone instead of the global RSVP deadline', async () => {
    serve(application({ due_at: FUTURE_DUE, expired: false }));
    const line = await screen.findByTestId('rsvp-confirm-by');
    expect(line.textContent).toBe('Confirm by Fri 14 Aug, 23:59 EDT');
    expect(screen.queryByTestId('rsvp-deadline')).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Submit RSVP' })).toBeTruthy();
  });

  it('without an offer, the global deadline line as before', async () => {
    serve(application(undefined));
    expect(await screen.findByTestId('rsvp-deadline')).toBeTruthy();
    expect(screen.queryByTestId('rsvp-confirm-by')).toBeNull();
  });
});

describe('RsvpCard: an expired offer', () => {
  it('no form: "Expired", when it expired, and a mail to the organizers', async () => {
    serve(application({ due_at: PAST_DUE, expired: true }));
    expect((await screen.findByTestId('rsvp-status')).textContent).toBe('Expired');
    expect(screen.getByTestId('rsvp-message').textContent).toBe(
      'Your offer expired on Fri 15 Aug, 23:59 EDT: it was not confirmed in time, so you can no longer RSVP in the portal.',
    );
    expect(screen.queryByRole('form', { name: 'RSVP' })).toBeNull();
    const mail = screen.getByRole('link', { name: 'E-mail the organizers' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:team@example\.org\?subject=Expired%20offer/);
  });

  it('a late answer refused with 403 offer_expired shows the server message and asks for the application again', async () => {
    const expired = application({ due_at: FUTURE_DUE, expired: true }, '2025-07-11T12:00:00.000Z');
    const { refetch } = serve(application({ due_at: FUTURE_DUE, expired: false }), {
      rsvp: () => ({ status: 403, body: { code: 'offer_expired', error: EXPIRED_MESSAGE } }),
      after: expired,
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(within(card()).getByRole('button', { name: 'Submit RSVP' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline your spot?' });
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));

    await waitFor(() => expect(screen.getByTestId('rsvp-message').textContent).toBe(EXPIRED_MESSAGE));
    expect(screen.getByTestId('rsvp-status').textContent).toBe('Expired');
    expect(screen.queryByRole('button', { name: 'Submit RSVP' })).toBeNull();
    expect(refetch).toHaveBeenCalled();
    // Not a failed submission: no "try again" toast for something that cannot succeed.
    expect(toastMock.error).not.toHaveBeenCalled();
  });
});
