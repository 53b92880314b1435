import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { renderWithProviders } from '@/testing';
import { EmailsTab } from './emails-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(smtpConfigured: boolean) {
  const body = {
    emails: [
      {
        _id: '00000000-0000-4000-8000-000000000001',
        to: 'ada@example.com',
        subject: 'Reset your Lanyard password',
        kind: 'password_reset',
        status: 'queued',
        attempts: 0,
        last_error: null,
        created_at: '2025-06-01T10:00:00.000Z',
        sent_at: null,
      },
    ],
    total: 1,
    counts: { queued: 1 },
    smtp_configured: smtpConfigured,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(<EmailsTab />, { queryClient: client });
}

describe('E-mails view', { timeout: 20_000 }, () => {
  it('says plainly, without SMTP, that nothing can be delivered and that links are not shown', async () => {
    serve(false);
    renderTab();
    const notice = await screen.findByRole('status', { name: 'E-mails cannot be delivered' });
    expect(notice.textContent).toContain(
      'SMTP is not configured: e-mails cannot be delivered until it is (set SMTP_URL).',
    );
    expect(notice.textContent).toContain(
      'Verification and password reset links are not shown here: each is made only when its e-mail is sent, so applicants cannot verify their address or reset their password until e-mail works.',
    );
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/oob_code|verify-email\?token/);
  });

  it('shows no such notice when SMTP is configured', async () => {
    serve(true);
    renderTab();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByText(/cannot be delivered/)).toBeNull();
  });
});
