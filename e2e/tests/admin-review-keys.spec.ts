/**
 * Issue 14, item 10: the detail dialog walks the filtered list (Previous/Next, J/K, across pages)
 * and decides with one key (A/W/R), then moves on to the next application.
 */
import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationStatus,
  createHackerApplicants,
  openAdminTab,
  uniqueTag,
} from '../support/admin-applicants';
import { expectNoSeriousA11yViolations } from '../support/a11y';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** Every application the list shows for this query, in its order, across all pages. */
async function listed(query: Record<string, string>): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  for (let page = 1; ; page += 1) {
    const res = await admin.request.get('/api/admin/applications', {
      params: { ...query, page: String(page), limit: '50' },
      headers: admin.headers,
    });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as {
      applications: { _id: string; first_name: string; last_name: string }[];
      pages: number;
    };
    out.push(...body.applications.map((a) => ({ id: a._id, name: `${a.first_name} ${a.last_name}` })));
    if (page >= body.pages) return out;
  }
}

test.describe('reviewing applications from the detail dialog', () => {
  test('J and K walk the whole filtered list across pages; A, W and R decide and move on', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const tag = uniqueTag('Nav');
    await createHackerApplicants(
      admin,
      55,
      (i) => ({ firstName: `Nav${String(i).padStart(2, '0')}`, lastName: tag }),
      { tag: 'nav' },
    );
    const apps = await listed({ search: tag, status: 'pending' });
    expect(apps).toHaveLength(55);

    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}&app_status=pending`);
    await expect(page.getByText('Showing 50 of 55 applications')).toBeVisible();
    await page
      .getByRole('table', { name: 'Applications' })
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^View/ })
      .click();

    const dialog = page.getByRole('dialog');
    const heading = dialog.getByRole('heading', { level: 2 });
    const previous = dialog.getByRole('button', { name: 'Previous application' });
    const next = dialog.getByRole('button', { name: 'Next application' });
    const pager = page.getByRole('navigation', { name: 'Applications pages' });
    /** The dialog shows apps[index], as `place` of `total` in the list. */
    const at = async (index: number, total: number, place = index + 1) => {
      await expect(heading).toHaveText(apps[index]!.name);
      await expect(dialog.getByText(`${place} of ${total}`, { exact: true })).toBeVisible();
    };

    await at(0, 55);
    await expect(previous).toBeDisabled();
    await expect(previous).toHaveAttribute('aria-keyshortcuts', 'K');
    await expect(next).toHaveAttribute('aria-keyshortcuts', 'J');
    // At the start, K does nothing.
    await page.keyboard.press('k');
    await at(0, 55);

    // J through page 1 and over the boundary: page 2 is loaded and the table moves along.
    for (let i = 1; i <= 50; i += 1) {
      await page.keyboard.press('j');
      await at(i, 55);
    }
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('app_page')).toBe('2');

    // K back over the boundary, then the Previous/Next buttons do the same.
    await page.keyboard.press('k');
    await at(49, 55);
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await next.click();
    await at(50, 55);
    await previous.click();
    await at(49, 55);

    // A on the last row of page 1: saved, and the dialog moves on to the one that came next (page
    // 2's first), which now stands in its place since the accepted one left the "pending" list.
    await page.keyboard.press('a');
    await expect(
      toasts(page).getByText(`Application status updated to accepted for ${apps[49]!.name}`),
    ).toBeVisible();
    await at(50, 54, 50);
    expect(await applicationStatus(admin, apps[49]!.id)).toBe('accepted');

    await page.keyboard.press('w');
    await expect(
      toasts(page).getByText(`Application status updated to waitlisted for ${apps[50]!.name}`),
    ).toBeVisible();
    await at(51, 53, 50);
    expect(await applicationStatus(admin, apps[50]!.id)).toBe('waitlisted');

    await page.keyboard.press('r');
    await expect(
      toasts(page).getByText(`Application status updated to rejected for ${apps[51]!.name}`),
    ).toBeVisible();
    await at(52, 52, 50);
    expect(await applicationStatus(admin, apps[51]!.id)).toBe('rejected');

    // To the end of the list: Next is disabled there and J does nothing.
    await page.keyboard.press('j');
    await at(53, 52, 51);
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    await page.keyboard.press('j');
    await at(54, 52, 52);
    await expect(next).toBeDisabled();
    await page.keyboard.press('j');
    await at(54, 52, 52);
    await page.keyboard.press('k');
    await at(53, 52, 51);
    // Nothing else was decided on the way.
    expect(await applicationStatus(admin, apps[52]!.id)).toBe('pending');
    expect(await applicationStatus(admin, apps[53]!.id)).toBe('pending');

    // Closing returns to the row of the application last shown, on the page the table moved to.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(
      page
        .getByRole('table', { name: 'Applications' })
        .getByRole('row')
        .filter({ hasText: apps[53]!.name })
        .getByRole('button', { name: /^View/ }),
    ).toBeFocused();
  });

  test('one decision per keypress, buttons move on too, modifiers are left to the browser, and a phone reaches Previous/Next', async ({
    page,
  }, testInfo) => {
    test.slow();
    const tag = uniqueTag('Key');
    await createHackerApplicants(admin, 3, (i) => ({ firstName: `Key${i}`, lastName: tag }), {
      tag: 'key',
    });
    const apps = await listed({ search: tag });
    expect(apps).toHaveLength(3);

    await signInNewAdmin(page, admin);
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await page
      .getByRole('table', { name: 'Applications' })
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^View/ })
      .click();
    const dialog = page.getByRole('dialog');
    const heading = dialog.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(apps[0]!.name);
    await expect(dialog.getByText('1 of 3', { exact: true })).toBeVisible();

    // The buttons keep their names; the shortcut is announced, and shown as a hint.
    const accept = dialog.getByRole('button', { name: 'Accept', exact: true });
    await expect(accept).toHaveAttribute('aria-keyshortcuts', 'A');
    await expect(dialog.getByRole('button', { name: 'Waitlist', exact: true })).toHaveAttribute(
      'aria-keyshortcuts',
      'W',
    );
    await expect(dialog.getByRole('button', { name: 'Reject', exact: true })).toHaveAttribute(
      'aria-keyshortcuts',
      'R',
    );
    await expect(accept.locator('kbd')).toHaveText('A');
    await expectNoSeriousA11yViolations(page, 'application detail dialog with review shortcuts');

    // Browser shortcuts (Ctrl/Cmd/Alt) are not decisions.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+w');
    await page.keyboard.press('Meta+r');
    await page.keyboard.press('Control+j');

    // A held key decides once: the repeats are ignored.
    await page.keyboard.down('r');
    await page.keyboard.down('r');
    await page.keyboard.down('r');
    await page.keyboard.up('r');
    await expect(
      toasts(page).getByText(`Application status updated to rejected for ${apps[0]!.name}`),
    ).toBeVisible();
    await expect(heading).toHaveText(apps[1]!.name);
    await expect(dialog.getByText('2 of 3', { exact: true })).toBeVisible();

    // Clicking a status button moves on as well.
    await dialog.getByRole('button', { name: 'Waitlist', exact: true }).click();
    await expect(heading).toHaveText(apps[2]!.name);
    await expect(dialog.getByText('3 of 3', { exact: true })).toBeVisible();
    expect(await applicationStatus(admin, apps[0]!.id)).toBe('rejected');
    expect(await applicationStatus(admin, apps[1]!.id)).toBe('waitlisted');
    expect(await applicationStatus(admin, apps[2]!.id)).toBe('pending');

    // The last one: decided, and the dialog stays on it (there is no next).
    await page.keyboard.press('a');
    await expect(
      toasts(page).getByText(`Application status updated to accepted for ${apps[2]!.name}`),
    ).toBeVisible();
    const overview = dialog.getByRole('region', { name: 'Applicant' });
    await expect(overview.getByText('Accepted')).toBeVisible();
    await expect(heading).toHaveText(apps[2]!.name);
    await expect(dialog.getByRole('button', { name: 'Next application' })).toBeDisabled();
    expect(await applicationStatus(admin, apps[2]!.id)).toBe('accepted');
    await page.keyboard.press('k');
    await expect(heading).toHaveText(apps[1]!.name);
    await expect(overview.getByText('Waitlisted')).toBeVisible();

    // A phone: Previous and Next stay in reach wherever the dialog is scrolled. (Ctrl+A above
    // selected the page's text, as it should: cleared for the pictures.)
    await page.evaluate('window.getSelection()?.removeAllRanges()');
    await expect(toasts(page).locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    await expect(dialog.getByRole('button', { name: 'Previous application' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Next application' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('detail-dialog-390.png') });
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath('detail-dialog-390-top.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath('detail-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Previous application' }).click();
    await expect(heading).toHaveText(apps[0]!.name);
    await expect(dialog.getByRole('button', { name: 'Previous application' })).toBeDisabled();

    // Enter on Next, again and again: the button keeps the focus while the dialog moves on.
    const next = dialog.getByRole('button', { name: 'Next application' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(heading).toHaveText(apps[1]!.name);
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading).toHaveText(apps[2]!.name);
  });
});
