import { test, expect, type Page } from '../support/fixtures';
import { registerViaUi, toasts, uniqueEmail } from '../support/app';
import { submitHackerViaApi } from '../support/applications';

/** The timeline step's state, as the page marks it (done / current / upcoming). */
function step(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'Application Timeline' })
    .getByRole('listitem')
    .filter({ hasText: title });
}

test.describe('applicant dashboard', () => {
  test('a new hacker: Not Started, Start Application, the timeline at "Application Started"', async ({
    page,
  }) => {
    await registerViaUi(page, { email: uniqueEmail('dash-new') });
    const card = page.getByRole('region', { name: 'Application Status' });
    await expect(card.getByTestId('application-status')).toHaveText('Not Started');
    await expect(card.getByRole('link', { name: 'Start Application' })).toHaveAttribute(
      'href',
      '/hacker-apply',
    );
    await expect(step(page, 'Applications Opened')).toHaveAttribute('data-state', 'done');
    await expect(step(page, 'Application Started')).toHaveAttribute('aria-current', 'step');
    await expect(step(page, 'Application Submitted')).toHaveAttribute('data-state', 'upcoming');
  });

  test('after a hacker submits: "Under Review", View Application, the timeline at decisions', async ({
    page,
  }) => {
    await registerViaUi(page, { email: uniqueEmail('dash-submitted') });
    // page.request shares the page's session cookie.
    await submitHackerViaApi(page.request);
    await page.reload();

    const card = page.getByRole('region', { name: 'Application Status' });
    await expect(card.getByTestId('application-status')).toHaveText('Under Review');
    await expect(card.getByTestId('application-status-message')).toHaveText(
      "Your application is under review. You'll be notified when decisions are released.",
    );
    for (const title of ['Applications Opened', 'Application Started', 'Application Submitted']) {
      await expect(step(page, title)).toHaveAttribute('data-state', 'done');
    }
    await expect(step(page, 'Expected Decisions')).toHaveAttribute('aria-current', 'step');
    await expect(step(page, 'Confirmation (RSVP) Deadline')).toHaveAttribute('data-state', 'upcoming');
    // No decision is out, so there is nothing to RSVP to and nothing to celebrate.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The header's Refresh asks again for the application too.
    const refetched = page.waitForResponse((r) => r.url().endsWith('/api/applications/me'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refetched).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();

    await card.getByRole('link', { name: 'View Application' }).click();
    await expect(page).toHaveURL(/\/view-application$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();
  });

  test('the hacker form leads to the view once submitted', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('dash-resubmit') });
    await submitHackerViaApi(page.request);
    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Under Review');
    await expect(page.getByRole('link', { name: 'Start Application' })).toHaveCount(0);
  });

  test('settings that cannot be loaded: the "Error" toast, and the status still shows', async ({
    page,
    consoleGuard,
  }) => {
    test.slow(); // A server error is asked again three times before the page gives up.
    consoleGuard.allow(/status of 503/);
    await registerViaUi(page, { email: uniqueEmail('dash-settings') });
    await page.route('**/api/settings/public', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Down","code":"down"}' }),
    );
    await page.reload();

    const toast = toasts(page)
      .getByRole('listitem')
      .filter({ hasText: 'Could not load application settings.' });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(toast).toContainText('Error');
    const card = page.getByRole('region', { name: 'Application Status' });
    await expect(card.getByTestId('application-status')).toHaveText('Not Started');
  });
});
