import { request as playwrightRequest } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { BASE_URL, PASSWORD, toasts, uniqueEmail, SERVER_ERROR } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationRow,
  applicationStatus,
  createHackerApplicant,
  downloadedBytes,
  openAdminTab,
  openApplicationFilters,
  parseCsv,
  searchApplications,
  setApplicationStatus,
  uniqueTag,
  unzipListing,
  zipEntryNames,
} from '../support/admin-applicants';
import { HACKER_ANSWERS } from '../support/applications';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe('admin applications tab', () => {
  test('tabs are keyboard driven and kept in the URL', async ({ page }) => {
    await signInNewAdmin(page, admin);
    const users = page.getByRole('tab', { name: 'Users' });
    await expect(users).toHaveAttribute('aria-selected', 'true');
    await users.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=applications/);
    await expect(page.getByRole('heading', { level: 2, name: 'Applications', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true');
    // The rsvp tab comes with a later issue: no placeholder.
    await expect(page.getByRole('tab')).toHaveText([
      'Users',
      'Applications',
      'Reviewers',
      'RSVP',
      'Bulk Actions',
      'Settings',
      'E-mails',
      'Announcements',
      'Insights',
    ]);
  });

  test('search and a status chip filter the list, and the URL keeps them across a reload', async ({
    page,
  }) => {
    const tag = uniqueTag('Flt');
    const [accepted, pending] = await Promise.all([
      createHackerApplicant(admin, { firstName: 'Ada', lastName: tag }),
      createHackerApplicant(admin, { firstName: 'Bob', lastName: tag }),
    ]);
    await setApplicationStatus(admin, accepted.id, 'accepted');

    await signInNewAdmin(page, admin);
    await page.getByRole('tab', { name: 'Applications' }).click();
    await searchApplications(page, tag);
    await expect(page.getByText('Showing 2 of 2 applications')).toBeVisible();
    await expect(page.getByText('1 filter active')).toBeVisible();

    await openApplicationFilters(page);
    const statusChips = page.getByRole('group', { name: 'Status', exact: true });
    const listed = page.waitForResponse(
      (r) => r.url().includes('/api/admin/applications?') && r.url().includes('status=accepted'),
    );
    await statusChips.getByRole('button', { name: 'accepted' }).click();
    await listed;
    await expect(statusChips.getByRole('button', { name: 'accepted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    await expect(applicationRow(page, accepted.email)).toBeVisible();
    await expect(applicationRow(page, pending.email)).toHaveCount(0);
    await expect(page.getByText('2 filters active')).toBeVisible();

    const url = new URL(page.url());
    expect(url.searchParams.get('tab')).toBe('applications');
    expect(url.searchParams.get('app_search')).toBe(tag);
    expect(url.searchParams.getAll('app_status')).toEqual(['accepted']);

    // The same view after a reload (and so for anyone the URL is shared with).
    await page.reload();
    await expect(page.getByLabel('Search Applications')).toHaveValue(tag);
    await openApplicationFilters(page);
    await expect(
      page.getByRole('group', { name: 'Status', exact: true }).getByRole('button', { name: 'accepted' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    await expect(applicationRow(page, accepted.email).getByText('Accepted')).toBeVisible();

    // A boolean-like filter is sent only when exactly one of its two options is chosen.
    const ageGroup = page.getByRole('group', { name: 'Age Group' });
    const oneAge = page.waitForResponse(
      (r) => r.url().includes('/api/admin/applications?') && r.url().includes('age_under_18=false'),
    );
    await ageGroup.getByRole('button', { name: '18+' }).click();
    await oneAge;
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    const bothAges = page.waitForResponse(
      (r) =>
        r.url().includes('/api/admin/applications?') &&
        new URL(r.url()).searchParams.getAll('status').includes('accepted') &&
        !r.url().includes('age_under_18'),
    );
    await ageGroup.getByRole('button', { name: 'Under 18' }).click();
    await bothAges;
    await expect(page.getByText('4 filters active')).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill('2099-01-01');
    await expect(page.getByText('Showing 0 of 0 applications')).toBeVisible();
    await expect(page.getByText('No applications found.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('app_from')).toBe('2099-01-01');
    await expect(page.getByText('5 filters active')).toBeVisible();

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByLabel('Search Applications')).toHaveValue('');
    await expect(page.getByText(/filters? active/)).toHaveCount(0);
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['tab']);
  });

  test('the date filter stays within 2000-01-01..2100-12-31 and never sends a date outside it', async ({
    page,
  }) => {
    await signInNewAdmin(page, admin);
    await page.getByRole('tab', { name: 'Applications' }).click();
    await openApplicationFilters(page);
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    await expect(from).toHaveAttribute('min', '2000-01-01');
    await expect(from).toHaveAttribute('max', '2100-12-31');
    await expect(to).toHaveAttribute('min', '2000-01-01');
    await expect(to).toHaveAttribute('max', '2100-12-31');

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/applications?')) sent.push(r.url());
    });
    // A typed year outside the range is dropped, like any date the filter cannot use.
    await to.fill('9999-12-31');
    await expect(to).toHaveValue('');
    expect(new URL(page.url()).searchParams.has('app_to')).toBe(false);
    await to.fill('2100-12-31');
    await expect.poll(() => sent.some((u) => u.includes('date_end=2100-12-31'))).toBe(true);
    expect(sent.filter((u) => u.includes('9999'))).toEqual([]);
  });

  test('the detail dialog shows the application, and Accept changes its status', async ({ page }) => {
    const tag = uniqueTag('Dtl');
    const applicant = await createHackerApplicant(admin, { firstName: 'Katherine', lastName: tag });
    const adminEmail = await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);

    const row = applicationRow(page, applicant.email);
    await expect(row.getByText('Pending')).toBeVisible();
    // The RSVP column shows from 1536 px (the review columns take its place at 1280).
    await expect(row.locator('td[data-column="rsvp"]')).toHaveText('N/A');
    await row.getByRole('button', { name: /^View/ }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`Katherine ${tag}`);
    const overview = dialog.getByRole('region', { name: 'Applicant' });
    await expect(overview.getByText(applicant.email)).toBeVisible();
    await expect(overview.getByText(HACKER_ANSWERS.university)).toBeVisible();
    await expect(overview.getByText(HACKER_ANSWERS.major)).toBeVisible();
    // No RSVP yet, so no RSVP card.
    await expect(dialog.getByRole('region', { name: 'RSVP' })).toHaveCount(0);

    // The essays come first: why attend, background, household object.
    const answers = dialog.getByRole('region', { name: 'Application' });
    await expect(answers.getByRole('heading', { level: 4 })).toHaveText([
      'Why do you want to attend?',
      'Tell us about your background',
      'Which household object do you identify with, and why?',
    ]);
    await expect(answers.getByText(HACKER_ANSWERS.whyAttendQuestion)).toBeVisible();
    await expect(answers.getByText('12/9/2000')).toBeVisible();
    await expect(answers.getByText('Vegetarian')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Submission' }).getByText('None')).toBeVisible();

    const statsRefreshed = page.waitForResponse((r) => r.url().endsWith('/api/admin/dashboard'));
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(toasts(page).getByText('Application status updated to accepted')).toBeVisible();
    await statsRefreshed;
    await expect(overview.getByText('Accepted')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Accept', exact: true })).toBeDisabled();
    const history = dialog.getByRole('region', { name: 'History' });
    await expect(history.getByText('Status changed: Pending → Accepted')).toBeVisible();
    await expect(history.getByText(adminEmail)).toBeVisible();
    expect(await applicationStatus(admin, applicant.id)).toBe('accepted');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Accepted')).toBeVisible();
  });

  test('an accepted RSVP shows its card in the dialog and matches the RSVP filter', async ({ page }) => {
    const tag = uniqueTag('Rsv');
    const [attending, silent] = await Promise.all([
      createHackerApplicant(admin, { firstName: 'Attending', lastName: tag }),
      createHackerApplicant(admin, { firstName: 'Silent', lastName: tag }),
    ]);
    const rsvp = await admin.request.put(`/api/admin/applications/${attending.id}/rsvp`, {
      data: {
        rsvp_status: 'accepted',
        preferred_name: 'Addie',
        school_name: 'Riverside U',
        pronoun: 'She/Her',
        linkedin_url: 'https://www.linkedin.com/in/addie',
        github_url: null,
        liability_waiver_accepted: true,
        photo_clearance_accepted: true,
        photo_sharing_opt_out: true,
      },
      headers: admin.headers,
    });
    expect(rsvp.status(), await rsvp.text()).toBe(200);

    // The RSVP Status column shows on wide screens; below 1536 px the review columns take its place.
    await page.setViewportSize({ width: 1600, height: 900 });
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}&app_rsvp=accepted`);
    await openApplicationFilters(page);
    await expect(
      page.getByRole('group', { name: 'RSVP Status' }).getByRole('button', { name: 'Accepted' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    await expect(applicationRow(page, silent.email)).toHaveCount(0);
    const row = applicationRow(page, attending.email);
    await expect(row.locator('td[data-column="rsvp"]')).toHaveText('Accepted');

    await row.getByRole('button', { name: /^View/ }).click();
    const card = page.getByRole('dialog').getByRole('region', { name: 'RSVP' });
    await expect(card.getByText('Addie', { exact: true })).toBeVisible();
    await expect(card.getByText('Riverside U', { exact: true })).toBeVisible();
    await expect(card.getByText('She/Her')).toBeVisible();
    await expect(card.getByRole('link', { name: /linkedin\.com\/in\/addie/ })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    await expect(card.getByText('No Public Sharing')).toBeVisible();
    await page.keyboard.press('Escape');

    // Without an RSVP: "N/A" in the list and no RSVP card.
    await openAdminTab(page, 'applications', `app_search=${tag}&app_rsvp=no_response`);
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    const other = applicationRow(page, silent.email);
    await expect(other.locator('td[data-column="rsvp"]')).toHaveText('N/A');
    await other.getByRole('button', { name: /^View/ }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(`Silent ${tag}`);
    await expect(page.getByRole('dialog').getByRole('region', { name: 'RSVP' })).toHaveCount(0);
  });

  test('failures say so: list, export, status change and resumes', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of (500|503)/);
    const tag = uniqueTag('Err');
    const applicant = await createHackerApplicant(admin, { firstName: 'Err', lastName: tag });
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(applicationRow(page, applicant.email)).toBeVisible();

    await page.route('**/api/export/applications/csv**', (route) =>
      route.fulfill({ status: 503, json: { error: 'Down', code: 'unavailable' } }),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toasts(page).getByText('Failed to export applications.')).toBeVisible();

    await page.route('**/api/export/resumes/zip', (route) => route.fulfill(SERVER_ERROR));
    await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
    await page.getByRole('button', { name: 'Download Resumes' }).click();
    await expect(toasts(page).getByText('Failed to download resumes.')).toBeVisible();

    await page.route('**/api/admin/applications/*/status', (route) => route.fulfill(SERVER_ERROR));
    await applicationRow(page, applicant.email).getByRole('button', { name: /^View/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Waitlist', exact: true }).click();
    await expect(toasts(page).getByText('Failed to update application status')).toBeVisible();
    expect(await applicationStatus(admin, applicant.id)).toBe('pending');
    await page.keyboard.press('Escape');

    // The list itself (retried like every query, so the message comes after the retries).
    await page.route('**/api/admin/applications?**', (route) => route.fulfill(SERVER_ERROR));
    await page.reload();
    await expect(toasts(page).getByText('Failed to load applications')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').getByText('Failed to load applications')).toBeVisible();
  });

  test('pagination appears past 50 applications and keeps the page in the URL', async ({ page }) => {
    // 120 applications would take a while to create: the list's answer is made up here.
    const fake = (n: number) => ({
      _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      user_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      first_name: `Page${n}`,
      last_name: 'Person',
      email: `page${n}@e2e.test`,
      role: 'hacker',
      status: 'pending',
      university: 'Riverside University',
      major: 'CS',
      is_high_school: false,
      resume_url: null,
      portfolio_url: null,
      submitted_at: '2025-08-01T12:00:00.000Z',
      updated_at: '2025-08-01T12:00:00.000Z',
      rsvp_status: null,
      preferred_name: null,
      school_name: null,
      pronoun: null,
      review: {
        review_count: 0,
        reviews_needed: 2,
        score_raw: null,
        score_calibrated: null,
        score: null,
        rank: null,
        flags: [],
        disputed: false,
      },
    });
    const asked: number[] = [];
    await page.route('**/api/admin/applications?**', (route) => {
      const current = Number(new URL(route.request().url()).searchParams.get('page'));
      asked.push(current);
      const count = current === 3 ? 20 : 50;
      const start = (current - 1) * 50;
      return route.fulfill({
        json: {
          applications: Array.from({ length: count }, (_, i) => fake(start + i + 1)),
          total: 120,
          total_capped: false,
          page: current,
          pages: 3,
        },
      });
    });
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications');
    await expect(page.getByText('Showing 50 of 120 applications')).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Applications pages' });
    await expect(pager.getByText('Page 1 of 3')).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // Selecting on page 1 and page 2 keeps both.
    await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 3')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('app_page')).toBe('2');
    await expect(page.getByText('page51@e2e.test')).toBeVisible();
    await applicationRow(page, 'page51@e2e.test').getByRole('checkbox').check();
    await expect(page.getByTestId('selection-count')).toHaveText('51 selected');

    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Applications pages' }).getByText('Page 2 of 3'),
    ).toBeVisible();
    expect(asked).toContain(2);
    await page.goBack();
    await expect(
      page.getByRole('navigation', { name: 'Applications pages' }).getByText('Page 1 of 3'),
    ).toBeVisible();
  });

  test('the resume opens through a signed link in a new tab', async ({ page }) => {
    const tag = uniqueTag('Res');
    const applicant = await createHackerApplicant(admin, { firstName: 'Ray', lastName: tag });
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await applicationRow(page, applicant.email).getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`Ray ${tag}`);

    const signed = page.waitForResponse((r) => r.url().endsWith('/api/upload/admin/resume-url'));
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: /Download Resume/ }).click();
    const res = await signed;
    expect(res.status()).toBe(200);
    const { signed_url } = (await res.json()) as { signed_url: string };
    expect(signed_url).toMatch(/^\/api\/files\/[0-9a-f-]+\?/);
    await (await popup).close();
    // No portfolio in this application: no link to follow.
    await expect(dialog.getByRole('link', { name: /View Portfolio/ })).toHaveCount(0);
  });

  test('hostile names render as text in the table and the detail dialog', async ({ page }) => {
    const tag = uniqueTag('Xss');
    const hostile = [
      '<img src=x onerror=alert(1)>',
      '"><script>alert(1)</script>',
      '\u202Egnp.exe',
      // The longest first name the application accepts (spec limits: 100 characters).
      'W'.repeat(100),
    ];
    const applicants = await Promise.all(
      hostile.map((firstName) => createHackerApplicant(admin, { firstName, lastName: tag })),
    );

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText(`Showing ${hostile.length} of ${hostile.length} applications`)).toBeVisible();

    const table = page.getByRole('table', { name: 'Applications' });
    for (const [i, firstName] of hostile.entries()) {
      const name = `${firstName} ${tag}`;
      const row = applicationRow(page, applicants[i]!.email);
      const nameCell = row.getByRole('cell').nth(1);
      await expect(nameCell.getByText(name, { exact: true })).toBeVisible();
      expect(await nameCell.textContent()).toBe(name);

      await row.getByRole('button', { name: /^View/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
      await expect(
        dialog.getByRole('region', { name: 'Applicant' }).getByText(name, { exact: true }),
      ).toBeVisible();
      expect(await dialog.getByRole('heading', { level: 2 }).textContent()).toBe(name);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    await expect(table).toBeVisible();

    // Nothing was parsed as markup and nothing ran.
    await expect(page.locator('img[src="x"], img[onerror]')).toHaveCount(0);
    await expect(page.locator('script', { hasText: 'alert(1)' })).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a 10,000-character name is refused with a message naming the field', async () => {
    const email = uniqueEmail('adm-longname');
    await admin.createUser(email, 'hacker');
    const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
    try {
      const login = await request.post('/api/auth/login', {
        data: { email, password: PASSWORD },
        headers: { Origin: BASE_URL },
      });
      expect(login.status()).toBe(200);
      const res = await request.post('/api/applications/hacker', {
        data: { ...HACKER_ANSWERS, firstName: 'N'.repeat(10_000), resume_url: '/api/upload/file/none' },
        headers: { Origin: BASE_URL },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/first ?name/i);
    } finally {
      await request.dispose();
    }
  });

  test('Export CSV downloads the filtered applications', async ({ page }) => {
    const tag = uniqueTag('Csv');
    const applicants = await Promise.all([
      createHackerApplicant(admin, { firstName: 'Comma, "Quoted"', lastName: tag }),
      createHackerApplicant(admin, { firstName: '=SUM(A1)', lastName: tag }),
    ]);
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText('Showing 2 of 2 applications')).toBeVisible();

    const requested = page.waitForRequest((r) => r.url().includes('/api/export/applications/csv'));
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect(new URL((await requested).url()).searchParams.get('search')).toBe(tag);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(
      /^applications_export_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/,
    );

    const rows = parseCsv((await downloadedBytes(download)).toString('utf8')).filter((r) => r.some(Boolean));
    const [header, ...data] = rows;
    expect(header!.slice(0, 6)).toEqual(['id', 'role', 'status', 'first_name', 'last_name', 'email']);
    // Only this test's applicants: the export used the list's filters.
    expect(data).toHaveLength(2);
    const emailColumn = header!.indexOf('email');
    expect(data.map((r) => r[emailColumn]).sort()).toEqual(applicants.map((a) => a.email).sort());
    const firstNames = data.map((r) => r[header!.indexOf('first_name')]);
    expect(firstNames).toContain('Comma, "Quoted"');
    // A formula-looking cell is neutralised for spreadsheets.
    expect(firstNames).toContain("'=SUM(A1)");
  });

  test('Download Resumes zips the selected applications', async ({ page }) => {
    const tag = uniqueTag('Zip');
    const applicants = await Promise.all([
      createHackerApplicant(admin, { firstName: 'Alan', lastName: tag }),
      createHackerApplicant(admin, { firstName: 'Barbara', lastName: tag }),
    ]);
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText('Showing 2 of 2 applications')).toBeVisible();

    const downloadButton = page.getByRole('button', { name: 'Download Resumes' });
    await expect(downloadButton).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    for (const a of applicants) {
      await expect(applicationRow(page, a.email).getByRole('checkbox')).toBeChecked();
    }

    const downloaded = page.waitForEvent('download');
    await downloadButton.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^resumes_\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);

    const names = zipEntryNames(await downloadedBytes(download)).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(new RegExp(`^${tag}_Alan_[0-9a-f]{8}\\.pdf$`));
    expect(names[1]).toMatch(new RegExp(`^${tag}_Barbara_[0-9a-f]{8}\\.pdf$`));
    const listing = unzipListing(await download.path());
    if (listing !== null) for (const name of names) expect(listing).toContain(name);
  });
});
