import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { RsvpRow } from '@lanyard/shared/rsvp';
import { renderWithProviders } from '@/testing';
import { RsvpEditDialog } from './rsvp-edit-dialog';

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

const ROW: RsvpRow = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: '<img src=x onerror=alert(1)> Lovelace',
  email: 'ada@example.com',
  role: 'mentor',
  status: 'accepted',
  rsvp_status: null,
  rsvp_at: null,
  preferred_name: null,
  school_name: null,
  pronoun: null,
  linkedin_url: null,
  github_url: null,
  liability_waiver_accepted: null,
  photo_clearance_accepted: null,
  photo_sharing_opt_out: null,
};

function renderDialog(row: RsvpRow = ROW) {
  const onClose = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  renderWithProviders(<RsvpEditDialog row={row} onClose={onClose} />, { queryClient: client });
  return { onClose };
}

function mockFetch(status = 200) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    return new Response(JSON.stringify(status === 200 ? { ...ROW, ...body } : { error: 'boom' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// Radix and react-hook-form in jsdom are slow on a busy machine.
describe('Modify RSVP dialog', { timeout: 20_000 }, () => {
  it('shows the name as text and the details only for an accepted RSVP', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Modify RSVP' });
    expect(dialog.textContent).toContain('<img src=x onerror=alert(1)> Lovelace');
    expect(dialog.querySelector('img')).toBeNull();
    expect(screen.queryByLabelText('Preferred Full Name')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Maybe' }));
    expect(screen.queryByLabelText('Preferred Full Name')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Accepted' }));
    expect(screen.getByLabelText('Preferred Full Name')).toBeTruthy();
    expect(screen.getByLabelText('Official School Name')).toBeTruthy();
    expect(screen.getByLabelText('LinkedIn URL (optional)')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Liability waiver accepted' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Opts out of public sharing' })).toBeTruthy();
    expect(screen.queryByLabelText('Pronoun (other)')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByLabelText('Pronoun (other)')).toBeTruthy();
  });

  it('refuses to save without the required details and with a javascript: link', async () => {
    const fetchMock = mockFetch();
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose an RSVP status')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Accepted' }));
    fireEvent.change(screen.getByLabelText('GitHub URL (optional)'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Preferred full name is required')).toBeTruthy();
    expect(screen.getByText('Official school name is required')).toBeTruthy();
    expect(screen.getByText('Choose a pronoun')).toBeTruthy();
    expect(screen.getByText('Enter a full link starting with http:// or https://')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves an accepted RSVP with its details and closes', async () => {
    const fetchMock = mockFetch();
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Accepted' }));
    fireEvent.change(screen.getByLabelText('Preferred Full Name'), { target: { value: 'Addie' } });
    fireEvent.change(screen.getByLabelText('Official School Name'), { target: { value: 'Riverside U' } });
    fireEvent.click(screen.getByRole('radio', { name: 'They/Them' }));
    fireEvent.change(screen.getByLabelText('LinkedIn URL (optional)'), {
      target: { value: 'https://www.linkedin.com/in/addie' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Liability waiver accepted' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Accepts the photo release' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/admin/applications/${ROW._id}/rsvp`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      rsvp_status: 'accepted',
      preferred_name: 'Addie',
      school_name: 'Riverside U',
      pronoun: 'They/Them',
      linkedin_url: 'https://www.linkedin.com/in/addie',
      github_url: null,
      liability_waiver_accepted: true,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
  });

  it('stays open when the server refuses', async () => {
    const fetchMock = mockFetch(500);
    const { onClose } = renderDialog({ ...ROW, rsvp_status: 'maybe' });
    fireEvent.click(screen.getByRole('radio', { name: 'Declined' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ rsvp_status: 'declined' });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
