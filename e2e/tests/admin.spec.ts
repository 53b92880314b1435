import { test, expect } from '../support/fixtures';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  fillAdminSignIn,
  fillSignIn,
  PASSWORD,
  registerViaApi,
  toasts,
  uniqueEmail,
} from '../support/app';

test.describe('admin portal', () => {
  test('admin sign-in shows the portal and its four stat cards', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('link', { name: '← Back to Login' })).toHaveAttribute('href', '/');
    await fillAdminSignIn(page);

    await expect(toasts(page).getByText('Admin Access Granted')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    for (const label of [
      'Registered Users',
      'Hacker Applications',
      'Mentor Applications',
      'Pending Review',
    ]) {
      const card = page.getByRole('region', { name: label });
      await expect(card).toBeVisible();
      await expect(card.getByText(/^\d[\d,]*$/)).toBeVisible();
    }

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('an admin who signs in on the main page lands on /admin, and / sends them back there (decision 020)', async ({
    page,
  }) => {
    await page.goto('/');
    await fillSignIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an applicant signing in on /admin/login gets "Access Denied"', async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403/);
    const email = uniqueEmail('notadmin');
    await registerViaApi(request, email);

    await page.goto('/admin/login');
    await fillAdminSignIn(page, email, PASSWORD);
    await expect(toasts(page).getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
