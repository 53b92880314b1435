/**
 * Issue 17, places and projection, and waves: an admin sets the hackers' places, reads the
 * projection (the same numbers the API counts), asks what more offers would bring, promotes the
 * whole hacker waitlist after a preview and a typed confirmation, and a promoted applicant sees
 * "Accepted" once decisions are released.
 */
import { test, expect } from '../support/fixtures';
import { BASE_URL, PASSWORD, toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationStatus,
  createHackerApplicant,
  openAdminTab,
  setApplicationStatus,
  setDecisionsReleased,
  uniqueTag,
} from '../support/admin-applicants';

// Places, the waitlist and decision release are global: one test at a time, on the global-state server.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'hacker', false);
    await admin.request.put('/api/admin/admissions/settings', {
      data: { hacker: { places: null, attend_percent: 85, yes_percent: 60, use_measured: false } },
      headers: admin.headers,
    });
  } finally {
    await admin.dispose();
  }
});

interface RoleView {
  role: string;
  places: number | null;
  offers: number;
  waitlisted: number;
  expected_attendance: number;
  suggested_offers: number | null;
}

async function hackersFromApi(): Promise<RoleView> {
  const res = await admin.request.get('/api/admin/admissions', { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { roles: RoleView[] };
  return body.roles.find((r) => r.role === 'hacker')!;
}

const oneDecimal = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

test('an admin sets places, reads the projection, and promotes the waitlist in one wave', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag('Wave');
  await setDecisionsReleased(admin, 'hacker', false);
  const waiting = [];
  for (const firstName of ['Wren', 'Wade']) {
    const applicant = await createHackerApplicant(admin, { firstName, lastName: tag }, { tag: 'wave' });
    await applicant.request.dispose();
    await setApplicationStatus(admin, applicant.id, 'waitlisted');
    waiting.push(applicant);
  }

  await signInNewAdmin(page, admin);
  await page.goto('/admin?tab=settings');
  const capacity = page.getByRole('form', { name: 'Capacity settings' });
  const hackers = capacity.getByRole('group', { name: 'Hackers' });
  await hackers.getByLabel('Places').fill('3');
  await hackers.getByLabel('Places').press('Tab');
  await capacity.getByRole('button', { name: 'Save Capacity' }).click();
  await expect(toasts(page).getByText('Capacity Saved')).toBeVisible();
  expect((await hackersFromApi()).places).toBe(3);

  // The projection shows what the database counts.
  await openAdminTab(page, 'bulk-actions');
  const block = page.getByTestId('admissions-hacker');
  const counted = await hackersFromApi();
  await expect(block.getByTestId('admissions-hacker-places')).toContainText('3');
  await expect(block.getByTestId('admissions-hacker-expected')).toContainText(
    `${oneDecimal(counted.expected_attendance)} of 3 places`,
  );
  await expect(block.getByTestId('admissions-hacker-offers')).toContainText(String(counted.offers));
  await expect(block.getByTestId('admissions-hacker-waitlisted')).toContainText(
    counted.waitlisted.toLocaleString('en-US'),
  );

  // 100 more offers at the default 85% and 60%: about 51 more attendees.
  await block.getByLabel('More offers to send').fill('100');
  await expect(block.getByTestId('admissions-hacker-offers-result')).toHaveText(
    'If we send 100 more offers, we expect about 51 more attendees.',
  );

  // A wave of everyone who can be promoted, so this test's two are in it whatever other specs left
  // waitlisted (flagged applications are never promoted, so the preview's number is the one to use).
  const eligible = await admin.request.post('/api/admin/admissions/promote/preview', {
    data: { role: 'hacker', count: 10_000 },
    headers: admin.headers,
  });
  expect(eligible.status(), await eligible.text()).toBe(200);
  const n = ((await eligible.json()) as { count: number }).count;
  const all = n.toLocaleString('en-US');
  await block.getByLabel('Promote from the waitlist').fill(String(n));
  await block.getByRole('button', { name: 'Preview' }).click();
  await expect(block.getByTestId('admissions-hacker-wave-summary')).toContainText(`Promote ${all} of ${all}`);
  await expect(block.getByTestId('admissions-hacker-wave-release')).toHaveText(
    'Promoted applicants stay hidden until you release hacker decisions.',
  );
  await block.getByRole('button', { name: `Promote ${all} Hackers` }).click();
  const dialog = page.getByRole('alertdialog');
  const promote = dialog.getByRole('button', { name: 'Promote', exact: true });
  await expect(promote).toBeDisabled();
  await dialog.getByLabel(`Type ${n} to confirm`).fill(String(n));
  await promote.click();
  await expect(toasts(page).getByText(`Promoted ${all} hackers from the waitlist.`)).toBeVisible();
  for (const w of waiting) expect(await applicationStatus(admin, w.id)).toBe('accepted');
  await expect(block.getByTestId('admissions-hacker-wave-summary')).toHaveCount(0);

  // Released, a promoted applicant sees the offer.
  await setDecisionsReleased(admin, 'hacker', true);
  const context = await browser.newContext();
  const applicantPage = await context.newPage();
  const login = await applicantPage.request.post('/api/auth/login', {
    data: { email: waiting[0]!.email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status()).toBe(200);
  await applicantPage.goto('/dashboard');
  await expect(applicantPage.getByTestId('application-status')).toHaveText('Accepted');
  await context.close();
});

test('the capacity form refuses a share over 100% and says where', async ({ page }) => {
  await signInNewAdmin(page, admin);
  await page.goto('/admin?tab=settings');
  const capacity = page.getByRole('form', { name: 'Capacity settings' });
  const mentors = capacity.getByRole('group', { name: 'Mentors' });
  const share = mentors.getByLabel('Expected attendance of confirmed people (%)');
  await share.fill('120');
  await capacity.getByRole('button', { name: 'Save Capacity' }).click();
  await expect(mentors.getByText('Enter a percentage from 0 to 100')).toBeVisible();
  await expect(share).toHaveAttribute('aria-invalid', 'true');
});
