/**
 * Issue 14, item 6: an attendee can release their own place ("I can no longer attend") on the
 * dashboard, with the typed "confirm" of a decline, and it frees the place at once.
 */
import { test, expect } from '../support/fixtures';
import { BASE_URL } from '../support/app';
import { setDecisionsReleased } from '../support/admin-applicants';
import { seededAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createMentorApplicant,
  openDashboard,
  rsvpCard,
  rsvpRowOf,
  withMentorDecisionsReleased,
} from '../support/rsvp';

// Decision release is global: this file runs in the global-state project, one test at a time.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'mentor', false);
  } finally {
    await admin.dispose();
  }
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
]) {
  test(`an attendee releases their place on a ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'rsvp-release');
    await withMentorDecisionsReleased(admin, async () => {
      const answered = await page.request.post('/api/applications/rsvp', {
        headers: { Origin: BASE_URL },
        data: {
          response: 'accepted',
          preferredName: 'Ada',
          schoolName: 'Riverside University',
          pronoun: 'She/Her',
          liabilityWaiverAccepted: true,
          photoClearanceAccepted: true,
        },
      });
      expect(answered.status(), await answered.text()).toBe(200);
      await openDashboard(page, 'accepted', { celebrates: false });
      const card = rsvpCard(page);
      await expect(card.getByTestId('rsvp-status')).toHaveText('Accepted');
      await expect(page.getByRole('region', { name: 'Your Check-In Code' })).toBeVisible();

      // Changing one's mind in the dialog changes nothing.
      const release = card.getByRole('button', { name: 'I can no longer attend' });
      await release.click();
      let dialog = page.getByRole('alertdialog', { name: 'Release your spot?' });
      await expect(dialog).toContainText('someone on the waitlist');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect((await rsvpRowOf(admin, applicant.email)).rsvp_status).toBe('accepted');

      await page.screenshot({ path: `test-results/rsvp-attending-${viewport.width}.png`, fullPage: true });
      await release.click();
      dialog = page.getByRole('alertdialog', { name: 'Release your spot?' });
      await page.screenshot({ path: `test-results/rsvp-release-dialog-${viewport.width}.png` });
      const action = dialog.getByRole('button', { name: 'Release My Spot' });
      await expect(action).toBeDisabled();
      await dialog.getByLabel('Type confirm to continue').fill('Confirm');
      const posted = page.waitForResponse(
        (r) => r.url().endsWith('/api/applications/rsvp/withdraw') && r.request().method() === 'POST',
      );
      await action.click();
      expect((await posted).status()).toBe(200);

      await expect(dialog).toHaveCount(0);
      await expect(card.getByTestId('rsvp-status')).toHaveText('Declined');
      await expect(card.getByText(/released your spot/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your Check-In Code' })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'I can no longer attend' })).toHaveCount(0);
      await page.screenshot({ path: `test-results/rsvp-released-${viewport.width}.png`, fullPage: true });

      const row = await rsvpRowOf(admin, applicant.email);
      expect(row).toMatchObject({ rsvp_status: 'declined', liability_waiver_accepted: null });

      // It stays released after a reload: the form does not come back.
      await openDashboard(page, 'accepted', { reload: true });
      await expect(rsvpCard(page).getByTestId('rsvp-status')).toHaveText('Declined');
      await expect(rsvpCard(page).getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
    });
  });
}

test('the server refuses a release the page still offered (answer changed elsewhere)', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/); // the refusal, on purpose
  const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'rsvp-release-stale');
  await withMentorDecisionsReleased(admin, async () => {
    const answered = await page.request.post('/api/applications/rsvp', {
      headers: { Origin: BASE_URL },
      data: {
        response: 'accepted',
        preferredName: 'Ada',
        schoolName: 'Riverside University',
        pronoun: 'She/Her',
        liabilityWaiverAccepted: true,
        photoClearanceAccepted: true,
      },
    });
    expect(answered.status(), await answered.text()).toBe(200);
    await openDashboard(page, 'accepted', { celebrates: false });
    // Meanwhile an organiser records a decline for them.
    const res = await admin.request.put(`/api/admin/applications/${applicant.id}/rsvp`, {
      data: { rsvp_status: 'declined' },
      headers: admin.headers,
    });
    expect(res.status(), await res.text()).toBe(200);

    const card = rsvpCard(page);
    await card.getByRole('button', { name: 'I can no longer attend' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Release your spot?' });
    await dialog.getByLabel('Type confirm to continue').fill('confirm');
    await dialog.getByRole('button', { name: 'Release My Spot' }).click();
    await expect(page.getByText('You have no confirmed place to release.')).toBeVisible();
    // The page then shows what the server holds.
    await expect(card.getByTestId('rsvp-status')).toHaveText('Declined');
  });
});
