import { test, expect } from '../support/fixtures';
import { registerViaApi, registerViaUi, uniqueEmail } from '../support/app';

test.describe('public pages', () => {
  test('an unknown address shows the 404 page with a way home', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });

  test('the landing page shows the event and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Riverside Hacks XXVI');
    await expect(page.getByText('48 hours. 1,000+ students. $50,000+ in prizes.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Portal Access' })).toHaveAttribute('href', '/admin');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('2025');
    await expect(footer).toContainText('100 College Avenue, Riverside Center, NJ 08901');
    await expect(footer.getByRole('link', { name: 'team@riversidehacks.example.org' })).toHaveAttribute(
      'href',
      'mailto:team@riversidehacks.example.org',
    );
  });

  test('forgot password answers with the neutral message', async ({ page, request }) => {
    const known = uniqueEmail('forgot');
    await registerViaApi(request, known);

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email', { exact: true }).fill(known);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText("If an account exists for that email, we've sent a link to reset your password."),
    ).toBeVisible();

    // The same words for an address nobody registered.
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText("If an account exists for that email, we've sent a link to reset your password."),
    ).toBeVisible();
  });

  test('a bad reset code shows the server error', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/reset-password?oob_code=not-a-real-code');
    await page.getByLabel('New Password', { exact: true }).fill('Another-good-pass-7');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another-good-pass-7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('a bad verification token shows the server error', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText('Your email is verified.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  });

  test('pages fit a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = () => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await registerViaUi(page, { email: uniqueEmail('narrow') });
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
