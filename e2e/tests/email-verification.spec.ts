import { test, expect } from '../support/fixtures';
import { registerViaUi, sentMail, toasts, uniqueEmail } from '../support/app';
import { fillHackerForm } from '../support/hacker-apply';
import { linkIn, waitForMail } from '../support/mail';

const REFUSED =
  'Please verify your email address before you submit. Open the link we emailed you, or choose "Resend verification email" on your dashboard to get a new one. Your answers are kept.';

test.describe('a verified address before submitting', () => {
  test('the dashboard and the form say so; resend; a refused submit keeps the answers; verified in another tab, the submit goes through', async ({
    page,
    consoleGuard,
  }, testInfo) => {
    test.slow(); // Fills the whole form and waits for two e-mails.
    consoleGuard.allow(/status of 403/);
    const email = uniqueEmail('verify-first');
    await registerViaUi(page, { email });

    // The dashboard says what to do before the applicant fills anything in.
    const notice = page.getByRole('region', { name: 'Please verify your email' });
    await expect(notice).toContainText(email);
    await expect(notice).toContainText('you need a verified email to submit your application');
    await page.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('dashboard-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(toasts(page).getByText('Verification email sent')).toBeVisible();
    await expect
      .poll(async () =>
        (await sentMail(page.request)).filter(
          (m) => m.to.includes(email) && /^Verify your email/.test(m.subject),
        ),
      )
      .toHaveLength(2);

    // The form works before verification, and says up front that submitting needs it.
    await page.getByRole('link', { name: 'Start Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hacker Application' })).toBeVisible();
    const formNotice = page.getByRole('region', { name: 'Verify your email before you submit' });
    await expect(formNotice).toContainText('your answers are saved as a draft');
    await expect(formNotice.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('form-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('form-390.png') });
    await page.setViewportSize({ width: 1280, height: 720 });

    await fillHackerForm(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByRole('dialog', { name: 'Submit your application?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(toasts(page).getByText('Submission Error')).toBeVisible();
    await expect(toasts(page).getByText(REFUSED)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByTestId('resume-file')).toContainText('resume.pdf');

    // The applicant opens the mailed link in another tab.
    const mail = await waitForMail(page.request, email, /^Verify your email/);
    const other = await page.context().newPage();
    await other.goto(linkIn(mail, '/verify-email'));
    await expect(other.getByText('Your email is verified.')).toBeVisible();
    await other.close();

    // Back on the form, with every answer still there: the submit goes through.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByRole('dialog', { name: 'Submit your application?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Under Review');
    await expect(page.getByRole('region', { name: /verify your email/i })).toHaveCount(0);
  });
});
