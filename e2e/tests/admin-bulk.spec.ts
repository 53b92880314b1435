import { test, expect, type Page } from '../support/fixtures';
import { BASE_URL, toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationRow,
  applicationStatus,
  createHackerApplicant,
  openAdminTab,
  searchApplications,
  setApplicationStatus,
  setDecisionsReleased,
  uniqueTag,
} from '../support/admin-applicants';

// Releasing decisions is global: one test at a time in this file, and the state is restored.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Types the word into the typed-confirmation dialog and presses its action. */
async function confirmTyped(page: Page, actionLabel: string) {
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  const action = dialog.getByRole('button', { name: actionLabel });
  await expect(action).toBeDisabled();
  await dialog.getByLabel('Type confirm to continue').fill('Confirm');
  await action.click();
  await expect(dialog).toHaveCount(0);
}

/** Selects every application listed for `tag` in the Applications tab. */
async function selectAllFor(page: Page, tag: string, count: number) {
  await page.getByRole('tab', { name: 'Applications' }).click();
  await searchApplications(page, tag);
  await expect(page.getByText(`Showing ${count} of ${count} applications`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} selected`);
}

test.describe('admin bulk actions', () => {
  test('bulk waitlist of three selected applications', async ({ page }) => {
    const tag = uniqueTag('Blk');
    const applicants = await Promise.all(
      [1, 2, 3].map((i) => createHackerApplicant(admin, { firstName: `Bulk${i}`, lastName: tag })),
    );
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'bulk-actions');
    await expect(page.getByTestId('bulk-selected-count')).toHaveText('0 Selected');
    await page.getByRole('button', { name: 'Bulk Waitlist' }).click();
    await expect(toasts(page).getByText('No Applications Selected')).toBeVisible();
    await expect(
      toasts(page).getByText('Please select applications before performing bulk actions'),
    ).toBeVisible();

    await selectAllFor(page, tag, 3);
    // The selection survives switching tabs.
    await page.getByRole('tab', { name: 'Bulk Actions' }).click();
    await expect(page.getByTestId('bulk-selected-count')).toHaveText('3 Selected');

    const statsRefreshed = page.waitForResponse((r) => r.url().endsWith('/api/admin/dashboard'));
    await page.getByRole('button', { name: 'Bulk Waitlist' }).click();
    await confirmTyped(page, 'Bulk Waitlist');
    await expect(toasts(page).getByText('Bulk Action Completed')).toBeVisible();
    await expect(toasts(page).getByText('3 applications updated to waitlisted.')).toBeVisible();
    await statsRefreshed;
    for (const a of applicants) expect(await applicationStatus(admin, a.id)).toBe('waitlisted');

    // Back in the list, the new status shows and the selection is still there.
    await page.getByRole('tab', { name: 'Applications' }).click();
    for (const a of applicants) {
      await expect(applicationRow(page, a.email).getByText('Waitlisted')).toBeVisible();
    }
    await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
  });

  test('bulk delete removes the selected applications and clears the selection', async ({ page }) => {
    const tag = uniqueTag('Del');
    const applicants = await Promise.all(
      [1, 2].map((i) => createHackerApplicant(admin, { firstName: `Gone${i}`, lastName: tag })),
    );
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications');
    await selectAllFor(page, tag, 2);
    await page.getByRole('tab', { name: 'Bulk Actions' }).click();

    // Cancelling changes nothing.
    await page.getByRole('button', { name: 'Delete Selected Applications' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await applicationStatus(admin, applicants[0]!.id)).toBe('pending');

    await page.getByRole('button', { name: 'Delete Selected Applications' }).click();
    await confirmTyped(page, 'Delete Applications');
    await expect(toasts(page).getByText('Applications Deleted')).toBeVisible();
    await expect(page.getByTestId('bulk-selected-count')).toHaveText('0 Selected');
    for (const a of applicants) {
      const res = await admin.request.get(`/api/admin/applications/${a.id}`, { headers: admin.headers });
      expect(res.status()).toBe(404);
    }
    await page.getByRole('tab', { name: 'Applications' }).click();
    await expect(page.getByText('Showing 0 of 0 applications')).toBeVisible();
    await expect(page.getByText('No applications found.')).toBeVisible();
  });

  test('releasing hacker decisions shows the applicant "Accepted"; unrelease hides it', async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag('Rel');
    const applicantContext = await browser.newContext({ baseURL: BASE_URL });
    try {
      const applicantPage = await applicantContext.newPage();
      const applicant = await createHackerApplicant(
        admin,
        { firstName: 'Rel', lastName: tag },
        { request: applicantContext.request },
      );
      await setApplicationStatus(admin, applicant.id, 'accepted');
      await applicantPage.goto('/dashboard');
      await expect(applicantPage.getByTestId('application-status')).toHaveText('Under Review');

      await signInNewAdmin(page, admin);
      await openAdminTab(page, 'bulk-actions');
      const hacker = page.getByTestId('decisions-hacker-status');
      await expect(hacker).toHaveText('Not Released');
      await expect(page.getByRole('button', { name: 'Unrelease Hacker Decisions' })).toBeDisabled();
      await expect(
        page.getByText(/affect every applicant of that role with a finalized decision/),
      ).toBeVisible();

      // Keep the released window short: another spec expects hacker decisions hidden.
      await page.getByRole('button', { name: 'Release Hacker Decisions', exact: true }).click();
      await confirmTyped(page, 'Release Decisions');
      await expect(toasts(page).getByText('Decisions Released!')).toBeVisible();
      await expect(hacker).toHaveText('Released');
      await expect(
        page.getByRole('button', { name: 'Release Hacker Decisions', exact: true }),
      ).toBeDisabled();

      await applicantPage.reload();
      await expect(applicantPage.getByTestId('application-status')).toHaveText('Accepted');

      await page.getByRole('button', { name: 'Unrelease Hacker Decisions' }).click();
      await confirmTyped(page, 'Unrelease Decisions');
      await expect(toasts(page).getByText('Decisions Unreleased')).toBeVisible();
      await expect(hacker).toHaveText('Not Released');

      await applicantPage.reload();
      await expect(applicantPage.getByTestId('application-status')).toHaveText('Under Review');
    } finally {
      await setDecisionsReleased(admin, 'hacker', false);
      await applicantContext.close();
    }
  });
});
