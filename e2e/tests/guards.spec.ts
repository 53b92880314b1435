import { test, expect } from '../support/fixtures';
import { fillAdminSignIn, fillSignIn, registerViaApi, registerViaUi, uniqueEmail } from '../support/app';

test.describe('route guards and redirect after sign-in', () => {
  test('a deep link to the dashboard returns there after sign-in', async ({ page, request }) => {
    const email = uniqueEmail('deeplink');
    await registerViaApi(request, email);

    await page.goto('/dashboard?from=email');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate("localStorage.getItem('redirectAfterLogin')")).toBe('/dashboard?from=email');

    await fillSignIn(page, email);
    await expect(page).toHaveURL(/\/dashboard\?from=email$/);
    await expect(page.getByTestId('user-email')).toHaveText(email);
    expect(await page.evaluate("localStorage.getItem('redirectAfterLogin')")).toBeNull();
  });

  test('a deep link to /admin goes to the admin sign-in and back', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();

    await fillAdminSignIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Registered Users' })).toBeVisible();
  });

  test('a deep link to /checkin returns to /checkin after admin sign-in', async ({ page }) => {
    await page.goto('/checkin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await fillAdminSignIn(page);
    await expect(page).toHaveURL(/\/checkin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check-In Portal' })).toBeVisible();
    for (const label of ['Total Hackers', 'Checked In', 'Not Checked In']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
  });

  test('a hacker is kept out of /admin and /checkin', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('nosy') });

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Registered Users' })).toHaveCount(0);

    await page.goto('/checkin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Check-In Portal' })).toHaveCount(0);
  });

  test('a signed-in applicant visiting / goes to the dashboard', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('home') });
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
