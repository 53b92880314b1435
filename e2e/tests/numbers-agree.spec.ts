import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { fillAdminSignIn, PASSWORD, toasts, uniqueEmail } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationRow,
  createHackerApplicant,
  openApplicationFilters,
  searchApplications,
  setApplicationStatus,
  uniqueTag,
} from '../support/admin-applicants';
import { openTab, putRsvp, rsvpRow, searchRsvps } from '../support/admin-rsvp';
import { createCheckinRecord, openCheckin } from '../support/checkin';

/** Issue 14, item 7: the numbers and words one screen shows agree with the ones another shows. */

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  await admin?.dispose();
});

function number(text: string | null): number {
  return Number((text ?? '').replace(/,/g, ''));
}

/** Every label/value pair a dialog's description lists show, label → text. */
async function fieldPairs(scope: Locator): Promise<Record<string, string>> {
  return scope.evaluate((root) => {
    const out: Record<string, string> = {};
    for (const dt of root.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD') out[dt.textContent?.trim() ?? ''] = dd.textContent?.trim() ?? '';
    }
    return out;
  });
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/numbers-agree/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the "Submitted" status chip finds a just-submitted application, and chips are in Title Case', async ({
  page,
}) => {
  const tag = uniqueTag('Sub');
  const applicant = await createHackerApplicant(admin, { firstName: 'Sam', lastName: tag });
  await signInNewAdmin(page, admin);

  await expect(page.getByRole('group', { name: 'Role', exact: true }).getByRole('button')).toHaveText([
    'Hacker',
    'Mentor',
  ]);

  await page.getByRole('tab', { name: 'Applications' }).click();
  await openApplicationFilters(page);
  const statusChips = page.getByRole('group', { name: 'Status', exact: true });
  await expect(statusChips.getByRole('button')).toHaveText([
    'Pending',
    'Accepted',
    'Rejected',
    'Waitlisted',
    'Submitted',
  ]);
  await expect(page.getByRole('group', { name: 'Role', exact: true }).getByRole('button')).toHaveText([
    'Hacker',
    'Mentor',
  ]);

  await searchApplications(page, tag);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/admin/applications?') && r.url().includes('status=submitted'),
  );
  await statusChips.getByRole('button', { name: 'Submitted', exact: true }).click();
  await listed;
  await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
  await expect(applicationRow(page, applicant.email)).toBeVisible();
  await shoot(page, 'applications-submitted-chip');
  await applicant.request.dispose();
});

test('the Registered Users card says how its number relates to the Users list total', async ({ page }) => {
  await signInNewAdmin(page, admin);
  const card = page.getByRole('region', { name: 'Registered Users' });
  const note = card.getByText(/applicants? \+ [\d,]+ staff/);
  // Other specs create accounts at the same time: a reload settles a count that moved in between.
  await expect(async () => {
    await page.reload();
    await expect(note).toBeVisible();
    const match = /^([\d,]+) applicants? \+ ([\d,]+) staff accounts? = ([\d,]+) users$/.exec(
      (await note.textContent()) ?? '',
    );
    expect(match, (await note.textContent()) ?? '').not.toBeNull();
    const [, applicants, staff, all] = match!;
    expect(number(applicants!) + number(staff!)).toBe(number(all!));
    await expect(card.getByText(/^[\d,]+$/)).toHaveText(applicants!, { timeout: 2000 });
    const listed = page.getByText(/^Showing \d+ of [\d,]+ users$/);
    await expect(listed).toBeVisible({ timeout: 2000 });
    expect(number(/of ([\d,]+) users$/.exec((await listed.textContent()) ?? '')![1]!)).toBe(number(all!));
  }).toPass({ timeout: 20_000 });
  await shoot(page, 'admin-header-users');
});

