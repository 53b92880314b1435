import { test, expect } from '../support/fixtures';
import { BASE_URL, PASSWORD, toasts, uniqueEmail } from '../support/app';
import {
  expectFocusTrapped,
  expectNoSeriousA11yViolations,
  expectVisibleFocusOnTab,
  pauseToasts,
} from '../support/a11y';
import { applicationRow, createHackerApplicant, openAdminTab, uniqueTag } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { createMentor, openTab, putRsvp, rsvpRow } from '../support/admin-rsvp';
import {
  CHECKIN_UPLOAD_PASSWORD,
  createCheckinRecord,
  openAdminUtilities,
  openCheckin,
  recordRow,
  searchCheckin,
} from '../support/checkin';
import { fillHackerForm, openHackerForm, signUpHacker } from '../support/hacker-apply';
import { linkIn, verifyEmailViaMail, waitForMail } from '../support/mail';
import { answerMentorAvailability, fillMentorRequired } from '../support/mentor-apply';
import { createMentorApplicant, openDashboard, rsvpCard, withMentorDecisionsReleased } from '../support/rsvp';

// One axe run per page of the portal and per dialog: no serious or critical violation anywhere.
// The decision-released part changes what every mentor sees, so this file runs in the global-state
// project (one spec at a time) and unreleases in a finally.

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const check = expectNoSeriousA11yViolations;

