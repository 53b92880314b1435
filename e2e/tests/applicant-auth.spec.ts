import { test, expect } from '../support/fixtures';
import {
  fillRegister,
  fillSignIn,
  openRegister,
  PASSWORD,
  registerViaApi,
  registerViaUi,
  toasts,
  uniqueEmail,
} from '../support/app';

test.describe('applicant sign-up and sign-in', () => {
  test('register as a hacker, sign out, sign in again', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    const email = uniqueEmail('hacker');

    await registerViaUi(page, { email, role: 'hacker' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Riverside Hacks XXVI');
    await expect(page.getByTestId('user-email')).toHaveText(email);
    await expect(page.getByTestId('user-role')).toHaveText('Participant');
    await expect(page.getByRole('heading', { name: 'Application Timeline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      /^mailto:.+\?subject=Hacker%20Application%20Help$/,
    );
    // A brand-new account has not verified its address yet.
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

    // Signed out means signed out: the dashboard sends us back to the landing page.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);

    await fillSignIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('user-email')).toHaveText(email);

    // Applicant pages never download admin or check-in code.
    expect(requested.filter((u) => /admin-page|checkin-page/.test(u))).toEqual([]);
  });

  test('register as a mentor shows the Mentor role', async ({ page }) => {
    const email = uniqueEmail('mentor');
    await registerViaUi(page, { email, role: 'mentor' });
    await expect(page.getByTestId('user-role')).toHaveText('Mentor');
    await expect(page.getByText('Mentor at Hackathon!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      /subject=Mentor%20Application%20Help$/,
    );

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(toasts(page).getByText('Verification email sent')).toBeVisible();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByTestId('user-role')).toHaveText('Mentor');
  });

  test('mismatched passwords are refused before anything is sent', async ({ page }) => {
    let registerCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await page.goto('/');
    await openRegister(page);
    await fillRegister(page, { email: uniqueEmail('mismatch'), password: PASSWORD, confirm: PASSWORD + 'x' });

    await expect(toasts(page).getByText("Passwords don't match")).toBeVisible();
    await expect(
      toasts(page).getByText('Please make sure both password fields are identical.'),
    ).toBeVisible();
    await expect(page.locator('#register-confirm-password-error')).toHaveText("Passwords don't match");
    await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/$/);
    expect(registerCalls).toBe(0);
  });

  test('registering an e-mail twice shows "Registration failed"', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    const email = uniqueEmail('dup');
    await registerViaApi(request, email);

    await page.goto('/');
    await openRegister(page);
    await fillRegister(page, { email });
    await expect(toasts(page).getByText('Registration failed')).toBeVisible();
    await expect(toasts(page).getByText('An account with this email already exists.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password shows "Login failed"', async ({ page, request }) => {
    const email = uniqueEmail('wrongpw');
    await registerViaApi(request, email);

    await page.goto('/');
    await fillSignIn(page, email, 'not-the-password-1');
    await expect(toasts(page).getByText('Login failed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('sign-in fields are required and the e-mail field is an e-mail input', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('#signin-email-error')).toHaveText('Email is required');
    await expect(page.locator('#signin-password-error')).toHaveText('Password is required');
  });
});