test('a volunteer signing in is greeted with check-in wording, not "Admin Access Granted"', async ({
  page,
}) => {
  const email = uniqueEmail('volunteer');
  await admin.createUser(email, 'volunteer');
  await page.goto('/admin/login');
  await fillAdminSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/checkin$/);
  await expect(toasts(page).getByText('Check-in Access Granted')).toBeVisible();
  await expect(toasts(page).getByText('Admin Access Granted')).toHaveCount(0);
  await shoot(page, 'volunteer-greeting');
});

test('"Total Hackers" counts hackers only, and each role is shown', async ({ page }) => {
  const tag = uniqueTag('Door');
  await createCheckinRecord(admin, {
    firstName: 'Hana',
    lastName: tag,
    email: uniqueEmail('h'),
    role: 'hacker',
  });
  await createCheckinRecord(admin, {
    firstName: 'Mo',
    lastName: tag,
    email: uniqueEmail('m'),
    role: 'mentor',
  });
  await signInNewAdmin(page, admin);

  await openCheckin(page, '?role=hacker');
  const shown = page.getByTestId('checkin-count');
  await expect(shown).toHaveText(/^Showing \d+ of \d+$/);
  const hackers = /of (\d+)$/.exec((await shown.textContent()) ?? '')![1]!;
  const stats = page.getByRole('region', { name: 'Check-in statistics' });
  await expect(stats.getByRole('region', { name: 'Total Hackers' }).getByText(/^[\d,]+$/)).toHaveText(
    Number(hackers).toLocaleString('en-US'),
  );
  await expect(stats.getByText(/Mentor \d+ of \d+ checked in/)).toBeVisible();
  await shoot(page, 'checkin-cards');
});

test('an application and its RSVP show the same fields, worded the same, in both dialogs', async ({
  page,
}) => {
  const tag = uniqueTag('Same');
  const applicant = await createHackerApplicant(admin, { firstName: 'Ria', lastName: tag });
  await setApplicationStatus(admin, applicant.id, 'accepted');
  await putRsvp(admin, applicant.id, {
    rsvp_status: 'accepted',
    preferred_name: `Ria ${tag}`,
    school_name: 'Riverside University',
    pronoun: 'She/Her',
    linkedin_url: null,
    github_url: 'https://github.com/ria',
    liability_waiver_accepted: true,
    photo_clearance_accepted: true,
    photo_sharing_opt_out: false,
  });
  await signInNewAdmin(page, admin);

  await page.getByRole('tab', { name: 'Applications' }).click();
  await searchApplications(page, tag);
  await applicationRow(page, applicant.email).getByRole('button', { name: /View/ }).click();
  const appDialog = page.getByRole('dialog');
  await expect(appDialog.getByText('Applicant', { exact: true })).toBeVisible();
  await expect(appDialog.getByRole('heading', { name: 'RSVP', exact: true })).toBeVisible();
  const fromApplication = await fieldPairs(appDialog);
  await shoot(page, 'application-dialog');
  await page.keyboard.press('Escape');

  await openTab(page, 'rsvp');
  await searchRsvps(page, tag);
  await rsvpRow(page, applicant.email).getByRole('button', { name: /View/ }).click();
  const rsvpDialog = page.getByRole('dialog');
  await expect(rsvpDialog.getByRole('heading', { name: 'RSVP', exact: true })).toBeVisible();
  const fromRsvp = await fieldPairs(rsvpDialog);
  await shoot(page, 'rsvp-dialog');

  const shared = [
    'Name',
    'Email',
    'Role',
    'Status',
    'RSVP Status',
    'Preferred Full Name',
    'Official School Name',
    'Pronoun',
    'LinkedIn',
    'GitHub',
    'Liability Waiver',
    'Photo Permission',
  ];
  const pick = (pairs: Record<string, string>) => Object.fromEntries(shared.map((k) => [k, pairs[k]]));
  expect(pick(fromRsvp)).toEqual(pick(fromApplication));
  expect(fromRsvp['LinkedIn']).toBe('Not provided');
  expect(fromRsvp['Liability Waiver']).toBe('Accepted');
  await applicant.request.dispose();
});
