import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { MyApplication } from '@lanyard/shared/application';
import { RSVP_CLOSED_MESSAGE, RSVP_DEADLINE_MESSAGE } from '@lanyard/shared/rsvp';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders, testPublicSettings } from '@/testing';
import { myApplicationQueryKey, myApplicationQueryOptions } from '@/api/get-my-application';
import { RsvpCard } from './rsvp-card';

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

function application(
  status: MyApplication['status'],
  rsvp: MyApplication['rsvp_status'] = null,
): MyApplication {
  return {
    _id: 'a1',
    role: 'hacker',
    status,
    under_review: false,
    decisions_released: true,
    email: 'h@example.org',
    submitted_at: '2025-07-10T12:00:00.000Z',
    updated_at: '2025-07-10T12:00:00.000Z',
    resume: null,
    answers: { university: 'Riverside University', firstName: 'Grace' },
    rsvp_status: rsvp,
    rsvp_details: null,
    celebrated: false,
  };
}

function settings(over: { rsvp_open?: boolean; rsvp_deadline?: string | null } = {}) {
  return testPublicSettings({
    hacker_decisions_released: true,
    server_time: new Date().toISOString(),
    ...over,
  });
}

type Reply = { status: number; body: unknown };

/**
 * A fake server: the settings, the applicant's application (updated by an accepted RSVP), and what
 * POST /api/applications/rsvp answers. Renders the card fed by the application query, as on the page.
 */
function serve(opts: { app: MyApplication; settings: () => unknown; rsvp?: (body: unknown) => Reply }) {
  const posted: unknown[] = [];
  let current = opts.app;
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    let reply: Reply = { status: 404, body: { error: 'not found' } };
    if (url.endsWith('/api/settings/public')) reply = { status: 200, body: opts.settings() };
    else if (url.endsWith('/api/applications/me')) reply = { status: 200, body: { application: current } };
    else if (url.endsWith('/api/applications/rsvp') && init?.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      posted.push(body);
      reply = opts.rsvp?.(body) ?? { status: 500, body: { error: 'boom' } };
      if (reply.status === 200) current = (reply.body as { application: MyApplication }).application;
    }
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const refetchApplication = vi.fn();
  const queryClient = createQueryClient();
  queryClient.setQueryData(myApplicationQueryKey, opts.app);
  function Harness() {
    const { data } = useQuery(myApplicationQueryOptions());
    return data ? (
      <RsvpCard application={data} accountEmail="h@example.org" onRefetchApplication={refetchApplication} />
    ) : null;
  }
  renderWithProviders(<Harness />, { queryClient });
  return { fetchMock, posted, refetchApplication };
}

const card = () => screen.getByRole('region', { name: 'RSVP' });
const submitButton = () => within(card()).getByRole('button', { name: 'Submit RSVP' });

