import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { fillAdminSignIn, PASSWORD, toasts, uniqueEmail } from '../support/app';
import { uniqueTag } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { createCheckinRecord, openCheckin, recordRow, searchCheckin } from '../support/checkin';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

test.describe('check-in live updates', () => {
  test("two desks see each other's check-ins without reloading", async ({ browser }) => {
    // Two browsers, two admin sign-ins and three live round trips: about 10 s on a quiet machine,
    // past the default 30 s on a loaded one.
    test.slow();
    const tag = uniqueTag('live');
    const record = await createCheckinRecord(admin, {
      firstName: 'Margaret',
      lastName: `Hamilton${tag}`,
      email: `${tag}@e2e.test`,
    });
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    try {
      const deskA = await contextA.newPage();
      const deskB = await contextB.newPage();
      const emailA = await signInNewAdmin(deskA, admin);
      const emailB = await signInNewAdmin(deskB, admin);
      for (const desk of [deskA, deskB]) {
        await openCheckin(desk);
        await expect(desk.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
        await searchCheckin(desk, tag);
        await expect(recordRow(desk, record.email).getByRole('button', { name: 'Check In' })).toBeVisible();
        // Marks this document: a reload would lose it.
        await desk.evaluate('window.deskMark = 1');
      }

      await recordRow(deskA, record.email).getByRole('button', { name: 'Check In' }).click();
      const rowB = recordRow(deskB, record.email);
      await expect(rowB.getByRole('button', { name: /^Undo/ })).toBeVisible({ timeout: 5000 });
      await expect(rowB.getByRole('cell').nth(7)).toHaveText(emailA);
      // Desk A's search is handed back empty for the next name once its own answer arrives, which
      // may be after desk B heard of it: wait for that, then look the person up again.
      await expect(deskA.getByLabel('Search', { exact: true })).toHaveValue('');
      await searchCheckin(deskA, tag);
      await expect(recordRow(deskA, record.email).getByRole('button', { name: /^Undo/ })).toBeVisible();

      await rowB.getByRole('button', { name: /^Undo/ }).click();
      await expect(recordRow(deskA, record.email).getByRole('button', { name: 'Check In' })).toBeVisible({
        timeout: 5000,
      });
      await recordRow(deskB, record.email).getByRole('button', { name: 'Check In' }).click();
      await expect(recordRow(deskA, record.email).getByRole('cell').nth(7)).toHaveText(emailB, {
        timeout: 5000,
      });

      for (const desk of [deskA, deskB]) {
        expect(await desk.evaluate('window.deskMark')).toBe(1);
      }
    } finally {
      await contextA.close();
      await contextB.close();
    }
  });

  /** A volunteer signed in at the door, the stream live; returns the account's id. */
  async function volunteerAtTheDoor(page: Page): Promise<string> {
    const email = uniqueEmail('volunteer');
    const { _id } = await admin.createUser(email, 'volunteer');
    await page.goto('/admin/login');
    await fillAdminSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/checkin$/);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    return _id;
  }

  /** Counts the desk's attempts to open the stream from now on. */
  function streamAttempts(page: Page): () => number {
    let count = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/checkin/events')) count++;
    });
    return () => count;
  }

  test('a volunteer whose role is taken away is told they are signed out, and the desk stops reconnecting', async ({
    page,
  }) => {
    const id = await volunteerAtTheDoor(page);
    const attempts = streamAttempts(page);
    const res = await admin.request.put(`/api/admin/users/${id}`, {
      data: { role: 'hacker' },
      headers: admin.headers,
    });
    expect(res.status(), await res.text()).toBe(200);

    await expect(toasts(page)).toContainText('Your session has ended. Please sign in again.', {
      timeout: 10_000,
    });
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The one reconnect the browser makes by itself was refused; no retry follows it.
    const seen = attempts();
    expect(seen).toBeLessThanOrEqual(1);
    await page.waitForTimeout(7000);
    expect(attempts()).toBe(seen);
  });

  test('a desk whose session an admin revokes (new password) is signed out the same way', async ({
    page,
  }) => {
    const id = await volunteerAtTheDoor(page);
    const res = await admin.request.put(`/api/admin/users/${id}/password`, {
      data: { password: `${PASSWORD}-changed` },
      headers: admin.headers,
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect(toasts(page)).toContainText('Your session has ended. Please sign in again.', {
      timeout: 10_000,
    });
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
