import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, expect, type Page } from '../support/fixtures';
import { toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { openAdminTab } from '../support/admin-applicants';

/**
 * A search matching more than the Applications tab counts (a broad search, or a platform's
 * applicants): "1,000+", the exact number fetched when the admin selects them all, and a bulk action
 * on that many. The applicants come from the seed command (the API would take a minute to make
 * 1,000); they are the only @seed.example.org addresses here, and the test deletes them all.
 */
/** More than a search counts past its first page (APPLICATIONS_TEXT_COUNT_AHEAD, 1,000). */
const SEEDED = 1_037;
const SEARCH = 'seed.example.org';
const seedScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/dist/seed.js',
);

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
  await promisify(execFile)(
    process.execPath,
    [seedScript, '--applications', String(SEEDED), '--resumes', '0', '--seed', 'capped-list'],
    { env: { ...process.env, DATA_DIR: process.env.LANYARD_E2E_GLOBAL_DATA_DIR, LOG_LEVEL: 'warn' } },
  );
});

test.afterAll(async () => {
  await admin?.dispose();
});

const count = (n: number) => n.toLocaleString('en-US');
const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selection' });

test('a search past what the list counts shows "1,000+"; select all asks for the exact number, and a bulk delete takes them all', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(240_000);
  consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInNewAdmin(page, admin);
  await openAdminTab(page, 'applications', `app_search=${SEARCH}`);
  // What the server answers, read as any client would: a lower bound, not the number seeded.
  const listed = await admin.request.get(`/api/admin/applications?search=${SEARCH}`, {
    headers: admin.headers,
  });
  const { total, total_capped } = (await listed.json()) as { total: number; total_capped: boolean };
  expect(total_capped).toBe(true);
  expect(total).toBeLessThan(SEEDED);
  const capped = `${count(total)}+`;
  await expect(page.getByText(`Showing 50 of ${capped} applications`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Announce to these ${capped}` })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Applications pages' });
  await expect(pager.getByText(`Page 1 of ${Math.ceil(total / 50)}+`)).toBeVisible();

  // The detail dialog counts the same way.
  await page
    .getByRole('table', { name: 'Applications' })
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^View/ })
    .click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByText(`1 of ${capped}`, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
  await expect(page.getByTestId('selection-count')).toHaveText('50 selected');
  const selectAll = selectionBar(page).getByRole('button', {
    name: `Select all ${capped} matching this filter`,
  });

  // The count cannot be had: the selection stays what it was, and says why.
  await page.route('**/api/admin/applications/count?**', (route) => route.abort());
  await selectAll.click();
  await expect(
    toasts(page).getByText('Failed to count the applications matching this filter.'),
  ).toBeVisible();
  await expect(page.getByTestId('selection-count')).toHaveText('50 selected');
  await page.unroute('**/api/admin/applications/count?**');

  // Someone else deleted them all meanwhile: nothing is selected, and the list is read again.
  await page.route('**/api/admin/applications/count?**', (route) => route.fulfill({ json: { total: 0 } }));
  const listReread = page.waitForResponse((res) => /\/api\/admin\/applications\?/.test(res.url()));
  // On a phone, as an organiser might be.
  await page.setViewportSize({ width: 390, height: 844 });
  await selectAll.click();
  await expect(toasts(page).getByText('No applications match this filter any more.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('capped-nothing-to-select-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  await expect(
    selectionBar(page).getByText('Select applications to change their status, export or delete them.'),
  ).toBeVisible();
  await listReread;
  await page.screenshot({ path: test.info().outputPath('capped-nothing-to-select-1280.png') });
  await page.unroute('**/api/admin/applications/count?**');
  await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
  await expect(page.getByTestId('selection-count')).toHaveText('50 selected');

  await selectAll.click();
  await expect(page.getByTestId('selection-count')).toHaveText(`All ${count(SEEDED)} selected`);
  await expect(
    page.getByText(`All ${count(SEEDED)} applications matching this filter are selected.`),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('capped-selected-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(`Showing 50 of ${capped} applications`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('capped-selected-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await selectionBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText(`all ${count(SEEDED)} applications matching this filter`);
  await dialog.getByLabel('Type confirm to continue').fill('confirm');
  await dialog.getByRole('button', { name: 'Delete Applications' }).click();
  await expect(toasts(page).getByText('Applications Deleted')).toBeVisible({ timeout: 60_000 });
  await expect(
    toasts(page).getByText(`${count(SEEDED)} applications were permanently deleted.`),
  ).toBeVisible();
  await expect(page.getByText('Showing 0 of 0 applications')).toBeVisible();
  const left = await admin.request.get(`/api/admin/applications/count?search=${SEARCH}`, {
    headers: admin.headers,
  });
  expect(await left.json()).toEqual({ total: 0 });
});
