/**
 * Issue 16, the admin's side of review at scale: an admin sees the scores, sorts by score, previews
 * "accept the top 2", applies it with the typed count, releases, and the applicants see their
 * decisions. Reviews are written through the reviewer API by two reviewer accounts.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { BASE_URL, PASSWORD, uniqueEmail } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createHackerApplicant,
  openAdminTab,
  setApplicationStatus,
  setDecisionsReleased,
  uniqueTag,
} from '../support/admin-applicants';

// Decision release is global: this file runs in the global-state project, one test at a time.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let admin: SeededAdmin;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'hacker', false);
  } finally {
    for (const c of contexts) await c.dispose();
    await admin.dispose();
  }
});

/** A reviewer account made through the admin API, signed in at the admin sign-in. */
async function reviewer(): Promise<APIRequestContext> {
  const email = uniqueEmail('reviewer');
  const res = await admin.request.post('/api/admin/users', {
    data: { email, password: PASSWORD, role: 'reviewer' },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  contexts.push(request);
  const login = await request.post('/api/auth/admin/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  return request;
}

async function review(request: APIRequestContext, id: string, score: number) {
  const res = await request.post(`/api/review/${id}`, {
    data: { scores: { experience: score, motivation: score, creativity: score } },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin ranks by score, accepts the top 2 by score, releases, and the applicants see it', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag('Rank');
  // Best first: Ada 5, Bea 4, Cy 3, Dov 2 (both reviewers agree, so nothing is disputed).
  const names = ['Ada', 'Bea', 'Cy', 'Dov'];
  const scores = [5, 4, 3, 2];
  const people = [];
  for (const firstName of names) {
    const applicant = await createHackerApplicant(admin, { firstName, lastName: tag }, { tag: 'rank' });
    contexts.push(applicant.request);
    people.push(applicant);
  }
  const [first, second] = [await reviewer(), await reviewer()];
  for (const [i, p] of people.entries()) {
    await review(first, p.id, scores[i]!);
    await review(second, p.id, scores[i]!);
  }
  // Decide among these four only: the e2e database is shared, and other specs' reviewed applications
  // await a decision. A rejection stays hidden until release, and deciding by score may start from
  // one status, so these four are rejected first and re-decided from there.
  for (const p of people) await setApplicationStatus(admin, p.id, 'rejected');

  await signInNewAdmin(page, admin);
  await openAdminTab(page, 'applications', `app_search=${tag}`);
  await expect(page.getByText('Showing 4 of 4 applications')).toBeVisible();
  const table = page.getByRole('table', { name: 'Applications' });
  const score = page.getByRole('columnheader', { name: 'Score' });
  await score.getByRole('button').click();
  await expect(score).toHaveAttribute('aria-sort', 'descending');
  expect(new URL(page.url()).searchParams.get('app_sort')).toBe('score');
  const names$ = table.locator('tbody tr td:nth-child(2)');
  await expect(names$).toHaveText(names.map((n) => `${n} ${tag}`));
  const adaRow = table.getByRole('row').filter({ hasText: `Ada ${tag}` });
  await expect(adaRow.locator('td[data-column="reviews"]')).toHaveText('2/2');
  await expect(adaRow.locator('td[data-column="score"]')).toContainText(/^5\.0 · #\d+/);

  // The detail dialog lists both reviews.
  await adaRow.getByRole('button', { name: /^View/ }).click();
  const reviews = page.getByRole('dialog').getByRole('list', { name: 'Reviews of this application' });
  await expect(reviews.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');

  // Decide by score: accept the top 2 of the rejected, reviewed hacker applications.
  await openAdminTab(page, 'bulk-actions');
  const card = page.getByRole('region', { name: 'Decide by Score' });
  await card.getByLabel('Applications', { exact: true }).selectOption('rejected');
  await card.getByLabel('Accept the Top').fill('2');
  await card.getByRole('button', { name: 'Preview' }).click();
  const accepted = card.getByTestId('score-band-accepted');
  await expect(accepted).toContainText('2 applications');
  await expect(accepted).toContainText(`Ada ${tag}`);
  await expect(accepted).toContainText(`Bea ${tag}`);
  await expect(card.getByTestId('score-preview-summary')).toContainText('Accept 2 of');
  await card.getByRole('button', { name: 'Apply Hacker Decisions' }).click();
  const dialog = page.getByRole('alertdialog');
  const apply = dialog.getByRole('button', { name: 'Apply Decisions' });
  await expect(apply).toBeDisabled();
  await dialog.getByLabel('Type 2 to continue').fill('2');
  await apply.click();
  await expect(page.getByText('2 applications decided by score.', { exact: false })).toBeVisible();

  // Release hacker decisions.
  await page.getByRole('button', { name: 'Release Hacker Decisions', exact: true }).click();
  const release = page.getByRole('alertdialog');
  await release.getByLabel(/Type confirm/).fill('confirm');
  await release.getByRole('button', { name: 'Release Decisions' }).click();
  await expect(page.getByTestId('decisions-hacker-status')).toHaveText('Released');

  // Ada and Bea see their acceptance; Cy does not.
  for (const [i, expected] of [
    [0, 'Accepted'],
    [1, 'Accepted'],
  ] as const) {
    const context = await browser.newContext();
    const applicantPage = await context.newPage();
    const login = await applicantPage.request.post('/api/auth/login', {
      data: { email: people[i]!.email, password: PASSWORD },
      headers: { Origin: BASE_URL },
    });
    expect(login.status()).toBe(200);
    await applicantPage.goto('/dashboard');
    await expect(applicantPage.getByTestId('application-status')).toHaveText(expected);
    await context.close();
  }
  const cy = await people[2]!.request.get('/api/applications/me');
  expect(((await cy.json()) as { status: string }).status).not.toBe('accepted');
});
