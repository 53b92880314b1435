import { test, expect, type Page } from '../support/fixtures';
import { toasts, SERVER_ERROR } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { applicationRow, downloadedBytes, parseCsv, uniqueTag } from '../support/admin-applicants';
import {
  applicationDetail,
  createMentor,
  openTab,
  putRsvp,
  rsvpRow,
  rsvpTable,
  searchRsvps,
} from '../support/admin-rsvp';

// No spec here releases decisions: the RSVP tab lists accepted, waitlisted and rejected applications
// whether or not their decisions are released.

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Cells of the RSVP table: Name, Email, Role, Status, RSVP Status, Liability, Photo Permission, Actions. */
const CELL = { name: 0, role: 2, status: 3, rsvp: 4, liability: 5, photo: 6 } as const;

function chip(page: Page, group: string, name: string) {
  return page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
}

const ATTENDING = {
  rsvp_status: 'accepted',
  preferred_name: 'Attendee',
  school_name: 'Riverside University',
  pronoun: 'She/Her',
  linkedin_url: null,
  github_url: 'https://github.com/attendee',
  liability_waiver_accepted: true,
} as const;

test.describe('admin RSVP tab', () => {
  test('the tab sits between Applications and Bulk Actions; E-mails, Announcements and Insights come last', async ({
    page,
  }) => {
    await signInNewAdmin(page, admin);
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
    await page.getByRole('tab', { name: 'RSVP', exact: true }).click();
    await expect(page).toHaveURL(/[?&]tab=rsvp/);
    await expect(page.getByRole('heading', { level: 2, name: 'RSVP Management' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'RSVP Statistics' })).toBeVisible();
  });

  test('admin modifies an RSVP with attendance details, and the application reflects it', async ({
    page,
  }) => {
    // A long walk through two tabs and three dialogs.
    test.setTimeout(60_000);
    const tag = uniqueTag('Mod');
    // A hostile name must stay text everywhere.
    const hostile = `<img src=x onerror="window.__pwned=1">`;
    const mentor = await createMentor(admin, { firstName: hostile, lastName: tag, status: 'accepted' });

    await signInNewAdmin(page, admin);
    await openTab(page, 'rsvp');
    await searchRsvps(page, tag);
    await expect(page.getByTestId('rsvp-count')).toHaveText('Showing 1 of 1 RSVPs');
    const row = rsvpRow(page, mentor.email);
    await expect(row.getByRole('cell').nth(CELL.name)).toHaveText(`${hostile} ${tag}`);
    await expect(row.getByRole('cell').nth(CELL.role)).toHaveText('Mentor');
    await expect(row.getByRole('cell').nth(CELL.status)).toHaveText('Accepted');
    await expect(row.getByRole('cell').nth(CELL.rsvp)).toHaveText('Awaiting RSVP');
    await expect(row.getByRole('cell').nth(CELL.liability)).toHaveText('N/A');
    await expect(row.getByRole('cell').nth(CELL.photo)).toHaveText('N/A');
    await expect(page.getByTestId('rsvp-stat-no_response')).toContainText('1');
    await expect(page.getByTestId('rsvp-stat-total_rsvp')).toContainText('0');

    await row.getByRole('button', { name: /^Modify RSVP of/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modify RSVP' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Preferred Full Name')).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Accepted' }).click();
    // Required details are asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Preferred full name is required')).toBeVisible();
    await dialog.getByLabel('Preferred Full Name').fill('Addie Lovelace');
    await dialog.getByLabel('Official School Name').fill('Riverside University');
    await dialog.getByRole('radio', { name: 'Other' }).click();
    await dialog.getByLabel('Pronoun (other)').fill('xe/xem');
    await dialog.getByLabel('LinkedIn URL (optional)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Enter a full link starting with http:// or https://')).toBeVisible();
    await dialog.getByLabel('LinkedIn URL (optional)').fill('https://www.linkedin.com/in/addie');
    await dialog.getByRole('checkbox', { name: 'Liability waiver accepted' }).click();
    await dialog.getByRole('radio', { name: 'Opts out of public sharing' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('RSVP has been updated.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(row.getByRole('cell').nth(CELL.rsvp)).toHaveText('Accepted');
    await expect(row.getByRole('cell').nth(CELL.liability)).toHaveText('Accepted');
    await expect(row.getByRole('cell').nth(CELL.photo)).toHaveText('No Public Sharing');
    await expect(page.getByTestId('rsvp-stat-accepted')).toContainText('1');
    await expect(page.getByTestId('rsvp-stat-total_rsvp')).toContainText('1');

    // Read-only details, with the attendance details of an accepted RSVP.
    await row.getByRole('button', { name: /^View RSVP details of/ }).click();
    const details = page.getByRole('dialog', { name: 'RSVP Details' });
    const attendance = details.getByRole('region', { name: 'RSVP', exact: true });
    await expect(attendance.getByText('Addie Lovelace', { exact: true })).toBeVisible();
    await expect(attendance.getByText('xe/xem', { exact: true })).toBeVisible();
    await expect(attendance.getByText('No Public Sharing')).toBeVisible();
    await expect(attendance.getByRole('link', { name: /linkedin\.com\/in\/addie/ })).toHaveAttribute(
      'rel',
      /noopener/,
    );
    await expect(attendance.getByText('Not provided')).toBeVisible(); // no GitHub link
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The application itself carries the answer: the admin API, the applications tab and its detail card.
    const stored = await applicationDetail(admin, mentor.id);
    expect(stored).toMatchObject({
      rsvp_status: 'accepted',
      preferred_name: 'Addie Lovelace',
      school_name: 'Riverside University',
      pronoun: 'xe/xem',
      linkedin_url: 'https://www.linkedin.com/in/addie',
      github_url: null,
      liability_waiver_accepted: true,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    await page.goto(`/admin?tab=applications&app_search=${tag}&app_rsvp=accepted`);
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    const appRow = applicationRow(page, mentor.email);
    // The RSVP column shows from 1536 px; its cell is there at 1280 all the same.
    await expect(appRow.locator('td[data-column="rsvp"]')).toHaveText('Accepted');
    await appRow.getByRole('button', { name: /^View/ }).click();
    const card = page.getByRole('dialog').getByRole('region', { name: 'RSVP' });
    await expect(card.getByText('Addie Lovelace', { exact: true })).toBeVisible();
    await expect(card.getByText('No Public Sharing')).toBeVisible();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('region', { name: 'History' })
        .getByText('RSVP updated: No Response → Accepted'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // Declining drops the attendance details.
    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    await rsvpRow(page, mentor.email)
      .getByRole('button', { name: /^Modify RSVP of/ })
      .click();
    await expect(dialog.getByLabel('Preferred Full Name')).toHaveValue('Addie Lovelace');
    await dialog.getByRole('radio', { name: 'Declined' }).click();
    await expect(dialog.getByLabel('Preferred Full Name')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rsvpRow(page, mentor.email).getByRole('cell').nth(CELL.rsvp)).toHaveText('Declined');
    await expect(rsvpRow(page, mentor.email).getByRole('cell').nth(CELL.photo)).toHaveText('N/A');
    expect(await applicationDetail(admin, mentor.id)).toMatchObject({
      rsvp_status: 'declined',
      preferred_name: null,
      liability_waiver_accepted: null,
      photo_sharing_opt_out: null,
    });
    await rsvpRow(page, mentor.email)
      .getByRole('button', { name: /^View RSVP details of/ })
      .click();
    await expect(details.getByText('Declined')).toBeVisible();
    await expect(details.getByRole('region', { name: 'RSVP', exact: true })).toHaveCount(0);

    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('filters narrow the table, live in the URL and survive a reload', async ({ page }) => {
    const tag = uniqueTag('RFl');
    const [allow, waitlisted, rejected, optOut] = await Promise.all([
      createMentor(admin, { firstName: 'Allow', lastName: tag, status: 'accepted' }),
      createMentor(admin, { firstName: 'Wait', lastName: tag, status: 'waitlisted' }),
      createMentor(admin, { firstName: 'Rej', lastName: tag, status: 'rejected' }),
      createMentor(admin, { firstName: 'Opt', lastName: tag, status: 'accepted' }),
    ]);
    await putRsvp(admin, allow.id, {
      ...ATTENDING,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
    await putRsvp(admin, optOut.id, {
      ...ATTENDING,
      photo_clearance_accepted: false,
      photo_sharing_opt_out: true,
    });
    // A submitted mentor never shows: the RSVP tab lists decided applications only.
    const undecided = await createMentor(admin, { firstName: 'Undecided', lastName: tag });

    await signInNewAdmin(page, admin);
    await openTab(page, 'rsvp');
    await searchRsvps(page, tag);
    const count = page.getByTestId('rsvp-count');
    await expect(count).toHaveText('Showing 4 of 4 RSVPs');
    await expect(rsvpRow(page, undecided.email)).toHaveCount(0);
    await expect(page.getByTestId('rsvp-stat-total_rsvp')).toContainText('2');
    await expect(page.getByTestId('rsvp-stat-accepted')).toContainText('2');
    await expect(page.getByTestId('rsvp-stat-no_response')).toContainText('2');

    await chip(page, 'Application Status', 'Waitlisted').click();
    await expect(count).toHaveText('Showing 1 of 1 RSVPs');
    await expect(rsvpRow(page, waitlisted.email)).toHaveCount(1);
    await chip(page, 'Application Status', 'Accepted').click();
    await expect(count).toHaveText('Showing 3 of 3 RSVPs');
    await expect(rsvpRow(page, rejected.email)).toHaveCount(0);
    await chip(page, 'RSVP Status', 'Accepted').click();
    await expect(count).toHaveText('Showing 2 of 2 RSVPs');
    await chip(page, 'Photo Permission', 'No Public Sharing').click();
    await expect(count).toHaveText('Showing 1 of 1 RSVPs');
    await expect(rsvpRow(page, optOut.email)).toHaveCount(1);
    await chip(page, 'Liability Waiver', 'Accepted').click();
    await expect(count).toHaveText('Showing 1 of 1 RSVPs');
    await expect(page.getByText('6 filters active')).toBeVisible();

    const url = new URL(page.url());
    expect(url.searchParams.get('tab')).toBe('rsvp');
    expect(url.searchParams.get('rsvp_search')).toBe(tag);
    expect(url.searchParams.getAll('rsvp_status')).toEqual(['accepted', 'waitlisted']);
    expect(url.searchParams.getAll('rsvp_response')).toEqual(['accepted']);
    expect(url.searchParams.getAll('rsvp_photo')).toEqual(['no_public_sharing']);
    expect(url.searchParams.getAll('rsvp_liability')).toEqual(['accepted']);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'RSVP', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Search RSVPs')).toHaveValue(tag);
    await expect(chip(page, 'Application Status', 'Accepted')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'Application Status', 'Waitlisted')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(page, 'Application Status', 'Rejected')).toHaveAttribute('aria-pressed', 'false');
    await expect(chip(page, 'Photo Permission', 'No Public Sharing')).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('Showing 1 of 1 RSVPs');
    await expect(rsvpRow(page, optOut.email).getByRole('cell').nth(CELL.photo)).toHaveText(
      'No Public Sharing',
    );

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByLabel('Search RSVPs')).toHaveValue('');
    await expect(chip(page, 'Application Status', 'Accepted')).toHaveAttribute('aria-pressed', 'false');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['tab']);

    // Straight from a link: who has not answered, by role.
    await openTab(page, 'rsvp', `rsvp_search=${tag}&rsvp_response=no_response&rsvp_role=mentor`);
    await expect(count).toHaveText('Showing 2 of 2 RSVPs');
    await expect(rsvpRow(page, waitlisted.email)).toHaveCount(1);
    await expect(rsvpRow(page, rejected.email)).toHaveCount(1);
    await chip(page, 'Role', 'Mentor').click();
    await chip(page, 'Role', 'Hacker').click();
    await expect(rsvpTable(page).getByText('No RSVPs found.')).toBeVisible();
    await expect(count).toHaveText('Showing 0 of 0 RSVPs');

    await openTab(page, 'rsvp', `rsvp_search=${tag}&rsvp_liability=n%2Fa&rsvp_photo=allow_sharing`);
    await expect(count).toHaveText('Showing 0 of 0 RSVPs');
    await chip(page, 'Photo Permission', 'Allow Sharing').click();
    await expect(count).toHaveText('Showing 2 of 2 RSVPs');

    // Details of an unanswered RSVP.
    await rsvpRow(page, waitlisted.email)
      .getByRole('button', { name: /^View RSVP details of/ })
      .click();
    const details = page.getByRole('dialog', { name: 'RSVP Details' });
    await expect(details.getByText('No Response').first()).toBeVisible();
    await expect(details.getByRole('region', { name: 'RSVP', exact: true })).toHaveCount(0);
  });

  test('Export CSV downloads the filtered RSVPs', async ({ page }) => {
    const tag = uniqueTag('RCsv');
    const [attending, silent] = await Promise.all([
      createMentor(admin, { firstName: 'Going', lastName: tag, status: 'accepted' }),
      createMentor(admin, { firstName: 'Silent', lastName: tag, status: 'waitlisted' }),
    ]);
    await putRsvp(admin, attending.id, {
      ...ATTENDING,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });

    await signInNewAdmin(page, admin);
    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    await expect(page.getByTestId('rsvp-count')).toHaveText('Showing 2 of 2 RSVPs');

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^rsvp_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv((await downloadedBytes(download)).toString('utf8')).filter((r) => r.some(Boolean));
    const [header, ...body] = rows;
    expect(header).toEqual([
      'id',
      'name',
      'email',
      'role',
      'status',
      'rsvp_status',
      'rsvp_at',
      'preferred_name',
      'school_name',
      'pronoun',
      'linkedin_url',
      'github_url',
      'liability_waiver_accepted',
      'photo_clearance_accepted',
      'photo_sharing_opt_out',
    ]);
    expect(body).toHaveLength(2);
    const col = (name: string) => header!.indexOf(name);
    const going = body.find((r) => r[col('email')] === attending.email)!;
    const waiting = body.find((r) => r[col('email')] === silent.email)!;
    expect(going[col('id')]).toBe(attending.id);
    expect(going[col('name')]).toBe(`Going ${tag}`);
    expect(going[col('role')]).toBe('mentor');
    expect(going[col('status')]).toBe('accepted');
    expect(going[col('rsvp_status')]).toBe('accepted');
    expect(going[col('preferred_name')]).toBe('Attendee');
    expect(going[col('github_url')]).toBe('https://github.com/attendee');
    expect(going[col('liability_waiver_accepted')]).toBe('true');
    expect(going[col('photo_clearance_accepted')]).toBe('true');
    expect(going[col('photo_sharing_opt_out')]).toBe('false');
    expect(waiting[col('status')]).toBe('waitlisted');
    expect(waiting[col('rsvp_status')]).toBe('no_response');
    expect(waiting[col('preferred_name')]).toBe('');

    // The export follows the filters on screen.
    await chip(page, 'RSVP Status', 'No Response').click();
    await expect(page.getByTestId('rsvp-count')).toHaveText('Showing 1 of 1 RSVPs');
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const filtered = parseCsv((await downloadedBytes(await second)).toString('utf8')).filter((r) =>
      r.some(Boolean),
    );
    expect(filtered).toHaveLength(2);
    expect(filtered[1]![col('email')]).toBe(silent.email);
  });

  test('failures say so: list, update and export', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/);
    const tag = uniqueTag('RErr');
    const mentor = await createMentor(admin, { firstName: 'Err', lastName: tag, status: 'accepted' });
    await signInNewAdmin(page, admin);
    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    await expect(page.getByTestId('rsvp-count')).toHaveText('Showing 1 of 1 RSVPs');

    await page.route('**/api/admin/applications/*/rsvp', (route) => route.fulfill(SERVER_ERROR));
    await rsvpRow(page, mentor.email)
      .getByRole('button', { name: /^Modify RSVP of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Modify RSVP' });
    await dialog.getByRole('radio', { name: 'Maybe' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Failed to update RSVP.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rsvpRow(page, mentor.email).getByRole('cell').nth(CELL.rsvp)).toHaveText('Awaiting RSVP');

    await page.route('**/api/admin/rsvp/csv*', (route) => route.fulfill(SERVER_ERROR));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toasts(page).getByText('Failed to export RSVPs.')).toBeVisible();

    await page.route('**/api/admin/rsvp?*', (route) => route.fulfill(SERVER_ERROR));
    await page.reload();
    // The list is retried (3 times) before it gives up.
    await expect(toasts(page).getByText('Failed to load RSVP data')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load RSVP data' })).toBeVisible();
  });
});
