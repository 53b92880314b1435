import fs from 'node:fs';
import { test, expect } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { BASE_URL, PASSWORD, registerViaApi, registerViaUi, uniqueEmail } from '../support/app';
import { seededAdmin, signInNewAdmin } from '../support/admin-session';
import { submitHackerViaApi } from '../support/applications';

test.describe('privacy (issue 21)', () => {
  test('an applicant gives and withdraws consent, downloads their data, deletes their account and registers again', async ({
    page,
    consoleGuard,
  }) => {
    // The wrong password below is answered 400 on purpose.
    consoleGuard.allow(/status of 400/);
    const email = uniqueEmail('privacy');
    await registerViaUi(page, { email });
    await submitHackerViaApi(page.request);
    await page.reload();

    const card = page.getByRole('region', { name: 'Your data' });
    const consent = card.getByRole('checkbox', { name: /Share my application and resume/ });
    // Unticked unless the applicant ticks it.
    await expect(consent).not.toBeChecked();
    await consent.click();
    await expect(consent).toBeChecked();
    await expect(card.getByText(/^Given on /)).toBeVisible();
    await consent.click();
    await expect(consent).not.toBeChecked();
    await expect(card.getByText(/^Withdrawn on /)).toBeVisible();
    const state = await (await page.request.get('/api/privacy/consent')).json();
    expect(state.history.map((h: { given: boolean }) => h.given)).toEqual([false, true]);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lanyard_my_data_.*\.zip$/);
    const bytes = fs.readFileSync(await file.path());
    // A zip (local header), holding the summary and the answers.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.includes(Buffer.from('summary.html'))).toBe(true);
    expect(bytes.includes(Buffer.from('application.json'))).toBe(true);

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expectNoSeriousA11yViolations(page, 'dashboard delete-account dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await dialog.getByLabel('Your password').fill('not-my-password-1');
    await dialog.getByLabel(/Type delete to confirm/).fill('delete');
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await confirm.click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // The address is free again.
    await registerViaUi(page, { email });
    await expect(page.getByTestId('user-email')).toHaveText(email);
  });

  test('an admin exports a user’s data from the Users tab, on the applicant’s request', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('privacy-admin');
    await registerViaApi(request, email, 'hacker');
    const admin = await seededAdmin();
    try {
      await signInNewAdmin(page, admin);
      await page.getByRole('searchbox', { name: 'Search by email' }).fill(email);
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
      const download = page.waitForEvent('download');
      await row.getByRole('button', { name: `Export data of ${email}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^lanyard_user_data_[0-9a-f]{8}_.*\.zip$/);
      const bytes = fs.readFileSync(await file.path());
      // A zip with the archive's parts (its contents are checked by the server tests).
      expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
      expect(bytes.includes(Buffer.from('account.json'))).toBe(true);
    } finally {
      await admin.dispose();
    }
  });

  test('the privacy page is linked from the footer and says who sees what', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' });
    await expect(link).toHaveAttribute('href', '/privacy');
    await link.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Privacy at / })).toBeVisible();
    const policy = page.getByTestId('privacy-policy');
    await expect(policy.getByRole('heading', { name: 'Who sees it' })).toBeVisible();
    await expect(policy).toContainText('only if you consent');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'privacy page');
  });
});
