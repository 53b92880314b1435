import { test, expect } from '../support/fixtures';
import { sentMail, toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { setDecisionsReleased, uniqueTag } from '../support/admin-applicants';
import { createMentor, emailsTable, emailsTo, openTab, resetTemplate } from '../support/admin-rsvp';

// One test releases mentor decisions and another edits a global template: one at a time, always restored.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const SMTP_NOTICE =
  'SMTP is not configured: e-mails cannot be delivered until it is (set SMTP_URL). They wait in the outbox and go out once it is set.';
const LINKS_NOTICE =
  'Verification and password reset links are not shown here: each is made only when its e-mail is sent, so applicants cannot verify their address or reset their password until e-mail works.';

test.describe('admin e-mails and templates', () => {
  test('the E-mails view lists the outbox with counts, filters in the URL and retry only on failed rows', async ({
    page,
  }) => {
    const tag = uniqueTag('Out');
    // Submitting an application queues "Application received"; the worker sends it to the SMTP peer.
    const mentor = await createMentor(admin, { firstName: 'Outbox', lastName: tag });
    await expect
      .poll(async () => (await emailsTo(admin, mentor.email)).map((e) => [e.kind, e.status]), {
        timeout: 20_000,
      })
      .toEqual([['application_received', 'sent']]);
    const [sent] = await emailsTo(admin, mentor.email);

    await signInNewAdmin(page, admin);
    await page.getByRole('tab', { name: 'E-mails' }).click();
    await expect(page).toHaveURL(/[?&]tab=emails/);
    await expect(page.getByRole('heading', { level: 2, name: 'E-mails' })).toBeVisible();
    // The e2e server sends through a real SMTP peer: no "not configured" notice.
    await expect(page.getByTestId('emails-count')).toHaveText(/^Showing \d+ of \d+ e-mails$/);
    await expect(page.getByText(SMTP_NOTICE)).toHaveCount(0);
    await expect(page.getByText(/cannot be delivered/)).toHaveCount(0);
    const sentCount = page.getByTestId('email-count-sent');
    await expect(sentCount.getByRole('term')).toHaveText('Sent');
    expect(
      Number((await sentCount.getByRole('definition').textContent())!.replace(/,/g, '')),
    ).toBeGreaterThan(0);

    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/api/admin/emails?') &&
        new URL(r.url()).searchParams.get('search') === mentor.email,
    );
    await page.getByLabel('Search by recipient').fill(mentor.email);
    await answered;
    await expect(page.getByTestId('emails-count')).toHaveText('Showing 1 of 1 e-mails');
    const row = emailsTable(page).getByRole('row').filter({ hasText: mentor.email });
    await expect(row.getByRole('cell').nth(1)).toHaveText(sent!.subject);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Application received');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Sent');
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');
    await expect(row.getByRole('cell').nth(5)).toHaveText('—');
    await expect(row.getByRole('cell').nth(7).locator('time')).toHaveCount(1);
    // Retry is for failed e-mails only, and the server agrees.
    await expect(row.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    const refused = await admin.request.post(`/api/admin/emails/${sent!._id}/retry`, {
      data: {},
      headers: admin.headers,
    });
    expect(refused.status()).toBe(409);

    // The status chips pick one status at a time and stay in the URL.
    const statusChip = (name: string) =>
      page.getByRole('group', { name: 'Status' }).getByRole('button', { name, exact: true });
    await statusChip('Queued').click();
    await expect(page.getByTestId('emails-count')).toHaveText('Showing 0 of 0 e-mails');
    await expect(emailsTable(page).getByText('No e-mails found.')).toBeVisible();
    await statusChip('Sent').click();
    await expect(statusChip('Queued')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('emails-count')).toHaveText('Showing 1 of 1 e-mails');
    const url = new URL(page.url());
    expect(url.searchParams.get('emails_status')).toBe('sent');
    expect(url.searchParams.get('emails_search')).toBe(mentor.email);
    await page.reload();
    await expect(statusChip('Sent')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Search by recipient')).toHaveValue(mentor.email);
    await expect(page.getByTestId('emails-count')).toHaveText('Showing 1 of 1 e-mails');

    // Every failed row, and only those, offers Retry (the SMTP peer accepts everything, so maybe none).
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByLabel('Search by recipient')).toHaveValue('');
    const failedListed = page.waitForResponse((r) => {
      const q = new URL(r.url()).searchParams;
      return r.url().includes('/api/admin/emails?') && q.get('status') === 'failed' && !q.has('search');
    });
    await statusChip('Failed').click();
    const { total } = (await (await failedListed).json()) as { total: number };
    await expect(page.getByTestId('emails-count')).toHaveText(new RegExp(`of ${total} e-mails$`));
    const rows = emailsTable(page).locator('tbody tr[data-email-id]');
    const listed = await rows.count();
    await expect(rows.and(page.locator('[data-status="failed"]'))).toHaveCount(listed);
    await expect(emailsTable(page).getByRole('button', { name: /^Retry/ })).toHaveCount(listed);
  });

  test('at 1280 px the whole table fits, Actions column included', async ({ page }) => {
    // At least one real row, so the columns have content to be as wide as they get.
    const mentor = await createMentor(admin, { firstName: 'Wide', lastName: uniqueTag('Wide') });
    await expect.poll(async () => (await emailsTo(admin, mentor.email)).length, { timeout: 20_000 }).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewAdmin(page, admin);
    await openTab(page, 'emails');
    const table = emailsTable(page);
    await expect(table.getByRole('row').filter({ hasText: mentor.email })).toBeVisible();
    const actions = table.getByRole('columnheader', { name: 'Actions' });
    const scroller = page.getByRole('group', { name: 'E-mails' });
    const [cell, box] = [await actions.boundingBox(), await scroller.boundingBox()];
    expect(cell && box).toBeTruthy();
    // Inside the table's own scroll area (not clipped by it) and inside the window.
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(1280);
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('emails-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: test.info().outputPath('emails-390.png'), fullPage: true });
  });

  test('without SMTP the view says so; retry on a failed e-mail queues it again', async ({ page }) => {
    // A real failure (8 refused attempts) or a server without SMTP cannot be made here: the list is
    // simulated, the page and the click are real.
    await signInNewAdmin(page, admin);
    const failedRow = {
      _id: '00000000-0000-4000-8000-0000000000fa',
      to: 'bounce@e2e.test',
      subject: 'Your application',
      kind: 'decision_rejected',
      status: 'failed',
      attempts: 8,
      last_error: '550 mailbox unavailable',
      created_at: '2025-08-01T10:00:00.000Z',
      sent_at: null,
    };
    const queuedRow = {
      ...failedRow,
      _id: '00000000-0000-4000-8000-0000000000fb',
      to: 'ok@e2e.test',
      status: 'queued',
      attempts: 0,
      last_error: null,
    };
    await page.route('**/api/admin/emails?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          emails: [failedRow, queuedRow],
          total: 2,
          counts: { failed: 1, queued: 1, sent: 1000 },
          smtp_configured: false,
        }),
      }),
    );
    let retried = '';
    await page.route('**/api/admin/emails/*/retry', (route) => {
      retried = new URL(route.request().url()).pathname;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await openTab(page, 'emails');
    const notice = page.getByRole('status', { name: 'E-mails cannot be delivered' });
    await expect(notice.getByText(SMTP_NOTICE)).toBeVisible();
    await expect(notice.getByText(LINKS_NOTICE)).toBeVisible();
    await expect(page.getByTestId('email-count-sent').getByRole('definition')).toHaveText('1,000');
    const failed = emailsTable(page).getByRole('row').filter({ hasText: 'bounce@e2e.test' });
    await expect(failed.getByRole('cell').nth(2)).toHaveText('Decision: rejected');
    await expect(failed.getByRole('cell').nth(5)).toHaveText('550 mailbox unavailable');
    const queued = emailsTable(page).getByRole('row').filter({ hasText: 'ok@e2e.test' });
    await expect(queued.getByRole('button', { name: /Retry/ })).toHaveCount(0);
    await failed.getByRole('button', { name: 'Retry e-mail to bounce@e2e.test' }).click();
    await expect(
      toasts(page).getByText('The e-mail is queued again and will be sent shortly.'),
    ).toBeVisible();
    expect(retried).toBe(`/api/admin/emails/${failedRow._id}/retry`);
  });

  test('an edited decision template is what the released decision e-mail says', async ({
    page,
    consoleGuard,
  }) => {
    // Playwright's trace recorder (trace: retain-on-failure) tries to run its snapshot script in
    // every frame; Chromium refuses it in the preview frame, sandboxed without allow-scripts, and
    // logs that. Seen only with tracing on: it is the tool, not the page.
    consoleGuard.allow(
      /Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
    );
    const tag = uniqueTag('Tpl');
    const marker = `MRK${tag}`;
    // It waits for the worker to send the e-mail and the view to refresh itself (every 10 s).
    test.setTimeout(90_000);
    const mentor = await createMentor(admin, { firstName: 'Templated', lastName: tag, status: 'accepted' });

    await signInNewAdmin(page, admin);
    await openTab(page, 'settings');
    const card = page.getByRole('region', { name: 'E-mail Templates' });
    await card.getByLabel('Template', { exact: true }).selectOption({ label: 'Decision: accepted' });
    const state = card.getByTestId('email-template-state');
    await expect(state).toHaveText('Default');
    try {
      const subject = card.getByLabel('Subject', { exact: true });
      await expect(subject).toHaveValue("You're in! Welcome to {{event}}");
      await subject.fill(`Welcome aboard ${marker}, `);
      // Click-to-insert puts the placeholder at the cursor.
      await card.getByRole('button', { name: /^Insert \{\{name\}\}/ }).click();
      await expect(subject).toHaveValue(`Welcome aboard ${marker}, {{name}}`);
      await expect(card.getByText('Unsaved changes')).toBeVisible();

      // The live preview fills the placeholders in; the HTML sits in a sandboxed frame.
      const preview = card.getByRole('region', { name: 'Preview' });
      await expect(preview.getByTestId('email-preview-subject')).toHaveText(`Welcome aboard ${marker}, Ada`);
      await expect(preview.getByTestId('email-preview-text')).toContainText('Hi Ada,');
      const frame = preview.locator('iframe[title="HTML preview of the e-mail"]');
      await expect(frame).toHaveAttribute('sandbox', '');
      // The frame's document is the server's HTML (read from srcdoc: Playwright cannot run its
      // own scripts inside a frame sandboxed without allow-scripts, which is the point).
      await expect(frame).toHaveAttribute('srcdoc', /<p>Hi Ada,<\/p>|<p>Hi Ada,<br>/);
      await expect(frame).toHaveAttribute('srcdoc', /Congratulations!/);
      await expect(frame).not.toHaveAttribute('srcdoc', /<script/i);

      // Its own Save: the settings' Save Changes stays untouched.
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      await card.getByRole('button', { name: 'Save Template' }).click();
      await expect(toasts(page).getByText('Template Saved')).toBeVisible();
      await expect(state).toHaveText('Customised');
      await expect(card.getByText('Unsaved changes')).toHaveCount(0);

      try {
        await setDecisionsReleased(admin, 'mentor', true);
        await openTab(page, 'emails', `emails_search=${encodeURIComponent(mentor.email)}`);
        const row = emailsTable(page).getByRole('row').filter({ hasText: marker });
        await expect(row).toHaveCount(1);
        await expect(row.getByRole('cell').nth(0)).toHaveText(mentor.email);
        await expect(row.getByRole('cell').nth(1)).toHaveText(`Welcome aboard ${marker}, Templated`);
        await expect(row.getByRole('cell').nth(2)).toHaveText('Decision: accepted');
        await expect(row.getByRole('cell').nth(3)).toHaveText(/^(Queued|Sending|Sent)$/);
        await expect(row.getByRole('button', { name: /Retry/ })).toHaveCount(0);
        // Queued or sending, the view refreshes itself (every 10 s) until the e-mail is out.
        await expect(row.getByRole('cell').nth(3)).toHaveText('Sent', { timeout: 25_000 });
        await expect
          .poll(
            async () =>
              (await sentMail(page.request)).some(
                (m) => m.to.includes(mentor.email) && m.subject === `Welcome aboard ${marker}, Templated`,
              ),
            { timeout: 20_000 },
          )
          .toBe(true);
      } finally {
        await setDecisionsReleased(admin, 'mentor', false);
      }

      // Back to the default, behind a typed confirmation.
      await openTab(page, 'settings');
      await card.getByLabel('Template', { exact: true }).selectOption({ label: 'Decision: accepted' });
      await expect(state).toHaveText('Customised');
      await card.getByRole('button', { name: 'Restore default' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Restore the default text?' });
      await confirm.getByLabel('Type restore to continue').fill('restore');
      await confirm.getByRole('button', { name: 'Restore default' }).click();
      await expect(toasts(page).getByText('Template Restored')).toBeVisible();
      await expect(state).toHaveText('Default');
      await expect(card.getByLabel('Subject', { exact: true })).toHaveValue(
        "You're in! Welcome to {{event}}",
      );
      await expect(card.getByRole('button', { name: 'Restore default' })).toBeDisabled();
    } finally {
      await resetTemplate(admin, 'decision_accepted');
    }
  });
});
