import { test, expect } from '../support/fixtures';
import { fillAdminSignIn, PASSWORD, registerViaApi, toasts, uniqueEmail } from '../support/app';

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
