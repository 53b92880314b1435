import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsentState } from '@lanyard/shared/privacy';
import { renderWithProviders } from '@/testing';
import { PrivacyCard } from './privacy-card';

const toastMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock, Toaster: () => null }));

type Reply = { status: number; body: unknown };

function consent(given: boolean | null): ConsentState {
  return {
    has_application: true,
    sponsor_consent: given === true,
    sponsor_consent_at: given === null ? null : '2025-07-10T12:00:00.000Z',
    version: given === null ? null : '1',
    current_version: '1',
    history:
      given === null
        ? []
        : [
            {
              kind: 'sponsor_sharing',
              given,
              version: '1',
              source: 'dashboard',
              at: '2025-07-10T12:00:00.000Z',
            },
          ],
  };
}

/** A fake server for the consent and the account deletion; records what was sent. */
function serve(opts: { remove?: (body: { password: string }) => Reply } = {}) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  let state = consent(null);
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, method, body });
    let reply: Reply = { status: 404, body: { error: 'not found', code: 'not_found' } };
    if (url.endsWith('/api/privacy/consent') && method === 'GET') reply = { status: 200, body: state };
    else if (url.endsWith('/api/privacy/consent') && method === 'PUT') {
      state = consent((body as { sponsor_consent: boolean }).sponsor_consent);
      reply = { status: 200, body: state };
    } else if (url.endsWith('/api/privacy/delete-account'))
      reply = opts.remove?.(body as { password: string }) ?? { status: 200, body: { ok: true } };
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<PrivacyCard />, { path: '/dashboard' });
  return { sent };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard’s Your data card', () => {
  it('starts unticked in the event’s words, and a change is sent at once', async () => {
    const { sent } = serve();
    const box = await screen.findByRole('checkbox', { name: /Share my application and resume/ });
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Not given. Sponsors cannot see your application or resume.')).toBeTruthy();
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('true'));
    expect(sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([{ sponsor_consent: true }]);
    expect(screen.getByText(/^Given on /)).toBeTruthy();
  });

  it('deletes only with the password and the typed word; a wrong password is said in the dialog', async () => {
    const { sent } = serve({
      remove: (b) =>
        b.password === 'right-password'
          ? { status: 200, body: { ok: true } }
          : { status: 400, body: { error: 'That password is not right.', code: 'invalid_credentials' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    const action = within(dialog).getByRole('button', { name: 'Delete my account' });
    fireEvent.change(within(dialog).getByLabelText('Type delete to confirm'), {
      target: { value: 'delete' },
    });
    expect((action as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(action);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That password is not right.');
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'right-password' } });
    fireEvent.click(action);
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Account deleted', expect.anything()));
    expect(sent.filter((s) => s.url.endsWith('/delete-account')).map((s) => s.body)).toEqual([
      { password: 'wrong', confirm: 'delete' },
      { password: 'right-password', confirm: 'delete' },
    ]);
  });
});
