import { test, expect } from '../support/fixtures';
import { downloadedBytes } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { ensureCjkFont } from '../../scripts/ensure-debian-package.mjs';
import { BASE_URL, toasts, uniqueEmail } from '../support/app';
import { createCheckinRecord, openAdminUtilities, openCheckin, signInNewVolunteer } from '../support/checkin';
import { createMentorApplicant, withMentorDecisionsReleased } from '../support/rsvp';

// The pass needs mentor decisions released for a moment: a global-state spec (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  await admin?.dispose();
});

/** Pages of a PDF as pdfkit writes them: one `/Type /Page` object each (the tree is `/Pages`). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

test('an admin prints the badges of the filtered list, one per page and six to an A4 sheet', async ({
  page,
}) => {
  const school = `Badge School ${uniqueEmail('b').slice(0, 12)}`;
  const names = ['Анна', 'Δήμητρα', 'Oskar', 'Zoë', 'Wei', 'Amara', 'Lukas'];
  for (const [i, firstName] of names.entries()) {
    await createCheckinRecord(admin, {
      firstName,
      lastName: `Badge${i}`,
      email: uniqueEmail('badge'),
      school_name: school,
      role: i === 1 ? 'mentor' : 'hacker',
    });
  }
  await signInNewAdmin(page, admin);
  await openCheckin(page, `?school=${encodeURIComponent(school)}`);
  await expect(page.getByTestId('checkin-count')).toHaveText(`Showing ${names.length} of ${names.length}`);
  await openAdminUtilities(page);

  const card = page.getByRole('region', { name: 'Print Badges' });
  await card.getByRole('radio', { name: `Selected (${names.length} people)` }).check();
  await card.getByLabel('Layout').selectOption({ label: 'One per page' });
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download Badges' }).click(),
  ]);
  expect(single.suggestedFilename()).toBe('badges-single.pdf');
  const singlePdf = await downloadedBytes(single);
  expect(singlePdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfPages(singlePdf)).toBe(names.length);

  await card.getByLabel('Layout').selectOption({ label: 'A4 2×3' });
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download Badges' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toBe('badges-a4-2x3.pdf');
  expect(pdfPages(await downloadedBytes(sheet))).toBe(Math.ceil(names.length / 6));
});

test('badges whose letters no font on the server has are counted in a warning as they download', async ({
  page,
}) => {
  // The Chinese name prints in the CJK fallback (the README's fonts); the Devanagari one has none.
  ensureCjkFont();
  const school = `Script School ${uniqueEmail('s').slice(0, 12)}`;
  for (const [i, firstName] of ['अनन्या', '陈静', 'Ingrid'].entries()) {
    await createCheckinRecord(admin, {
      firstName,
      lastName: `Script${i}`,
      email: uniqueEmail('script'),
      school_name: school,
      role: 'hacker',
    });
  }
  await signInNewAdmin(page, admin);
  await openCheckin(page, `?school=${encodeURIComponent(school)}`);
  await expect(page.getByTestId('checkin-count')).toHaveText('Showing 3 of 3');
  await openAdminUtilities(page);

  const card = page.getByRole('region', { name: 'Print Badges' });
  await card.getByRole('radio', { name: 'Selected (3 people)' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download Badges' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('badges-letter-2x3.pdf');
  await expect(toasts(page)).toContainText('Badges ready');
  await expect(toasts(page)).toContainText('1 badge prints empty boxes');
  await expect(toasts(page)).toContainText('The README (Badges and passes) says which fonts to install');
});

test('a volunteer sees no Print Badges', async ({ page }) => {
  await signInNewVolunteer(page, admin);
  await openCheckin(page);
  await openAdminUtilities(page);
  await expect(page.getByText('CSV Upload', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Print Badges' })).toHaveCount(0);
});

test('a confirmed attendee opens Save my pass, downloads the PDF, and sees the pass without network', async ({
  page,
  consoleGuard,
}) => {
  await createMentorApplicant(admin, page.request, 'accepted', 'pass');
  await withMentorDecisionsReleased(admin, async () => {
    const rsvp = await page.request.post('/api/applications/rsvp', {
      data: {
        response: 'accepted',
        preferredName: 'Ада',
        schoolName: 'MIT',
        pronoun: 'She/Her',
        liabilityWaiverAccepted: true,
        photoClearanceAccepted: true,
      },
      headers: { Origin: BASE_URL },
    });
    expect(rsvp.status(), await rsvp.text()).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Save my pass' }).click();
    await expect(page).toHaveURL(/\/pass$/);
    await expect(page.getByTestId('pass-name')).toHaveText('Ада');
    await expect(page.getByRole('img', { name: /Show this at the door/ })).toBeVisible();
    const box = await page.getByTestId('pass-qr').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF pass' }).click(),
    ]);
    const bytes = await downloadedBytes(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(bytes)).toBe(1);

    // No network for the API: the pass saved on the device shows, said to be the saved one.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByTestId('pass-name')).toHaveText('Ада');
    await expect(page.getByText('Offline: showing the pass saved on this device.')).toBeVisible();
    await expect(page.getByRole('img', { name: /Show this at the door/ })).toBeVisible();
  });
});
