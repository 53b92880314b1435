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

const CLOSED_MESSAGE = 'RSVPs are currently closed. Please check back later or contact the organizers.';
const DEADLINE_MESSAGE =
  'The RSVP deadline has passed. Please contact the organizers if you need to make changes.';

// Decision release and the RSVP window are global: these tests take turns, and each one releases
// mentor decisions only for as long as it needs them (hacker specs never see a release).
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;
let event: { contactEmail: string; liabilityWaiverUrl: string; photoReleaseUrl: string };

test.beforeAll(async () => {
  admin = await seededAdmin();
  const res = await admin.request.get('/api/event');
  expect(res.status()).toBe(200);
  event = (await res.json()) as typeof event;
});

test.afterAll(async () => {
  // Again here: a test that times out may not have reached its own clean-up.
  try {
    await setDecisionsReleased(admin, 'mentor', false);
    await admin.putSettings({ rsvp_open: true, rsvp_deadline: null });
  } finally {
    await admin.dispose();
  }
});

test.describe('applicant RSVP', () => {
  test('an accepted applicant confirms attendance with one tap and sees the thank-you state', async ({
    page,
  }) => {
    test.slow(); // The longest walk of the file: every field, the rules, the dialog and a reload.
    const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'rsvp-attend');
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'accepted');
      const card = rsvpCard(page);
      const submit = card.getByRole('button', { name: 'Submit RSVP' });
      await expect(submit).toBeDisabled();

      await card.getByRole('radio', { name: 'I will attend' }).check();
      await expect(submit).toBeEnabled();
      await expect(card.getByLabel('School name')).toHaveValue('Riverside University');
      const waiver = card.getByRole('link', { name: /liability waiver/ });
      await expect(waiver).toHaveAttribute('href', event.liabilityWaiverUrl);
      await expect(waiver).toHaveAttribute('target', '_blank');
      await expect(card.getByRole('link', { name: /photo release/ })).toHaveAttribute(
        'href',
        event.photoReleaseUrl,
      );

      // The shared rules first: nothing is sent while details are missing.
      await submit.click();
      await expect(card.getByText('Preferred name is required')).toBeVisible();
      await expect(card.getByText('You must accept the liability waiver')).toBeVisible();
      await expect(card.getByText('Choose a photo preference')).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      await card.getByLabel('Preferred name').fill('Ada L.');
      await card.getByRole('radio', { name: 'Other', exact: true }).check();
      await card.getByLabel('Your pronoun').fill('Xe/Xem');
      await card.getByLabel('LinkedIn URL (optional)').fill('https://www.linkedin.com/in/ada');
      await card.getByRole('checkbox', { name: /accept the liability waiver/ }).check();
      await card.getByRole('radio', { name: 'Opt out of public sharing' }).check();
      // Issue 14, item 6: with the waiver checked, one tap confirms attendance (no typed word: the
      // place can now be released in the portal, so confirming is no longer final).
      const posted = page.waitForResponse(
        (r) => r.url().endsWith('/api/applications/rsvp') && r.request().method() === 'POST',
      );
      await submit.click();
      expect((await posted).status()).toBe(200);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(card.getByTestId('rsvp-status')).toHaveText('Accepted');
      const summary = card.getByTestId('rsvp-summary');
      await expect(summary).toContainText('Ada L.');
      await expect(summary).toContainText('Xe/Xem');
      await expect(card.getByRole('link', { name: 'Request an RSVP change' })).toHaveAttribute(
        'href',
        new RegExp(
          `^mailto:${event.contactEmail.replace(/[.+]/g, '\\$&')}\\?subject=RSVP%20change%20request`,
        ),
      );
      await expect(card.getByText(/cannot be undone in the portal/)).toBeVisible();
      await expect(card.getByRole('radio')).toHaveCount(0);

      const row = await rsvpRowOf(admin, applicant.email);
      expect(row).toMatchObject({
        rsvp_status: 'accepted',
        preferred_name: 'Ada L.',
        school_name: 'Riverside University',
        pronoun: 'Xe/Xem',
        linkedin_url: 'https://www.linkedin.com/in/ada',
        github_url: null,
        liability_waiver_accepted: true,
        photo_clearance_accepted: false,
        photo_sharing_opt_out: true,
      });

      // Recorded on the server: after a reload the thank-you state stays (the form does not return).
      await openDashboard(page, 'accepted', { reload: true });
      await expect(rsvpCard(page).getByTestId('rsvp-status')).toHaveText('Accepted');
      await expect(rsvpCard(page).getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
      // The server returns what was given, so the summary survives the reload too.
      await expect(rsvpCard(page).getByTestId('rsvp-summary')).toContainText('Xe/Xem');
    });
  });

  test('a waitlisted applicant stays on the waitlist with a plain confirmation', async ({ page }) => {
    const applicant = await createMentorApplicant(admin, page.request, 'waitlisted', 'rsvp-wait');
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'waitlisted');
      const card = rsvpCard(page);
      await card.getByRole('radio', { name: 'Keep me on the waitlist' }).check();
      // Nothing else to fill in for the waitlisted.
      await expect(card.getByLabel('Preferred name')).toHaveCount(0);
      await card.getByRole('button', { name: 'Submit RSVP' }).click();

      const dialog = page.getByRole('alertdialog', { name: 'Stay on the waitlist?' });
      await expect(dialog.getByRole('textbox')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Stay on Waitlist' }).click();

      await expect(card.getByTestId('rsvp-status')).toHaveText('Staying on Waitlist');
      await expect(card.getByText(/staying on the waitlist/)).toBeVisible();
      expect((await rsvpRowOf(admin, applicant.email)).rsvp_status).toBe('accepted');
      // The answer is confirmed by e-mail (queued in the outbox).
      const mail = await admin.request.get('/api/admin/emails', {
        params: { kind: 'rsvp_recorded', search: applicant.email },
        headers: admin.headers,
      });
      expect(mail.status(), await mail.text()).toBe(200);
      const { emails } = (await mail.json()) as { emails: { to: string }[] };
      expect(emails.map((e) => e.to)).toEqual([applicant.email]);
    });
  });

  test('closed RSVPs: a refused answer and a reload both show the closed message', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403/);
    const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'rsvp-closed');
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'accepted');
      const card = rsvpCard(page);
      await card.getByRole('radio', { name: 'I cannot attend' }).check();
      await card.getByRole('button', { name: 'Submit RSVP' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Decline your spot?' });
      await dialog.getByLabel('Type confirm to continue').fill('confirm');

      // The organisers close RSVPs while the applicant is deciding.
      await admin.putSettings({ rsvp_open: false });
      await dialog.getByRole('button', { name: 'Decline My Spot' }).click();
      await expect(card.getByText(CLOSED_MESSAGE)).toBeVisible();
      await expect(card.getByRole('radio')).toHaveCount(0);
      await expect(page.getByText('Failed to submit RSVP. Please try again.')).toHaveCount(0);

      await openDashboard(page, 'accepted', { reload: true });
      await expect(rsvpCard(page).getByText(CLOSED_MESSAGE)).toBeVisible();
      await expect(rsvpCard(page).getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
      expect((await rsvpRowOf(admin, applicant.email)).rsvp_status).toBeNull();
    });
  });

  test('a passed deadline shows the deadline message and the deadline', async ({ page }) => {
    await createMentorApplicant(admin, page.request, 'waitlisted', 'rsvp-late');
    await withMentorDecisionsReleased(admin, async () => {
      await admin.putSettings({ rsvp_deadline: new Date(Date.now() - 60 * 60_000).toISOString() });
      await openDashboard(page, 'waitlisted');
      const card = rsvpCard(page);
      await expect(card.getByText(DEADLINE_MESSAGE)).toBeVisible();
      await expect(card.getByTestId('rsvp-deadline')).toHaveText(/^RSVP deadline: .+\d{4} at .+/);
      await expect(card.getByRole('radio')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
    });
  });

  test("an admin's change to an RSVP shows on the applicant's dashboard after a reload", async ({ page }) => {
    const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'rsvp-admin');
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
      // Attendance already confirmed: no celebration hides the page.
      await openDashboard(page, 'accepted', { celebrates: false });
      await expect(rsvpCard(page).getByTestId('rsvp-status')).toHaveText('Accepted');

      const res = await admin.request.put(`/api/admin/applications/${applicant.id}/rsvp`, {
        data: { rsvp_status: 'declined' },
        headers: admin.headers,
      });
      expect(res.status(), await res.text()).toBe(200);
      expect(await res.json()).toMatchObject({ rsvp_status: 'declined', preferred_name: null });

      await openDashboard(page, 'accepted', { reload: true });
      const card = rsvpCard(page);
      await expect(card.getByTestId('rsvp-status')).toHaveText('Declined');
      await expect(card.getByText(/declined your spot/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
    });
  });

  test('a rejected applicant sees the decision message and no RSVP card', async ({ page }) => {
    await createMentorApplicant(admin, page.request, 'rejected', 'rsvp-rejected');
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'rejected');
      await expect(rsvpCard(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Submit RSVP' })).toHaveCount(0);
    });
  });
});
