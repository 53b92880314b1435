import { test, expect, type Page } from '../support/fixtures';
import { BASE_URL, fillAdminSignIn, PASSWORD, toasts, uniqueEmail } from '../support/app';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { seededAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createHackerApplicant,
  downloadedBytes,
  setApplicationStatus,
  setDecisionsReleased,
  uniqueTag,
  zipEntryNames,
  type Applicant,
} from '../support/admin-applicants';

let admin: SeededAdmin;
let tag: string;
let people: (Applicant & { lastName: string })[];
const sponsorEmail = uniqueEmail('sponsor');

/**
 * Three consenting hackers, accepted and attending, with a major of this run's own (so the book's
 * filters find only them). Hacker decisions are released only while they answer their RSVP.
 */
test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await seededAdmin();
  tag = uniqueTag('sp');
  const specs = [
    { lastName: `Alvarez${tag}`, major: `Robotics ${tag}` },
    { lastName: `Baker${tag}`, major: `Robotics ${tag}` },
    { lastName: `Chen${tag}`, major: `Design ${tag}` },
  ];
  people = [];
  for (const s of specs) {
    const a = await createHackerApplicant(admin, { ...s, recruitmentEmails: true }, { tag: 'sponsor-book' });
    await setApplicationStatus(admin, a.id, 'accepted');
    people.push({ ...a, lastName: s.lastName });
  }
  try {
    await setDecisionsReleased(admin, 'hacker', true);
    for (const p of people) {
      const rsvp = await p.request.post('/api/applications/rsvp', {
        data: {
          response: 'accepted',
          preferredName: p.lastName,
          schoolName: 'Riverside University',
          pronoun: 'They/Them',
          linkedinUrl: 'https://www.linkedin.com/in/example',
          liabilityWaiverAccepted: true,
          photoClearanceAccepted: true,
        },
        headers: { Origin: BASE_URL },
      });
      expect(rsvp.status(), await rsvp.text()).toBe(200);
    }
  } finally {
    await setDecisionsReleased(admin, 'hacker', false);
  }
  const res = await admin.request.post('/api/admin/sponsors', {
    data: {
      email: sponsorEmail,
      password: PASSWORD,
      company: 'Acme Robotics',
      access_from: new Date(Date.now() - 60_000).toISOString(),
      access_until: new Date(Date.now() + 86_400_000).toISOString(),
    },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(201);
});
test.afterAll(async () => {
  for (const p of people ?? []) await p.request.dispose();
  await admin?.dispose();
});

async function signInSponsor(page: Page) {
  await page.goto('/admin/login');
  await fillAdminSignIn(page, sponsorEmail, PASSWORD);
  await expect(page).toHaveURL(/\/sponsor$/);
  await expect(toasts(page)).toContainText('Resume Book Access Granted');
  await expect(page.getByRole('heading', { level: 1, name: 'Resume Book' })).toBeVisible();
}

const rows = (page: Page) => page.getByRole('list', { name: 'Resume book' }).getByRole('listitem');

test.describe('sponsors and the resume book', () => {
  // One set of people for the file: the withdrawal must come after the list that counts them.
  test.describe.configure({ mode: 'serial' });

  test('a sponsor filters, stars, and downloads a zip of the selection and of the starred list', async ({
    page,
  }) => {
    await signInSponsor(page);
    await page.getByLabel('Search').fill(tag);
    await expect(rows(page)).toHaveCount(3);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    // Nothing a sponsor may not see is on the page.
    await expect(page.locator('main')).not.toContainText('@');
    await expect(page.locator('main')).not.toContainText('555');

    await expectNoSeriousA11yViolations(page, 'resume book');

    await page.getByLabel('Major').selectOption(`Robotics ${tag}`);
    await expect(rows(page)).toHaveCount(2);
    await expect(page).toHaveURL(/major=Robotics/);

    const baker = people[1]!;
    await page.getByRole('button', { name: new RegExp(`^Star .*${baker.lastName}`) }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Unstar .*${baker.lastName}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The box follows the URL, which the router redraws a moment after the click.
    await page.getByLabel('Starred only').click();
    await expect(page.getByLabel('Starred only')).toBeChecked();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(baker.lastName);
    await page.getByLabel('Starred only').click();
    await expect(page.getByLabel('Starred only')).not.toBeChecked();
    await expect(rows(page)).toHaveCount(2);

    await page.getByLabel('Select all on this page').check();
    await expect(page.getByRole('button', { name: 'Download selected (2)' })).toBeEnabled();
    const selection = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download selected (2)' }).click();
    const names = zipEntryNames(await downloadedBytes(await selection)).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toContain(`Alvarez${tag}`);
    expect(names[1]).toContain(`Baker${tag}`);

    const starred = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download starred' }).click();
    expect(zipEntryNames(await downloadedBytes(await starred))).toEqual([
      expect.stringContaining(`Baker${tag}`),
    ]);

    // The profile opens with a five-minute link to the resume.
    await rows(page)
      .filter({ hasText: baker.lastName })
      .getByRole('button', { name: /Resume/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'Open resume' })).toHaveAttribute(
      'href',
      /^\/api\/sponsor\/resumes\/.+d=inline/,
    );
    await expectNoSeriousA11yViolations(page, 'resume book profile');
  });

  test('an applicant who withdraws consent disappears from the sponsor’s list', async ({ page }) => {
    await signInSponsor(page);
    await page.goto(`/sponsor?search=${tag}`);
    await expect(rows(page)).toHaveCount(3);
    const chen = people[2]!;
    // Through the consent API (the dashboard's Your data card sends this same request).
    const res = await chen.request.put('/api/privacy/consent', {
      data: { sponsor_consent: false },
      headers: { Origin: BASE_URL },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Resume book' })).not.toContainText(chen.lastName);
  });

  test('a sponsor is kept to the book: the admin portal sends them back', async ({ page }) => {
    await signInSponsor(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/sponsor$/);
    const api = await page.request.get('/api/admin/users');
    expect(api.status()).toBe(403);
  });
});
