import { test, expect } from '../support/fixtures';
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
});
