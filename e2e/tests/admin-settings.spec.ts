import { test, expect, type Page } from '../support/fixtures';
import { BASE_URL, toasts, SERVER_ERROR } from '../support/app';
import { OPEN_WINDOW, seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { signUpHacker } from '../support/hacker-apply';

// These tests change the global application window: one at a time, and always restored.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A local YYYY-MM-DD `days` from today (the browser and this process share the time zone). */
function localDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function openSettings(page: Page) {
  await signInNewAdmin(page, admin);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/[?&]tab=settings/);
  await expect(page.getByRole('heading', { level: 2, name: 'Application Control' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Force Applications Open' })).toBeVisible();
}

async function setSwitch(page: Page, name: string, on: boolean) {
  const control = page.getByRole('switch', { name });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

test.describe('admin settings tab', () => {
  test('a past deadline with late applications off closes the hacker form', async ({ page, browser }) => {
    await openSettings(page);
    const past = localDate(-3);
    try {
      await page.getByLabel('Application Deadline date').fill(past);
      await page.getByLabel('Application Deadline time').fill('10:00');
      await setSwitch(page, 'Force Applications Open', false);
      await setSwitch(page, 'Allow Late Applications (with code)', false);
      await setSwitch(page, 'Require Access Code for ALL Applicants', false);
      await expect(page.getByText('You have unsaved changes.')).toBeVisible();
      await expect(page.getByText(/^After saving:/)).toContainText('Closed');

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page).getByText('Settings Saved')).toBeVisible();
      const status = page.getByTestId('settings-status');
      await expect(status).toContainText('Closed');
      await expect(status).toContainText('late applications are not being accepted');
      // The window settings, the Capacity section and the Review section each say so.
      await expect(page.getByText('All changes saved.')).toHaveCount(3);

      // Stored as the instant the admin meant, in their own time zone.
      const saved = await admin.getSettings();
      expect(new Date(saved.application_deadline as string).getTime()).toBe(
        new Date(`${past}T10:00:00`).getTime(),
      );

      const hackerContext = await browser.newContext({ baseURL: BASE_URL });
      const hacker = await hackerContext.newPage();
      await signUpHacker(hacker, 'closed-window');
      await hacker.goto('/hacker-apply');
      await expect(hacker.getByRole('heading', { level: 1, name: 'Applications Closed' })).toBeVisible();
      await hackerContext.close();
    } finally {
      await admin.putSettings(OPEN_WINDOW);
    }

    // The deadline can be cleared again from the form.
    await page.reload();
    await expect(page.getByLabel('Application Deadline date')).toHaveValue('');
    await expect(page.getByTestId('settings-status')).toContainText('Open');
  });

  test('access codes are upper-cased as typed and added once', async ({ page }) => {
    const tag = Date.now().toString(36);
    const code = `E2E-${tag.toUpperCase()}`;
    const other = `VIP_${tag.toUpperCase()}`;
    await openSettings(page);
    try {
      const input = page.getByLabel('New access code');
      const list = page.getByRole('list', { name: 'Access codes' });

      await input.pressSequentially(`e2e-${tag}`);
      await expect(input).toHaveValue(code);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(list.getByRole('listitem').filter({ hasText: code })).toHaveCount(1);
      await expect(input).toHaveValue('');

      // The same code in mixed case is a duplicate.
      await input.pressSequentially(`E2e-${tag}`);
      await input.press('Enter');
      await expect(page.getByText(`${code} is already in the list.`)).toBeVisible();
      await expect(list.getByRole('listitem').filter({ hasText: code })).toHaveCount(1);

      // Empty input is ignored.
      const before = await list.getByRole('listitem').count();
      await input.fill('   ');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(list.getByRole('listitem')).toHaveCount(before);

      await input.fill(`vip_${tag}`);
      await input.press('Enter');
      await expect(list.getByRole('listitem').filter({ hasText: other })).toHaveCount(1);

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page).getByText('Settings Saved')).toBeVisible();

      await page.reload();
      await expect(
        page.getByRole('list', { name: 'Access codes' }).getByText(code, { exact: true }),
      ).toHaveCount(1);
      const saved = await admin.getSettings();
      expect(saved.special_access_codes.filter((c) => c === code)).toHaveLength(1);
      expect(saved.special_access_codes).toContain(other);

      // Removing is a pending edit too.
      await page.getByRole('button', { name: `Remove ${other}` }).click();
      await expect(page.getByText(other, { exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page).getByText('Settings Saved')).toBeVisible();
      expect((await admin.getSettings()).special_access_codes).not.toContain(other);
    } finally {
      const { special_access_codes } = await admin.getSettings();
      await admin.putSettings({
        special_access_codes: special_access_codes.filter((c) => c !== code && c !== other),
      });
    }
  });

  test('Reset Changes discards unsaved edits', async ({ page }) => {
    await openSettings(page);
    const rsvpDate = page.getByLabel('RSVP Deadline date');
    const originalRsvp = await rsvpDate.inputValue();
    const forceOpen = page.getByRole('switch', { name: 'Force Applications Open' });
    await expect(forceOpen).toHaveAttribute('aria-checked', 'false');

    await forceOpen.click();
    await page.getByLabel('New access code').fill('discard-me');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('DISCARD-ME', { exact: true })).toBeVisible();
    await rsvpDate.fill(localDate(30));
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();

    // The window settings' own Reset (the Review section has one of its own).
    const form = page.getByRole('form', { name: 'Application settings' });
    await form.getByRole('button', { name: 'Reset Changes' }).click();
    await expect(form.getByText('All changes saved.')).toBeVisible();
    await expect(forceOpen).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('DISCARD-ME', { exact: true })).toHaveCount(0);
    await expect(rsvpDate).toHaveValue(originalRsvp);
    await expect(form.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    const saved = await admin.getSettings();
    expect(saved.force_application_open).toBe(false);
    expect(saved.special_access_codes).not.toContain('DISCARD-ME');
  });

  test('a failed save keeps the edits; a failed load says so', async ({ page, consoleGuard }) => {
    test.slow(); // Loading retries a server error three times before giving up.
    consoleGuard.allow(/status of 500/);
    await openSettings(page);

    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await page.getByRole('switch', { name: 'RSVPs Open' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Failed to save settings.')).toBeVisible();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.unroute('**/api/settings');

    await page.route('**/api/settings', (route) => route.fulfill(SERVER_ERROR));
    await page.reload();
    await expect(toasts(page).getByText('Failed to load application settings.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to load application settings.' }),
    ).toBeVisible();
  });
});