test.describe('accessibility (axe)', () => {
  test('the check itself fails on known violations, naming rule, impact and element', async ({ page }) => {
    await page.setContent(
      '<main><h1>Bad</h1><input id="nameless"><button id="empty"></button>' +
        '<p style="color:#bbb;background:#fff">faint</p></main>',
    );
    const failure = await check(page, 'a known-bad page').then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toContain('button-name [critical]');
    expect(failure).toContain('#empty');
    expect(failure).toContain('label [critical]');
    expect(failure).toContain('color-contrast [serious]');
  });

  test('public pages: landing, register, forgot, reset, verify, admin login, 404', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of (400|404)/);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await check(page, 'landing (sign in)');
    await expectVisibleFocusOnTab(page, 10, 'landing');
    // Empty submit: the inline errors and invalid fields.
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
    await check(page, 'landing (sign in errors)');

    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible();
    await page
      .getByRole('form', { name: 'Create an account' })
      .getByRole('button', { name: 'Create Account' })
      .click();
    await check(page, 'landing (register errors)');

    await page.goto('/forgot-password');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await check(page, 'forgot password');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('a11y-nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
    await check(page, 'forgot password (sent)');

    await page.goto('/reset-password?oob_code=not-a-real-code');
    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await check(page, 'reset password');
    await page.getByLabel('New Password', { exact: true }).fill('Another-good-pass-7');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another-good-pass-7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check(page, 'reset password (error)');

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('alert')).toBeVisible();
    await check(page, 'verify e-mail (error)');

    await page.goto('/admin/login');
    await expect(page.getByRole('form', { name: 'Admin sign in' })).toBeVisible();
    await check(page, 'admin login');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await check(page, '404');
  });

  test('hacker pages: dashboard before and after applying, the form, its errors, the view', async ({
    page,
  }) => {
    test.slow(); // Fills and submits the whole form.
    // Unverified at first: the dashboard's notice and the verify page are checked too.
    const email = await signUpHacker(page, 'a11y-hacker', { verified: false });
    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Not Started');
    await check(page, 'dashboard (not started)');
    await page.setViewportSize({ width: 360, height: 740 });
    await check(page, 'dashboard (not started) at 360 px');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto(linkIn(await waitForMail(page.request, email, /^Verify your email/), '/verify-email'));
    await expect(page.getByText('Your email is verified.')).toBeVisible();
    await check(page, 'verify e-mail (verified)');

    await openHackerForm(page);
    await check(page, 'hacker form');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await check(page, 'hacker form (errors)');

    // The school picker's list open, then the whole form filled and its confirm dialog.
    // 'Stan', not the 'Stanford' fillHackerForm types: the same value would not reopen the list.
    await page.getByRole('combobox', { name: 'School', exact: true }).fill('Stan');
    await expect(page.getByRole('option', { name: /^Stanford University/ })).toBeVisible();
    await check(page, 'hacker form (school list open)');
    await fillHackerForm(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
    await expect(confirm).toBeVisible();
    await check(page, 'hacker confirm dialog');
    await expectFocusTrapped(page, '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
    await pauseToasts(page);
    await check(page, 'submission success (after submitting, success toast)', { includeToasts: true });
    await page.mouse.move(0, 0);

    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Under Review');
    await check(page, 'dashboard (under review)');

    await page.goto('/view-application');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();
    await check(page, 'view application');

    await page.goto('/submission-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
    await check(page, 'submission success');
  });

  test('mentor pages: dashboard, the form, its confirm dialog, the success page', async ({ page }) => {
    const email = uniqueEmail('a11y-mentor');
    const res = await page.request.post('/api/auth/register', {
      data: { email, password: PASSWORD, role: 'mentor' },
      headers: { Origin: BASE_URL },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('Not Started');
    await check(page, 'mentor dashboard (not started)');

    await page.goto('/mentor-apply');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page, 'mentor form');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(toasts(page).getByText('Please fill in all required fields.')).toBeVisible();
    await pauseToasts(page);
    await check(page, 'mentor form (errors, error toast)', { includeToasts: true });
    await page.mouse.move(0, 0);

    // The form (checked above with its notice) submits once the address is verified.
    await verifyEmailViaMail(page.request);
    await fillMentorRequired(page);
    await answerMentorAvailability(page);
    await page.getByLabel(/^Why are you a good fit/).fill('I have mentored students for years.');
    await page.getByLabel(/terms and conditions/).check();
    await page.getByLabel(/MLH Code of Conduct/).check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your application?' });
    await expect(dialog).toBeVisible();
    await check(page, 'mentor confirm dialog');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application Submitted' })).toBeVisible();
    await check(page, 'mentor submission success');
  });

  test('admin portal: every tab and its dialogs', async ({ page }) => {
    test.slow(); // Seventeen axe runs.
    const tag = uniqueTag('A11y');
    const hacker = await createHackerApplicant(admin, { firstName: 'Ada', lastName: tag });
    const mentor = await createMentor(admin, { firstName: 'Grace', lastName: tag, status: 'accepted' });
    await putRsvp(admin, mentor.id, {
      rsvp_status: 'accepted',
      preferred_name: 'Grace H.',
      school_name: 'Riverside University',
      pronoun: 'She/Her',
      linkedin_url: 'https://www.linkedin.com/in/grace',
      github_url: null,
      liability_waiver_accepted: true,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
    await signInNewAdmin(page, admin);

    await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible();
    await check(page, 'admin users');
    await expectVisibleFocusOnTab(page, 25, 'admin users');
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(hacker.email);
    const userRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: hacker.email, exact: true }) });
    await userRow.getByRole('button', { name: `View application of ${hacker.email}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'admin user application dialog');
    await page.keyboard.press('Escape');
    await userRow.getByRole('button', { name: `Delete ${hacker.email}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
    await check(page, 'admin delete user confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
    await check(page, 'admin add user dialog');
    await expectFocusTrapped(page, '[role="dialog"]');
    await page.keyboard.press('Escape');

    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(applicationRow(page, hacker.email)).toBeVisible();
    await check(page, 'admin applications');
    await page.setViewportSize({ width: 360, height: 740 });
    await check(page, 'admin applications at 360 px');
    await page.setViewportSize({ width: 1280, height: 720 });
    await applicationRow(page, hacker.email).getByRole('button', { name: /^View/ }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(`Ada ${tag}`);
    await check(page, 'admin application detail (hacker)');
    await page.keyboard.press('Escape');
    await applicationRow(page, mentor.email).getByRole('button', { name: /^View/ }).click();
    await expect(page.getByRole('dialog').getByRole('region', { name: 'RSVP' })).toBeVisible();
    await check(page, 'admin application detail (mentor with RSVP)');
    await page.keyboard.press('Escape');

    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    await expect(rsvpRow(page, mentor.email)).toBeVisible();
    await check(page, 'admin RSVP');
    await rsvpRow(page, mentor.email)
      .getByRole('button', { name: /^View RSVP details of/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'RSVP Details' })).toBeVisible();
    await check(page, 'admin RSVP details dialog');
    await page.keyboard.press('Escape');
    await rsvpRow(page, mentor.email)
      .getByRole('button', { name: /^Modify RSVP of/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Modify RSVP' })).toBeVisible();
    await check(page, 'admin modify RSVP dialog');
    await page.keyboard.press('Escape');

    await openAdminTab(page, 'bulk-actions');
    await expect(page.getByRole('button', { name: 'Delete Selected Applications' })).toBeVisible();
    await check(page, 'admin bulk actions');

    await openTab(page, 'settings');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await check(page, 'admin settings');

    await openTab(page, 'emails');
    await expect(page.getByRole('table', { name: 'E-mails' })).toBeVisible();
    await check(page, 'admin e-mails');
  });

  test('check-in portal: list, utilities, CSV upload, entry forms, record, scan', async ({
    page,
    consoleGuard,
  }) => {
    test.slow();
    const tag = uniqueTag('a11yck');
    const record = await createCheckinRecord(admin, {
      firstName: 'Alan',
      lastName: `Turing${tag}`,
      email: `${tag}@e2e.test`,
      birthYear: 2000,
    });
    await signInNewAdmin(page, admin);
    await openCheckin(page);
    await searchCheckin(page, tag);
    await expect(recordRow(page, record.email)).toBeVisible();
    await check(page, 'check-in list');
    await expectVisibleFocusOnTab(page, 20, 'check-in');
    // Phones get cards instead of the table.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('list', { name: 'Check-in records' })).toBeVisible();
    await check(page, 'check-in list at 360 px');
    await page.setViewportSize({ width: 1280, height: 720 });

    await openAdminUtilities(page);
    await check(page, 'check-in admin utilities');
    await page.getByRole('button', { name: 'Unlock CSV Upload' }).click();
    const prompt = page.getByRole('dialog', { name: 'Restricted Access' });
    await expect(prompt).toBeVisible();
    await check(page, 'check-in restricted access dialog');
    await prompt.getByLabel('Password').fill(CHECKIN_UPLOAD_PASSWORD);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByLabel('CSV file')).toBeVisible();
    await check(page, 'check-in CSV upload');

    await page.getByRole('button', { name: 'Create Entry' }).click();
    const form = page.getByRole('form', { name: 'Create Entry' });
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(form.getByText('Last Name is required')).toBeVisible();
    await check(page, 'check-in create entry (errors)');
    await page.keyboard.press('Escape');

    await recordRow(page, record.email).getByRole('button', { name: /^View/ }).click();
    const detail = page.getByRole('dialog', { name: `Alan Turing${tag}` });
    await expect(detail).toBeVisible();
    await check(page, 'check-in record dialog');
    await detail.getByRole('button', { name: 'Edit record' }).click();
    await expect(page.getByRole('form', { name: 'Edit Entry' })).toBeVisible();
    await check(page, 'check-in edit entry');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The "Missing fields" toast sits over the Scan button, and a pointer resting on a toast holds
    // it on screen: move away and let it go before clicking under it.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    consoleGuard.allow(/camera|getUserMedia|NotFoundError|NotAllowedError/i);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const scan = page.getByRole('dialog', { name: 'Scan QR Code' });
    await expect(scan.getByRole('alert')).toBeVisible();
    await check(page, 'check-in scan dialog');
  });

  test('decisions out: celebration, RSVP form and dialog, QR code; waitlisted and rejected', async ({
    browser,
    page,
  }) => {
    test.slow();
    await createMentorApplicant(admin, page.request, 'accepted', 'a11y-accepted');
    const others = await Promise.all(
      (['waitlisted', 'rejected'] as const).map(async (status) => {
        const context = await browser.newContext();
        const other = await context.newPage();
        await createMentorApplicant(admin, other.request, status, `a11y-${status}`);
        return { status, context, page: other };
      }),
    );
    try {
      await withMentorDecisionsReleased(admin, async () => {
        await page.goto('/dashboard');
        const celebration = page.getByRole('dialog', { name: 'Congratulations!' });
        await expect(celebration).toBeVisible();
        await check(page, 'dashboard celebration');
        await openDashboard(page, 'accepted', { reload: true });
        await check(page, 'dashboard (accepted, RSVP form)');

        const card = rsvpCard(page);
        await card.getByRole('radio', { name: 'I will attend' }).check();
        await card.getByRole('button', { name: 'Submit RSVP' }).click();
        await expect(card.getByText('Preferred name is required')).toBeVisible();
        await check(page, 'dashboard RSVP form (errors)');
        await card.getByLabel('Preferred name').fill('Ada L.');
        await card.getByRole('radio', { name: 'She/Her' }).check();
        await card.getByRole('checkbox', { name: /accept the liability waiver/ }).check();
        await card.getByRole('radio', { name: 'Opt out of public sharing' }).check();
        // One tap with the waiver checked confirms attendance (issue 14, item 6).
        await card.getByRole('button', { name: 'Submit RSVP' }).click();
        await expect(card.getByTestId('rsvp-status')).toHaveText('Accepted');
        await check(page, 'dashboard (RSVP accepted, QR code)');
        await card.getByRole('button', { name: 'I can no longer attend' }).click();
        const release = page.getByRole('alertdialog', { name: 'Release your spot?' });
        await expect(release).toBeVisible();
        await check(page, 'dashboard release-spot dialog');
        await expectFocusTrapped(page, '[role="alertdialog"]');
        await page.keyboard.press('Escape');
        await expect(release).toHaveCount(0);

        for (const other of others) {
          await openDashboard(other.page, other.status);
          await check(other.page, `dashboard (${other.status})`);
        }
      });
    } finally {
      await Promise.all(others.map((o) => o.context.close()));
    }
  });
});
