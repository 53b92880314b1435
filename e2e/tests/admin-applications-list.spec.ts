import { test, expect, type Page } from '../support/fixtures';
import { toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createHackerApplicant,
  createHackerApplicants,
  openAdminTab,
  setApplicationStatus,
  uniqueTag,
} from '../support/admin-applicants';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

// The laptop screen organisers review on (issue 14, item 10).
test.use({ viewport: { width: 1280, height: 800 } });
// Each test first makes its own applicants through the API (sign-in, upload, submit).
test.describe.configure({ timeout: 90_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Applications' });

/** Rows of the list that are wholly inside the viewport, without scrolling. */
async function rowsInView(page: Page): Promise<number> {
  const height = page.viewportSize()!.height;
  let count = 0;
  for (const row of await table(page).locator('tbody tr[data-application-id]').all()) {
    const box = await row.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= height) count += 1;
  }
  return count;
}

/** How many applications of the list's search have a status, by the API. */
async function countWithStatus(tag: string, status: string): Promise<number> {
  const res = await admin.request.get('/api/admin/applications', {
    params: { search: tag, status, limit: 1 },
    headers: admin.headers,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test.describe('the applications list at 1280×800 and at more than a page', () => {
  test('rows are on screen under a compact filter bar; the filters open from it and show as removable chips', async ({
    page,
  }) => {
    const tag = uniqueTag('Fold');
    const people = await createHackerApplicants(admin, 6, (i) => ({ firstName: `Fold${i}`, lastName: tag }));
    await setApplicationStatus(admin, people[0]!.id, 'accepted');
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText('Showing 6 of 6 applications')).toBeVisible();

    // Several whole rows above the fold, with a filter active, before any scrolling.
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(4);

    // The full filter set waits behind "Filters".
    const statusGroup = page.getByRole('group', { name: 'Status', exact: true });
    await expect(statusGroup).toHaveCount(0);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await statusGroup.getByRole('button', { name: 'Accepted' }).click();
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    await page
      .getByRole('group', { name: 'Role', exact: true })
      .getByRole('button', { name: 'Hacker' })
      .click();
    await toggle.click();
    await expect(statusGroup).toHaveCount(0);

    // Every active filter is a chip; removing one removes the filter, from the list and the URL.
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText([
      `Search: ${tag}`,
      'Status: Accepted',
      'Role: Hacker',
    ]);
    await expect(page.getByText('3 filters active')).toBeVisible();
    await chips.getByRole('button', { name: 'Remove filter Status: Accepted' }).click();
    await expect(page.getByText('Showing 6 of 6 applications')).toBeVisible();
    expect(new URL(page.url()).searchParams.has('app_status')).toBe(false);
    expect(new URL(page.url()).searchParams.getAll('app_role')).toEqual(['hacker']);
    await expect(chips.getByRole('listitem')).toHaveText([`Search: ${tag}`, 'Role: Hacker']);

    // The chips come back with the URL, and the search chip empties the search box.
    await page.reload();
    await expect(chips.getByRole('listitem')).toHaveText([`Search: ${tag}`, 'Role: Hacker']);
    await chips.getByRole('button', { name: `Remove filter Search: ${tag}` }).click();
    await expect(page.getByLabel('Search Applications')).toHaveValue('');
    expect(new URL(page.url()).searchParams.has('app_search')).toBe(false);
    await chips.getByRole('button', { name: 'Remove filter Role: Hacker' }).click();
    await expect(chips).toHaveCount(0);
    await expect(page.getByText(/filters? active/)).toHaveCount(0);
  });

  test('a column sorts on the server, by mouse or keyboard, and the sort stays in the URL across a reload', async ({
    page,
  }) => {
    const tag = uniqueTag('Srt');
    const first = ['Cleo', 'ada', 'Bea', 'Dov'];
    await createHackerApplicants(admin, first.length, (i) => ({ firstName: first[i], lastName: tag }));
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText('Showing 4 of 4 applications')).toBeVisible();
    const names = table(page).locator('tbody tr td:nth-child(2)');

    const name = page.getByRole('columnheader', { name: 'Name' });
    const submitted = page.getByRole('columnheader', { name: 'Submitted' });
    // Newest first until told otherwise.
    await expect(submitted).toHaveAttribute('aria-sort', 'descending');
    await expect(name).not.toHaveAttribute('aria-sort', /ascending|descending/);

    const sorted = page.waitForResponse(
      (r) =>
        r.url().includes('/api/admin/applications?') && new URL(r.url()).searchParams.get('sort') === 'name',
    );
    await name.getByRole('button').click();
    await sorted;
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(submitted).not.toHaveAttribute('aria-sort', /ascending|descending/);
    await expect(names).toHaveText(['ada', 'Bea', 'Cleo', 'Dov'].map((n) => `${n} ${tag}`));
    expect(new URL(page.url()).searchParams.get('app_sort')).toBe('name');

    // Keyboard: the header's button takes Enter.
    await name.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Dov', 'Cleo', 'Bea', 'ada'].map((n) => `${n} ${tag}`));
    expect(new URL(page.url()).searchParams.get('app_dir')).toBe('desc');

    await page.reload();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Dov', 'Cleo', 'Bea', 'ada'].map((n) => `${n} ${tag}`));
    for (const column of ['Status', 'School']) {
      await expect(
        page.getByRole('columnheader', { name: column, exact: true }).getByRole('button'),
      ).toBeVisible();
    }
  });

  test('select all matching this filter acts across pages; the confirmation names the count, and a changed count is refused', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(240_000);
    consoleGuard.allow(/status of 409/);
    const tag = uniqueTag('All');
    await createHackerApplicants(admin, 61, (i) => ({ firstName: `All${i}`, lastName: tag }));
    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expect(page.getByText('Showing 50 of 61 applications')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all applications on this page' }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('50 selected');
    await page.getByRole('button', { name: 'Select all 61 matching this filter' }).click();
    await expect(page.getByTestId('selection-count')).toHaveText('All 61 selected');
    await expect(page.getByText('All 61 applications matching this filter are selected.')).toBeVisible();

    // The rows of the next page are part of it.
    const pager = page.getByRole('navigation', { name: 'Applications pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    const pageTwo = table(page).locator('tbody tr[data-application-id]');
    await expect(pageTwo).toHaveCount(11);
    for (const box of await pageTwo.getByRole('checkbox').all()) await expect(box).toBeChecked();

    // Someone adds a matching application while the dialog is open: nothing changes.
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByRole('button', { name: 'Waitlist', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText('This will waitlist all 61 applications matching this filter.');
    const late = await createHackerApplicant(admin, { firstName: 'Late', lastName: tag });
    await late.request.dispose();
    await dialog.getByLabel('Type confirm to continue').fill('confirm');
    await dialog.getByRole('button', { name: 'Bulk Waitlist' }).click();
    await expect(
      toasts(page).getByText(
        'The filter now matches 62 applications, not 61. Nothing was changed: check the list and try again.',
      ),
    ).toBeVisible();
    expect(await countWithStatus(tag, 'waitlisted')).toBe(0);
    // The list and the selection count again.
    await expect(page.getByText('of 62 applications')).toBeVisible();
    await expect(page.getByTestId('selection-count')).toHaveText('All 62 selected');

    const statsRefreshed = page.waitForResponse((r) => r.url().endsWith('/api/admin/dashboard'));
    await bar.getByRole('button', { name: 'Waitlist', exact: true }).click();
    await expect(dialog).toContainText('This will waitlist all 62 applications matching this filter.');
    await page.screenshot({ path: test.info().outputPath('bulk-confirm-1280.png') });
    await dialog.getByLabel('Type confirm to continue').fill('confirm');
    await dialog.getByRole('button', { name: 'Bulk Waitlist' }).click();
    await expect(toasts(page).getByText('Bulk Action Completed')).toBeVisible();
    await expect(toasts(page).getByText('62 applications updated to waitlisted.')).toBeVisible();
    await statsRefreshed;
    expect(await countWithStatus(tag, 'waitlisted')).toBe(62);
    await expect(table(page).getByText('Waitlisted').first()).toBeVisible();
    await expect(table(page).getByText('Pending')).toHaveCount(0);
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
  });
});
