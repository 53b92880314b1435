/**
 * Issue 17, announcements: from the RSVP list filtered to confirmed hackers, one click opens the
 * composer on that segment; the admin is stopped by an empty subject and a time in the past,
 * previews for a real recipient, sends a test to themselves, sends it, and the real SMTP peer
 * receives it (Markdown rendered, raw HTML escaped). The list shows its counts, and the applicant's
 * detail dialog lists it.
 */
import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationRow,
  createHackerApplicant,
  openAdminTab,
  setApplicationStatus,
  uniqueTag,
} from '../support/admin-applicants';
import { mailText, waitForMail } from '../support/mail';

// It e-mails every confirmed hacker, other specs' too: after them, one at a time.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  await admin.dispose();
});

interface Listed {
  _id: string;
  subject: string;
  recipients: number | null;
  delivered: number;
  failed: number;
  status: string;
}

async function announcementBySubject(subject: string): Promise<Listed | undefined> {
  const res = await admin.request.get('/api/admin/announcements', { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { announcements: Listed[] }).announcements.find((a) => a.subject === subject);
}

test('an announcement to confirmed hackers is previewed, test-sent, sent, received and listed', async ({
  page,
}) => {
  const tag = uniqueTag('Ann');
  const hacker = await createHackerApplicant(
    admin,
    { firstName: 'Wren', lastName: tag },
    { tag: 'announce' },
  );
  await hacker.request.dispose();
  await setApplicationStatus(admin, hacker.id, 'accepted');
  const rsvp = await admin.request.put(`/api/admin/applications/${hacker.id}/rsvp`, {
    data: { rsvp_status: 'accepted' },
    headers: admin.headers,
  });
  expect(rsvp.status(), await rsvp.text()).toBe(200);

  const adminEmail = await signInNewAdmin(page, admin);
  // The RSVP list, filtered to confirmed hackers; "Announce to these" opens the composer on it.
  await page.goto('/admin?tab=rsvp&rsvp_status=accepted&rsvp_role=hacker&rsvp_response=accepted');
  await page.getByRole('button', { name: /^Announce to th/ }).click();
  await expect(page.getByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'New announcement' });
  await expect(form.getByLabel('Send to')).toHaveValue('rsvps');
  await expect(form.getByTestId('announcement-segment-summary')).toContainText(
    'Confirmed hackers (RSVP list: status Accepted, role Hacker, RSVP Accepted)',
  );

  // Error paths: an empty subject, then a time that has passed.
  await form.getByRole('button', { name: /^Send to \d/ }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  const subject = `Doors open at 9, {{first_name}} ${tag}`;
  await form.getByLabel('Subject').fill(subject);
  await form
    .getByLabel('Message')
    .fill(
      'Hi {{first_name}},\n\n**See you soon.** Your [dashboard]({{dashboard_link}}).\n\n<script>alert(1)</script>',
    );
  await form.getByLabel('Schedule for later').check();
  await form.getByLabel('Send at').fill('2020-01-01T09:00');
  await form.getByRole('button', { name: 'Schedule Announcement' }).click();
  await expect(form.getByText('Choose a time in the future, or send it now.')).toBeVisible();
  await form.getByLabel('Send now').check();

  // The preview renders for a real recipient of the segment and says when it is evaluated.
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('announcement-preview-subject')).toContainText(`Doors open at 9,`);
  await expect(preview.getByTestId('announcement-preview-subject')).toContainText(tag);
  await expect(preview.getByTestId('announcement-preview-recipient')).toContainText(/recipient 1 of \d+/);
  await expect(preview.getByText(/people who leave this segment before then are not e-mailed/)).toBeVisible();
  await expect(preview.getByTestId('announcement-preview-text')).toContainText('**See you soon.**');

  // A test goes to the signed-in admin first.
  await form.getByRole('button', { name: 'Send Test to Me' }).click();
  await expect(toasts(page).getByText('Test Sent')).toBeVisible();
  const test = await waitForMail(
    page.request,
    adminEmail,
    new RegExp(`^\\[Test\\] Doors open at 9, .*${tag}$`),
  );
  expect(mailText(test)).toContain('<strong>See you soon.</strong>');

  // Send it: the confirmation names the count, and the real SMTP peer receives it.
  await form.getByRole('button', { name: /^Send to \d/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('It cannot be taken back.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toasts(page).getByText('Announcement Sent')).toBeVisible();
  const mail = await waitForMail(page.request, hacker.email, new RegExp(`^Doors open at 9, Wren ${tag}$`));
  const text = mailText(mail);
  expect(text).toContain('Hi Wren,');
  // The HTML part: Markdown rendered, the typed script escaped (the plain-text part keeps it as typed).
  const html = text.slice(text.indexOf('text/html'));
  expect(html).toContain('<strong>See you soon.</strong>');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain('<script>');

  // Listed with its counts, once the outbox has delivered every one.
  let listed: Listed | undefined;
  await expect
    .poll(
      async () => {
        listed = await announcementBySubject(subject);
        return listed && listed.recipients !== null && listed.delivered + listed.failed === listed.recipients;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  await page.reload();
  const row = page
    .getByRole('table', { name: 'Announcements' })
    .locator(`tr[data-announcement-id="${listed!._id}"]`);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(row.getByTestId('announcement-recipients')).toHaveText(
    listed!.recipients!.toLocaleString('en-US'),
  );
  await expect(row.getByTestId('announcement-delivered')).toHaveText(
    listed!.delivered.toLocaleString('en-US'),
  );
  await expect(row).toContainText('Confirmed hackers');

  // The applicant's history lists what they received.
  await openAdminTab(page, 'applications', `app_search=${tag}`);
  await applicationRow(page, hacker.email).getByRole('button', { name: /^View/ }).click();
  const received = page.getByRole('dialog').getByRole('region', { name: 'Announcements Received' });
  await expect(received.getByText(`Doors open at 9, Wren ${tag}`)).toBeVisible();
  await expect(received.getByText('Delivered')).toBeVisible();
});

test('a scheduled announcement can be cancelled before it goes', async ({ page }) => {
  const tag = uniqueTag('Later');
  await signInNewAdmin(page, admin);
  await page.goto('/admin?tab=announcements');
  const form = page.getByRole('form', { name: 'New announcement' });
  await form.getByLabel('Send to').selectOption('waitlisted_mentors');
  await form.getByLabel('Subject').fill(`Still waiting ${tag}`);
  await form.getByLabel('Message').fill('We will write again soon.');
  await form.getByLabel('Schedule for later').check();
  await form.getByRole('button', { name: 'Schedule Announcement' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toasts(page).getByText('Announcement Scheduled')).toBeVisible();
  const row = page.getByRole('table', { name: 'Announcements' }).getByRole('row').filter({ hasText: tag });
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Announcement' }).click();
  await expect(toasts(page).getByText('Announcement Cancelled')).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  expect((await announcementBySubject(`Still waiting ${tag}`))?.status).toBe('cancelled');
});
