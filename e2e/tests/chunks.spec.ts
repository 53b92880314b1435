import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '../support/fixtures';
import { fillSignIn, openRegister, registerViaUi, uniqueEmail } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { submitHackerViaApi } from '../support/applications';
import { readManifest, restrictedFiles, restrictedRequests } from '../../scripts/bench/chunk-ownership.mjs';

// Applicant pages never download admin or check-in code. Which built file is admin or
// check-in code is read from the Vite manifest of the build under test, not guessed from names.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const restricted = restrictedFiles(readManifest(distDir));

/** Records every script and stylesheet the page asks for, from now on. */
function recordAssets(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (['script', 'stylesheet'].includes(req.resourceType())) urls.push(req.url());
  });
  return urls;
}

/** Waits until the page has settled, so a lazily loaded chunk would already have been asked for. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

function expectNoRestricted(urls: string[]) {
  expect(urls.length, 'the walk loaded some scripts').toBeGreaterThan(0);
  expect(restrictedRequests(restricted, urls)).toEqual([]);
}

let admin: SeededAdmin;
test.beforeAll(async () => {
  admin = await seededAdmin();
});
test.afterAll(async () => {
  await admin.dispose();
});

test('the manifest marks the admin and check-in pages as restricted', () => {
  const owners = [...restricted.values()];
  expect(owners).toContain('src/features/admin/components/admin-page.tsx');
  expect(owners).toContain('src/features/checkin/components/checkin-page.tsx');
});

test('a visitor: landing, sign-in, register, forgot password and the admin link load no admin or check-in chunk', async ({
  page,
}) => {
  const urls = recordAssets(page);
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await settled(page);
  await openRegister(page);
  await settled(page);

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await settled(page);

  // "Admin Portal Access" goes to /admin, whose guard sends a visitor to the admin sign-in page:
  // the guard must decide before any admin code is fetched.
  await page.goto('/');
  await page.getByRole('link', { name: 'Admin Portal Access' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await settled(page);
  await page.goto('/checkin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await settled(page);

  expectNoRestricted(urls);
});

test('a hacker: register, sign in, dashboard, hacker form, application view load no admin or check-in chunk', async ({
  page,
}) => {
  const urls = recordAssets(page);
  const email = uniqueEmail('chunks-hacker');
  await registerViaUi(page, { email });
  await settled(page);

  await page.getByRole('link', { name: 'Start Application' }).click();
  await expect(page).toHaveURL(/\/hacker-apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hacker Application' })).toBeVisible();
  await settled(page);

  // Signing out and in again walks the sign-in path of an existing account.
  await page.context().clearCookies();
  await page.goto('/');
  await fillSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await settled(page);

  await submitHackerViaApi(page.request);
  await page.goto('/view-application');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();
  await settled(page);

  // An applicant typing the admin addresses is turned away before the admin code loads.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/checkin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await settled(page);

  expectNoRestricted(urls);
});

test('a mentor: dashboard and mentor form load no admin or check-in chunk', async ({ page }) => {
  const urls = recordAssets(page);
  await page.goto('/');
  await registerViaUi(page, { email: uniqueEmail('chunks-mentor'), role: 'mentor' });
  await settled(page);
  await page.getByRole('link', { name: 'Start Application' }).click();
  await expect(page).toHaveURL(/\/mentor-apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application' })).toBeVisible();
  await settled(page);

  expectNoRestricted(urls);
});

test('an admin does load the admin chunk (the check above can see one)', async ({ page }) => {
  const urls = recordAssets(page);
  await signInNewAdmin(page, admin);
  await settled(page);
  const owners = restrictedRequests(restricted, urls).map((hit) => hit.owner);
  expect(owners).toContain('src/features/admin/components/admin-page.tsx');
});
