import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { setDecisionsReleased } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { createMentorApplicant, openDashboard, rsvpCard, withMentorDecisionsReleased } from '../support/rsvp';
import { imageLuma, launchWithFakeCamera, openCheckin, qrLuma, y4mVideo } from '../support/checkin';

// Mentor decisions are released for a moment (hacker specs expect hacker decisions hidden): these
// tests take turns, and always unrelease afterwards.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'mentor', false);
  } finally {
    await admin?.dispose();
  }
});

/** The applicant answers "I will attend" on their dashboard's RSVP card, as a person does. */
async function confirmAttendance(page: Page) {
  const card = rsvpCard(page);
  await card.getByRole('radio', { name: 'I will attend' }).check();
  await card.getByLabel('Preferred name').fill('Ada');
  await card.getByRole('radio', { name: 'She/Her' }).check();
  await card.getByRole('checkbox', { name: /accept the liability waiver/ }).check();
  await card.getByRole('radio', { name: 'I accept the photo release' }).check();
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/applications/rsvp') && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: 'Submit RSVP' }).click();
  expect((await posted).status()).toBe(200);
  await expect(card.getByTestId('rsvp-status')).toHaveText('Accepted');
}

test.describe('check-in by QR code', () => {
  test('someone who just RSVPed scans at the desk with no import; a second scan says loudly who checked them in and when', async ({
    page,
  }) => {
    test.slow(); // A second browser with a fake camera.
    const mentor = await createMentorApplicant(admin, page.request, 'accepted', 'qr');

    // Before decisions are out there is no code.
    const early = await page.request.get('/api/applications/me/qr');
    expect(early.status()).toBe(404);

    let video = '';
    let token = '';
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'accepted');
      await confirmAttendance(page);
      const qr = await page.request.get('/api/applications/me/qr');
      expect(qr.status(), await qr.text()).toBe(200);
      token = ((await qr.json()) as { token: string }).token;

      // Attending now: the code shows, with no celebration over it.
      await openDashboard(page, 'accepted', { reload: true, celebrates: false });
      const card = page.getByRole('region', { name: 'Your Check-In Code' });
      const image = card.getByRole('img', { name: /Show this code at check-in/ });
      await expect(image).toBeVisible();
      await expect(card.getByText('Show this code at check-in', { exact: true })).toBeVisible();
      const box = await image.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(240);
      // The camera is shown exactly what the applicant's screen shows.
      const pixels = await imageLuma(page, '[data-testid="checkin-qr"]');
      video = test.info().outputPath('dashboard-qr.y4m');
      fs.writeFileSync(video, y4mVideo(pixels));
    });
    expect(token).not.toBe('');

    const browser = await launchWithFakeCamera(video);
    try {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const desk = await context.newPage();
      const deskEmail = await signInNewAdmin(desk, admin);
      await openCheckin(desk);

      // Nobody imports anything: their record has been waiting since they confirmed.
      const scanned = desk.waitForResponse((r) => r.url().endsWith('/api/checkin/scan'));
      await desk.getByRole('button', { name: 'Scan', exact: true }).click();
      await expect(desk.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
      const answer = await scanned;
      expect(answer.status()).toBe(200);
      expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({ token });

      const record = desk.getByRole('dialog', { name: 'Ada Lovelace' });
      await expect(record).toBeVisible();
      await expect(record.getByText('Scanned QR code: check-in record')).toBeVisible();
      await expect(record.getByText(mentor.email)).toBeVisible();
      await expect(desk.getByRole('dialog', { name: 'Scan QR Code' })).toHaveCount(0);

      await record.getByRole('button', { name: 'Check In' }).click();
      await expect(record.getByRole('button', { name: /^Undo/ })).toBeVisible();
      await expect(record.getByText('Checked in', { exact: true })).toBeVisible();

      // Scan Next goes back to the camera; the same code again is stopped loudly, in the scanner.
      const rescanned = desk.waitForResponse((r) => r.url().endsWith('/api/checkin/scan'));
      await record.getByRole('button', { name: 'Scan Next' }).click();
      expect((await rescanned).status()).toBe(200);
      const scanner = desk.getByRole('dialog', { name: 'Scan QR Code' });
      const loud = scanner.getByRole('alert');
      await expect(loud).toContainText('Already checked in');
      await expect(loud).toContainText('Ada Lovelace');
      await expect(loud).toContainText(
        new RegExp(`by ${deskEmail.replace(/[.+]/g, '\\$&')} at \\w{3} \\d{1,2}, \\d{1,2}:\\d{2}\\s?[AP]M`),
      );
      await desk.screenshot({ path: test.info().outputPath('already-checked-in.png') });
      // It stays until the desk moves on: the record is one tap away.
      await loud.getByRole('button', { name: 'View record' }).click();
      await expect(
        desk.getByRole('dialog', { name: 'Ada Lovelace' }).getByRole('button', { name: /^Undo/ }),
      ).toBeVisible();
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test('a code that is not ours is refused', async () => {
    // Shaped like ours (prefix and length), but not sealed with this event's key.
    const video = test.info().outputPath('forged-qr.y4m');
    fs.writeFileSync(video, y4mVideo(qrLuma(`LY1.${crypto.randomBytes(44).toString('base64url')}`)));
    const browser = await launchWithFakeCamera(video);
    try {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      // Remembers every camera stream the page opens, to prove closing the scanner stops it.
      await context.addInitScript(`
        window.cameraStreams = [];
        const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await open(constraints);
          window.cameraStreams.push(stream);
          return stream;
        };
      `);
      const desk = await context.newPage();
      await signInNewAdmin(desk, admin);
      await openCheckin(desk);
      await desk.getByRole('button', { name: 'Scan', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: 'Scan QR Code' });
      await expect(dialog.getByRole('alert')).toHaveText('This QR code is not one of ours.');
      await expect
        .poll(() =>
          desk.evaluate('window.cameraStreams.flatMap((s) => s.getTracks()).map((t) => t.readyState)'),
        )
        .toEqual(['live']);
      // Closing stops the camera.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(() =>
          desk.evaluate('window.cameraStreams.flatMap((s) => s.getTracks()).map((t) => t.readyState)'),
        )
        .toEqual(['ended']);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
