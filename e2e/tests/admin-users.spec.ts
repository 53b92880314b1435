import fs from 'node:fs/promises';
import { test, expect, type Page } from '../support/fixtures';
import { BASE_URL, PASSWORD, registerViaApi, toasts, uniqueEmail, SERVER_ERROR } from '../support/app';
import {
  seededAdmin,
  signInNewAdmin,
  submitHackerWhenOpen,
  type SeededAdmin,
} from '../support/admin-session';
import { signUpHacker } from '../support/hacker-apply';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Types into the users search box and waits for the (debounced) list to show `email` alone. */
async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('users_search') === text);
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
}

test.describe('admin users tab', () => {
  test('search by email finds a new applicant; chips and Clear All filter the list', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('find-me');
    await registerViaApi(request, email, 'mentor');
    await signInNewAdmin(page, admin);

    await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();

    await searchUsers(page, email);
    const row = userRow(page, email);
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('mentor');
    await expect(row.getByText('Not Started')).toBeVisible();
    await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    // No application: nothing to view.
    await expect(row.getByRole('button', { name: `View application of ${email}` })).toHaveCount(0);

    // Role chip hacker excludes the mentor; the filters live in the URL.
    await page.getByRole('button', { name: 'Hacker', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Hacker', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page).toHaveURL(/users_role=hacker/);
    await expect(page.getByText('No users found.')).toBeVisible();
    await expect(page.getByText('2 filters active')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search by email' })).toHaveValue(email);
    await expect(page.getByText('No users found.')).toBeVisible();

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search by email' })).toHaveValue('');
    await expect(page).not.toHaveURL(/users_/);
    await expect(page.getByText(/filters? active/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Mentor', exact: true }).click();
    await page.getByRole('button', { name: 'Not Started', exact: true }).click();
    await searchUsers(page, email);
    await expect(userRow(page, email)).toBeVisible();
  });

  test('Export to CSV downloads the filtered users as users_export_{timestamp}.csv', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('export-me');
    await registerViaApi(request, email);
    await signInNewAdmin(page, admin);
    await searchUsers(page, email);
    await expect(userRow(page, email)).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^users_export_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('email');
    expect(lines[1]).toContain(email);
  });

  test('view and reset an application: the applicant can apply again', async ({ page, browser }) => {
    test.slow();
    // The applicant, in a browser of their own, with a hostile first name.
    const applicantContext = await browser.newContext({ baseURL: BASE_URL });
    const applicant = await applicantContext.newPage();
    const email = await signUpHacker(applicant, 'reset-me');
    const hostile = '<img src=x onerror="window.__pwned=1">';
    await submitHackerWhenOpen(applicant.request, { firstName: hostile });

    await signInNewAdmin(page, admin);
    await searchUsers(page, email);
    const row = userRow(page, email);
    await expect(row.getByText('Pending')).toBeVisible();

    // Read-only details; hostile text renders as text.
    await row.getByRole('button', { name: `View application of ${email}` }).click();
    const details = page.getByRole('dialog', { name: 'Application Details' });
    await expect(details).toBeVisible();
    await expect(details.getByText(`${hostile} Hopper`)).toBeVisible();
    await expect(details.getByText('I build compilers for fun.')).toBeVisible();
    await expect(details.getByRole('button', { name: /accept|reject/i })).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    await details.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Reset application of ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('submit a new application');
    await expect(confirm).toContainText('current application will be deleted');
    await confirm.getByLabel(/Type confirm to continue/).fill('confirm');
    await confirm.getByRole('button', { name: 'Reset Application' }).click();

    await expect(toasts(page).getByText('User application has been reset.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Not Started')).toBeVisible();
    await expect(row.getByRole('button', { name: `View application of ${email}` })).toHaveCount(0);

    // The applicant starts over.
    await applicant.goto('/dashboard');
    await expect(applicant.getByText('Not Started', { exact: true })).toBeVisible();
    await expect(applicant.getByRole('link', { name: 'Start Application' })).toBeVisible();
    await submitHackerWhenOpen(applicant.request);
    await applicantContext.close();
  });

  test('delete a user: they can no longer sign in', async ({ page, browser, request }) => {
    const applicantContext = await browser.newContext({ baseURL: BASE_URL });
    const applicant = await applicantContext.newPage();
    const email = await signUpHacker(applicant, 'delete-me');

    await signInNewAdmin(page, admin);
    await searchUsers(page, email);
    await userRow(page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('permanently delete');
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByLabel(/Type confirm to continue/).fill('CONFIRM');
    await confirm.getByRole('button', { name: 'Delete User' }).click();

    await expect(toasts(page).getByText('User has been deleted.')).toBeVisible();
    await expect(page.getByText('No users found.')).toBeVisible();

    // The session they had is gone, and the password no longer works.
    expect((await applicant.request.get('/api/auth/me')).status()).toBe(401);
    const login = await request.post('/api/auth/login', {
      data: { email, password: PASSWORD },
      headers: { Origin: BASE_URL },
    });
    expect(login.status()).toBe(401);
    await applicantContext.close();
  });

  test('the typed confirmation refuses a wrong word', async ({ page, request }) => {
    const email = uniqueEmail('keep-me');
    await registerViaApi(request, email);
    await signInNewAdmin(page, admin);
    await searchUsers(page, email);
    await userRow(page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();

    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    const input = confirm.getByLabel(/Type confirm to continue/);
    const action = confirm.getByRole('button', { name: 'Delete User' });
    await expect(action).toBeDisabled();
    await input.fill('delete');
    await expect(action).toBeDisabled();
    await input.press('Enter');
    await expect(confirm).toBeVisible();
    await input.fill('confirmed');
    await expect(action).toBeDisabled();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await expect(userRow(page, email)).toBeVisible();
    const res = await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, {
      headers: admin.headers,
    });
    expect(((await res.json()) as { total: number }).total).toBe(1);
  });

  test('Add user creates a check-in volunteer and shows server errors', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    await signInNewAdmin(page, admin);
    const email = uniqueEmail('volunteer');

    await page.getByRole('button', { name: 'Add user' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Role').selectOption('volunteer');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(toasts(page).getByText(`User ${email} has been created.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchUsers(page, email);
    await expect(userRow(page, email).getByRole('cell').nth(1)).toHaveText('volunteer');

    await page.getByRole('button', { name: 'Add user' }).click();
    dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Role').selectOption('hacker');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('Add user requires a role, staff roles listed first', async ({ page }) => {
    await signInNewAdmin(page, admin);
    const creates: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/admin/users')
        creates.push(req.url());
    });
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    const role = dialog.getByLabel('Role');
    // No role is chosen for the admin: a volunteer account must not quietly become an applicant.
    await expect(role).toHaveValue('');
    await expect(role.getByRole('option')).toHaveText([
      'Choose a role',
      'Volunteer (check-in)',
      'Reviewer (applications)',
      'Admin',
      'Hacker',
      'Mentor',
    ]);
    await dialog.getByLabel('Email').fill(uniqueEmail('norole'));
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText('Choose a role', { exact: true }).last()).toBeVisible();
    await expect(role).toHaveAttribute('aria-invalid', 'true');
    await expect(role).toBeFocused();
    await expect(dialog).toBeVisible();
    expect(creates).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`add-user-${width}.png`) });
    }
  });

  test('a failed load shows "Could not load users." and "Failed to fetch users."', async ({
    page,
    consoleGuard,
  }) => {
    test.slow(); // The list retries a server error three times before giving up.
    consoleGuard.allow(/status of 500/);
    await signInNewAdmin(page, admin);
    await page.route('**/api/admin/users?*', (route) => route.fulfill(SERVER_ERROR));
    await page.getByRole('button', { name: 'Not Started', exact: true }).click();
    await expect(toasts(page).getByText('Could not load users.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch users.' })).toBeVisible();
  });
});
