import { test, expect } from '../support/fixtures';
import { fillSignIn, registerViaApi, uniqueEmail } from '../support/app';
import { linkIn, waitForMail } from '../support/mail';

test.describe('links that arrive by e-mail', () => {
  test('the verification e-mail reaches the SMTP peer and its link verifies the address', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('verify');
    await registerViaApi(request, email);
    const mail = await waitForMail(request, email, /^Verify your email/);
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText('Your email is verified.')).toBeVisible();
  });

  test('a password reset e-mail carries a link that sets a new password, once', async ({
    page,
    request,
    consoleGuard,
  }) => {
    const email = uniqueEmail('reset');
    await registerViaApi(request, email);

    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await waitForMail(request, email, /^Reset your /);
    const path = linkIn(mail, '/reset-password');

    await page.goto(path);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-77');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Brand-new-pass-77');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();

    await page.goto('/');
    await fillSignIn(page, email, 'Brand-new-pass-77');
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same link a second time is refused.
    consoleGuard.allow(/status of 400/);
    await page.goto(path);
    await page.getByLabel('New Password', { exact: true }).fill('Another-new-pass-88');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another-new-pass-88');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  });
});
