/**
 * Issue 14, item 1: a waitlisted applicant who kept their place and is then accepted must confirm
 * attendance (with the waiver and photo choice) before they count: no thank-you, no QR code, and
 * "awaiting RSVP" in the admin view until they do. Item 9: a rejected applicant sees no RSVP card.
 * (The file name ends in rsvp.spec.ts: it releases mentor decisions, so it runs with the
 * global-state specs, one at a time.)
 */
import { test, expect } from '../support/fixtures';
import { setApplicationStatus, setDecisionsReleased } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { openTab, rsvpRow, searchRsvps } from '../support/admin-rsvp';
import { createMentorApplicant, openDashboard, rsvpCard, withMentorDecisionsReleased } from '../support/rsvp';

test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'mentor', false);
    await admin.putSettings({ rsvp_open: true, rsvp_deadline: null });
  } finally {
    await admin.dispose();
  }
});

const SHOTS = 'test-results/decision-change-rsvp';

test('waitlisted, keeps their place, then accepted: asked to confirm, no QR, "awaiting RSVP" for the admin', async ({
  page,
  browser,
}) => {
  test.slow();
  const applicant = await createMentorApplicant(admin, page.request, 'waitlisted', 'rsvp-change');
  await withMentorDecisionsReleased(admin, async () => {
    await openDashboard(page, 'waitlisted');
    const card = rsvpCard(page);
    await card.getByRole('radio', { name: 'Keep me on the waitlist' }).check();
    await card.getByRole('button', { name: 'Submit RSVP' }).click();
    await page
      .getByRole('alertdialog', { name: 'Stay on the waitlist?' })
      .getByRole('button', { name: 'Stay on Waitlist' })
      .click();
    await expect(card.getByText('Staying on Waitlist')).toBeVisible();

    await setApplicationStatus(admin, applicant.id, 'accepted');
    // A new acceptance: celebrated once, on this visit (decision 013).
    await openDashboard(page, 'accepted', { reload: true, celebrates: true });

    // Asked to confirm attendance, with the waiver and the photo choice; nothing says "confirmed".
    await expect(card.getByText(/Thank you for confirming/)).toHaveCount(0);
    await expect(card.getByRole('radio', { name: 'I will attend' })).toBeVisible();
    await expect(card.getByRole('radio', { name: 'I cannot attend' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Check-In Code' })).toHaveCount(0);
    await card.getByRole('radio', { name: 'I will attend' }).check();
    await expect(card.getByRole('checkbox', { name: /accept the liability waiver/ })).toBeVisible();
    await expect(card.getByRole('radio', { name: 'Opt out of public sharing' })).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/dashboard-asked-again-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The organiser's RSVP view: awaiting the applicant's answer, no waiver on file.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    try {
      await signInNewAdmin(adminPage, admin);
      await openTab(adminPage, 'rsvp');
      await searchRsvps(adminPage, applicant.email);
      const row = rsvpRow(adminPage, applicant.email);
      await expect(row.getByRole('cell').nth(4)).toHaveText('Awaiting RSVP');
      await expect(row.getByRole('cell').nth(5)).toHaveText('N/A');
      for (const width of [390, 1280]) {
        await adminPage.setViewportSize({ width, height: 900 });
        await adminPage.screenshot({ path: `${SHOTS}/admin-rsvp-awaiting-${width}.png`, fullPage: true });
      }
      await adminPage.setViewportSize({ width: 1280, height: 900 });
      await row.getByRole('button', { name: /^View/ }).click();
      const details = adminPage.getByRole('dialog');
      await expect(details.getByText('Awaiting RSVP')).toBeVisible();
      await adminPage.keyboard.press('Escape');
    } finally {
      await adminContext.close();
    }

    // Once they confirm, they count: the thank-you and the QR code.
    await card.getByLabel('Preferred name').fill('Ada L.');
    await card.getByRole('radio', { name: 'She/Her' }).check();
    await card.getByRole('checkbox', { name: /accept the liability waiver/ }).check();
    await card.getByRole('radio', { name: 'Opt out of public sharing' }).check();
    await card.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(card.getByText(/Thank you for confirming/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Check-In Code' })).toBeVisible();
  });
});

test('a rejected applicant sees the decision and no RSVP card', async ({ page }) => {
  await createMentorApplicant(admin, page.request, 'rejected', 'rsvp-rejected');
  await withMentorDecisionsReleased(admin, async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Rejected');
    await expect(page.getByText(/nothing to RSVP to/)).toHaveCount(0);
    await expect(rsvpCard(page)).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/dashboard-rejected-${width}.png`, fullPage: true });
    }
  });
});