/** Fills every attendance detail an accepted applicant must give. */
function fillAttendance() {
  fireEvent.change(screen.getByLabelText(/^Preferred name/), { target: { value: 'Gracie' } });
  fireEvent.click(screen.getByRole('radio', { name: 'They/Them' }));
  fireEvent.click(screen.getByRole('checkbox', { name: /accept the liability waiver/ }));
  fireEvent.click(screen.getByRole('radio', { name: 'Opt out of public sharing' }));
}

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  // Radix form controls measure themselves; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  toastMock.error.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RsvpCard: accepted applicant', () => {
  it('offers the two responses; Submit stays disabled until one is chosen', async () => {
    serve({ app: application('accepted'), settings: () => settings() });
    const group = await screen.findByRole('radiogroup', { name: 'Will you attend?' });
    expect(within(group).getByRole('radio', { name: 'I will attend' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'I cannot attend' })).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.queryByLabelText(/^Preferred name/)).toBeNull();

    fireEvent.click(within(group).getByRole('radio', { name: 'I will attend' }));
    expect(submitButton()).toHaveProperty('disabled', false);
    // Attending asks for the details, the school prefilled from the application.
    expect((screen.getByLabelText(/^School name/) as HTMLInputElement).value).toBe('Riverside University');
    const waiver = screen.getByRole('link', { name: /liability waiver/ });
    expect(waiver.getAttribute('href')).toBe('https://example.org/waiver.pdf');
    expect(waiver.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /photo release/ }).getAttribute('href')).toBe(
      'https://example.org/photo.pdf',
    );
  });

  it('the shared rules block an incomplete or wrong answer, field by field', async () => {
    const { posted } = serve({ app: application('accepted'), settings: () => settings() });
    fireEvent.click(await screen.findByRole('radio', { name: 'I will attend' }));
    fireEvent.change(screen.getByLabelText(/^School name/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^LinkedIn URL/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('Preferred name is required')).toBeTruthy();
    expect(screen.getByText('School name is required')).toBeTruthy();
    expect(screen.getByText('Pronoun is required')).toBeTruthy();
    expect(screen.getByText('You must accept the liability waiver')).toBeTruthy();
    expect(screen.getByText('Choose a photo preference')).toBeTruthy();
    expect(screen.getByText('Enter a full link starting with http:// or https://')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // "Other" asks for the pronoun in the applicant's own words.
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please specify your pronoun')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('confirms attendance with one tap and shows the thank-you state, with a way to release the spot', async () => {
    const { posted } = serve({
      app: application('accepted'),
      settings: () => settings({ rsvp_deadline: '2099-08-16T03:59:00.000Z' }),
      rsvp: () => ({ status: 200, body: { application: application('accepted', 'accepted') } }),
    });
    expect(await screen.findByText(/RSVP deadline:/)).toBeTruthy();
    expect(screen.getByTestId('rsvp-deadline').textContent).toMatch(/2099 at 11:59\sPM EDT/);
    fireEvent.click(screen.getByRole('radio', { name: 'I will attend' }));
    fillAttendance();
    fireEvent.change(screen.getByLabelText(/^GitHub URL/), { target: { value: 'https://github.com/grace' } });
    fireEvent.click(submitButton());

    // One tap with the waiver checked: no dialog, no typed word (decision 015).
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('rsvp-status').textContent).toBe('Accepted'));
    expect(posted).toEqual([
      {
        response: 'accepted',
        preferredName: 'Gracie',
        schoolName: 'Riverside University',
        pronoun: 'They/Them',
        pronounOther: '',
        linkedinUrl: '',
        githubUrl: 'https://github.com/grace',
        liabilityWaiverAccepted: true,
        photoClearanceAccepted: false,
        photoSharingOptOut: true,
      },
    ]);
    const summary = screen.getByTestId('rsvp-summary');
    expect(summary.textContent).toContain('Gracie');
    expect(summary.textContent).toContain('They/Them');
    const change = screen.getByRole('link', { name: 'Request an RSVP change' });
    expect(change.getAttribute('href')).toMatch(/^mailto:team@example\.org\?subject=RSVP%20change%20request/);
    expect(screen.getByText(/cannot be undone in the portal/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I can no longer attend' })).toBeTruthy();
  });

  it('declining sends only the response, after the typed word', async () => {
    const { posted } = serve({
      app: application('accepted'),
      settings: () => settings(),
      rsvp: () => ({ status: 200, body: { application: application('accepted', 'declined') } }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline your spot?' });
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));
    await waitFor(() => expect(screen.getByTestId('rsvp-status').textContent).toBe('Declined'));
    expect(posted).toEqual([{ response: 'declined' }]);
  });

  it('a 403 "closed" answer shows the closed message and asks for the settings again', async () => {
    let open = true;
    const { fetchMock } = serve({
      app: application('accepted'),
      settings: () => settings({ rsvp_open: open }),
      rsvp: () => {
        open = false;
        return { status: 403, body: { error: RSVP_CLOSED_MESSAGE, code: 'rsvp_closed' } };
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));
    expect(await screen.findByText(RSVP_CLOSED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit RSVP' })).toBeNull();
    const settingsCalls = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/settings/public'));
    expect(settingsCalls.length).toBe(2);
    expect(toastMock.error).not.toHaveBeenCalled();
  });

  it('a 403 "deadline passed" answer shows the deadline message', async () => {
    // The deadline passes while the form is open (the server's settings say so once asked again).
    let deadline: string | null = null;
    serve({
      app: application('accepted'),
      settings: () => settings({ rsvp_deadline: deadline }),
      rsvp: () => {
        deadline = new Date(Date.now() - 1000).toISOString();
        return { status: 403, body: { error: RSVP_DEADLINE_MESSAGE, code: 'rsvp_deadline_passed' } };
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));
    expect(await screen.findByText(RSVP_DEADLINE_MESSAGE)).toBeTruthy();
  });

  it('any other failure: the generic toast, and the form stays', async () => {
    serve({
      app: application('accepted'),
      settings: () => settings(),
      rsvp: () => ({ status: 500, body: { error: 'boom' } }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Failed to submit RSVP. Please try again.', {
        description: undefined,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('409 (answered elsewhere): the toast, and the application is asked for again', async () => {
    const { refetchApplication } = serve({
      app: application('accepted'),
      settings: () => settings(),
      rsvp: () => ({
        status: 409,
        body: { error: 'Your RSVP is already recorded.', code: 'rsvp_recorded' },
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'I cannot attend' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: 'confirm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline My Spot' }));
    await waitFor(() =>
      expect(toastMock.error).toHaveBeenCalledWith('Failed to submit RSVP. Please try again.', {
        description: 'Your RSVP is already recorded.',
      }),
    );
    expect(refetchApplication).toHaveBeenCalled();
  });
});

describe('RsvpCard: waitlisted applicant', () => {
  it('staying needs a plain confirmation and shows "Staying on Waitlist"', async () => {
    const { posted } = serve({
      app: application('waitlisted'),
      settings: () => settings(),
      rsvp: () => ({ status: 200, body: { application: application('waitlisted', 'accepted') } }),
    });
    const group = await screen.findByRole('radiogroup', { name: 'Would you like to stay on the waitlist?' });
    fireEvent.click(within(group).getByRole('radio', { name: 'Keep me on the waitlist' }));
    // No attendance details for the waitlisted.
    expect(screen.queryByLabelText(/^Preferred name/)).toBeNull();
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Stay on the waitlist?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on Waitlist' }));
    await waitFor(() => expect(screen.getByTestId('rsvp-status').textContent).toBe('Staying on Waitlist'));
    expect(posted).toEqual([{ response: 'accepted' }]);
  });

  it('leaving the waitlist needs the typed word', async () => {
    serve({ app: application('waitlisted'), settings: () => settings() });
    fireEvent.click(await screen.findByRole('radio', { name: 'Remove me from the waitlist' }));
    fireEvent.click(submitButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the waitlist?' });
    const action = within(dialog).getByRole('button', { name: 'Remove Me' });
    expect(action).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText(/Type confirm/), { target: { value: ' Confirm ' } });
    expect(action).toHaveProperty('disabled', false);
  });
});

describe('RsvpCard: states without a form', () => {
  it('rejected: no RSVP card at all (issue 14, item 9)', async () => {
    serve({ app: application('rejected'), settings: () => settings() });
    expect(screen.queryByRole('region', { name: 'RSVP' })).toBeNull();
    expect(screen.queryByText(/nothing to RSVP to/)).toBeNull();
  });

  it('RSVPs closed: the closed message and the deadline, no form', async () => {
    serve({
      app: application('accepted'),
      settings: () => settings({ rsvp_open: false, rsvp_deadline: '2099-08-16T03:59:00.000Z' }),
    });
    expect(await screen.findByText(RSVP_CLOSED_MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('rsvp-deadline').textContent).toMatch(/^RSVP deadline:/);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('deadline passed: the deadline message, no form', async () => {
    serve({
      app: application('waitlisted'),
      settings: () => settings({ rsvp_deadline: '2020-01-01T00:00:00.000Z' }),
    });
    expect(await screen.findByText(RSVP_DEADLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('recorded answers: the thank-you state even once RSVPs close', async () => {
    serve({ app: application('waitlisted', 'declined'), settings: () => settings({ rsvp_open: false }) });
    expect(screen.getByTestId('rsvp-status').textContent).toBe('Declined');
    expect(card().textContent).toMatch(/removed from the waitlist/);
    expect(screen.queryByText(RSVP_CLOSED_MESSAGE)).toBeNull();
  });
});
