import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@lanyard/shared/auth';
import type { MyApplication } from '@lanyard/shared/application';
import { createQueryClient } from '@/lib/query-client';
import { readSavedPass, SAVED_PASS_KEY, writeSavedPass } from '@/lib/saved-pass';
import { renderWithProviders } from '@/testing';
import { NO_PASS_MESSAGE, OFFLINE_NO_PASS, OFFLINE_NOTE, PASS_PDF_URL, PassPage } from './pass-page';

const user: PublicUser = {
  id: '8d3c6f8e-4a7b-4c1e-9f4a-2b7d9e1c3a5f',
  email: 'h@example.org',
  role: 'hacker',
  applicationStatus: 'accepted',
  emailVerified: true,
};

const application: MyApplication = {
  _id: 'a1',
  role: 'hacker',
  status: 'accepted',
  under_review: false,
  decisions_released: true,
  email: user.email,
  submitted_at: '2025-07-10T12:00:00.000Z',
  updated_at: '2025-07-10T12:00:00.000Z',
  resume: null,
  answers: { firstName: 'Grace' },
  rsvp_status: 'accepted',
  rsvp_details: { preferred_name: 'Γκρέις', school_name: null, pronoun: null },
  celebrated: true,
};

const TOKEN = 'LY1.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456';

/** The API as it answers: `qr` 'none' is the 404 no_qr of someone without a code. */
function serve({ session = user as PublicUser | null, qr = 'ok' as 'ok' | 'none' } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/auth/session')) return json({ user: session });
      if (url.endsWith('/api/applications/me/qr'))
        return qr === 'ok'
          ? json({ token: TOKEN })
          : json({ error: 'Your check-in code appears once…', code: 'no_qr' }, 404);
      if (url.endsWith('/api/applications/me')) return json({ application });
      return json(null, 404);
    }),
  );
}

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/** No network at all: every request fails as fetch does offline. */
function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

function renderPass() {
  const queryClient = createQueryClient();
  // Offline, the app retries for seconds before giving up; the page shows the saved pass meanwhile.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return renderWithProviders(
    [
      { path: '/pass', element: <PassPage /> },
      { path: '/', element: <p>Landing</p> },
    ],
    { path: '/pass', queryClient },
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PassPage', () => {
  it('online: the name, the event and the code, a PDF link, and the pass kept on the device', async () => {
    serve();
    renderPass();
    expect((await screen.findByTestId('pass-name')).textContent).toBe('Γκρέις');
    expect(screen.getByText('Test Hacks I')).toBeTruthy();
    expect((await screen.findByTestId('pass-qr')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'Download PDF pass' }).getAttribute('href')).toBe(PASS_PDF_URL);
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull();
    await waitFor(() =>
      expect(readSavedPass()).toMatchObject({ token: TOKEN, name: 'Γκρέις', event: 'Test Hacks I' }),
    );
  });

  it('offline: the pass saved earlier, said to be the saved one, without the PDF link', async () => {
    writeSavedPass({
      token: TOKEN,
      name: 'Grace',
      event: 'Test Hacks I',
      savedAt: '2025-09-18T10:00:00.000Z',
    });
    offline();
    renderPass();
    expect(screen.getByTestId('pass-name').textContent).toBe('Grace');
    expect(await screen.findByTestId('pass-qr')).toBeTruthy();
    expect(await screen.findByText(OFFLINE_NOTE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download PDF pass' })).toBeNull();
    expect(readSavedPass()?.token).toBe(TOKEN);
  });

  it('offline with nothing saved: says to open it once with a connection', async () => {
    offline();
    renderPass();
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_NO_PASS);
  });

  it('a pass saved before is forgotten once the server says there is no code any more', async () => {
    writeSavedPass({
      token: TOKEN,
      name: 'Grace',
      event: 'Test Hacks I',
      savedAt: '2025-09-18T10:00:00.000Z',
    });
    serve({ qr: 'none' });
    renderPass();
    expect((await screen.findByRole('alert')).textContent).toBe(NO_PASS_MESSAGE);
    expect(localStorage.getItem(SAVED_PASS_KEY)).toBeNull();
  });

  it('signed out: the saved pass is forgotten and the visitor leaves the page', async () => {
    writeSavedPass({
      token: TOKEN,
      name: 'Grace',
      event: 'Test Hacks I',
      savedAt: '2025-09-18T10:00:00.000Z',
    });
    serve({ session: null });
    renderPass();
    expect(await screen.findByText('Landing')).toBeTruthy();
    expect(localStorage.getItem(SAVED_PASS_KEY)).toBeNull();
  });

  it('ignores a saved pass that is not one (edited by hand, another version)', () => {
    localStorage.setItem(SAVED_PASS_KEY, JSON.stringify({ token: 42 }));
    expect(readSavedPass()).toBeNull();
    localStorage.setItem(SAVED_PASS_KEY, '{not json');
    expect(readSavedPass()).toBeNull();
  });
});
