import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { setApplicationStatus } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { createMentorApplicant } from '../support/rsvp';
import { openAdminUtilities, openCheckin, recordRow, searchCheckin } from '../support/checkin';

// Issue 14, item 5: the check-in list keeps itself in step with confirmed RSVPs (decision 014).
// (The QR scan of someone who just RSVPed is in checkin-scan.spec.ts, with the decision release.)

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe('the check-in list follows RSVPs', () => {
  test('a confirmed attendee is at the desk with no import, and leaves it live when their decision changes', async ({
    page,
  }) => {
    const mentor = await createMentorApplicant(admin, page.request, 'accepted', 'door-sync');
    const rsvp = await admin.request.put(`/api/admin/applications/${mentor.id}/rsvp`, {
      data: {
        rsvp_status: 'accepted',
        preferred_name: 'Ada',
        liability_waiver_accepted: true,
        photo_clearance_accepted: true,
        photo_sharing_opt_out: false,
      },
      headers: admin.headers,
    });
    expect(rsvp.status(), await rsvp.text()).toBe(200);

    await signInNewAdmin(page, admin);
    await openCheckin(page);
    await searchCheckin(page, mentor.email);
    const row = recordRow(page, mentor.email);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('button', { name: 'Check In' })).toBeVisible();

    // The admin changes the decision elsewhere: this desk's list drops them by itself.
    await setApplicationStatus(admin, mentor.id, 'waitlisted');
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('checkin-count')).toHaveText('Showing 0 of 0');
  });

  test('an empty list says attendees arrive by themselves; the import is explained as a repair', async ({
    page,
  }) => {
    await signInNewAdmin(page, admin);
    // A desk before anyone has confirmed: the server's list answered empty.
    await page.route('**/api/checkin/records?*', (route) =>
      route.fulfill({ json: { records: [], total: 0, total_capped: false, page: 1, pages: 1 } }),
    );
    await openCheckin(page);
    await expect(
      page.getByText(
        'No check-in records yet. Everyone who confirms attendance appears here as soon as they RSVP; add anyone else with + Create Entry or a CSV file.',
      ),
    ).toBeVisible();
    await page.unroute('**/api/checkin/records?*');

    await openAdminUtilities(page);
    const utilities = page.getByRole('region', { name: 'Admin Utilities' });
    await expect(utilities.getByText(/^Not needed before the doors open:/)).toBeVisible();
    await expect(utilities.getByText(/^For people who did not apply through the portal/)).toBeVisible();
    await utilities.getByRole('button', { name: 'Import from RSVPs' }).click();
    await expect(toasts(page)).toContainText('Imported from RSVPs');
    await expect(toasts(page)).toContainText(/\d+ created, \d+ updated, \d+ removed/);
  });
});
