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

  test('the release dialog says what will happen, shows each e-mail, and can release without e-mail', async ({
    page,
  }, testInfo) => {
    const tag = uniqueTag('Pre');
    const [yes, no] = await Promise.all(
      ['Yes', 'No'].map((n) => createHackerApplicant(admin, { firstName: `Pre${n}`, lastName: tag })),
    );
    await setApplicationStatus(admin, yes!.id, 'accepted');
    await setApplicationStatus(admin, no!.id, 'rejected');
    // The real numbers, counted through the list (every hacker of this run, not only ours).
    const total = async (status: string) => {
      const res = await admin.request.get('/api/admin/applications', {
        params: { role: 'hacker', status, limit: 1 },
        headers: admin.headers,
      });
      return ((await res.json()) as { total: number }).total;
    };
    const [accepted, waitlisted, rejected] = [
      await total('accepted'),
      await total('waitlisted'),
      await total('rejected'),
    ];
    const previewRes = await admin.request.get('/api/admin/decisions/hacker/preview', {
      headers: admin.headers,
    });
    const preview = (await previewRes.json()) as {
      emails: number;
      samples: { template: string; subject: string; recipient: { email: string } }[];
    };
    // Ours are not announced yet, so at least their two e-mails go out.
    expect(preview.emails).toBeGreaterThanOrEqual(2);
    try {
      await signInNewAdmin(page, admin);
      await openAdminTab(page, 'bulk-actions');
      await page.getByRole('button', { name: 'Release Hacker Decisions', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
      const people = accepted + waitlisted + rejected;
      await expect(dialog.getByTestId('release-summary')).toHaveText(
        `${people} hacker ${people === 1 ? 'applicant' : 'applicants'} will see their decision: ` +
          `${accepted} accepted, ${waitlisted} waitlisted, ${rejected} rejected. ` +
          `${preview.emails} ${preview.emails === 1 ? 'e-mail' : 'e-mails'} will be sent.`,
      );
      // One preview per e-mail that goes out, as its real recipient gets it.
      for (const sample of preview.samples) {
        const card = dialog.getByTestId(`release-preview-${sample.template}`);
        await expect(card).toContainText(sample.subject);
        await expect(card).toContainText(sample.recipient.email);
        await expect(card.locator('pre')).toContainText(/^Hi .+,/);
        await expect(card.locator('iframe[sandbox=""]')).toHaveCount(1);
      }
      await page.screenshot({ path: testInfo.outputPath('release-dialog-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: testInfo.outputPath('release-dialog-390.png') });
      await page.setViewportSize({ width: 1280, height: 800 });

      const withoutEmail = dialog.getByRole('checkbox', { name: 'Release without e-mail' });
      await withoutEmail.check();
      await expect(dialog.getByTestId('release-summary')).toContainText(
        'No e-mails will be sent: these decisions count as announced, and a later release will not e-mail them either.',
      );
      await dialog.getByLabel('Type confirm to continue').fill('confirm');
      await dialog.getByRole('button', { name: 'Release Decisions' }).click();
      await expect(toasts(page).getByText('Decisions Released!')).toBeVisible();
      await expect(toasts(page).getByText(/No e-mails were sent\./)).toBeVisible();
      const mails = await admin.request.get('/api/admin/emails', {
        params: { search: yes!.email, kind: 'decision_accepted' },
        headers: admin.headers,
      });
      expect(((await mails.json()) as { total: number }).total).toBe(0);

      await page.getByRole('button', { name: 'Unrelease Hacker Decisions' }).click();
      await expect(dialog).toContainText('E-mails already sent cannot be recalled');
      await page.screenshot({ path: testInfo.outputPath('unrelease-dialog-1280.png') });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await setDecisionsReleased(admin, 'hacker', false);
    }
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
