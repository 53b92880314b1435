import fs from 'node:fs';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { TEST_CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/ensure-chromium.mjs';
import QRCode from 'qrcode';
import { BASE_URL, PAGE_ARRIVAL, PASSWORD, uniqueEmail } from './app';
import type { SeededAdmin } from './admin-session';

/** The CSV upload password the e2e server runs with (CHECKIN_UPLOAD_PASSWORD in playwright.config.ts). */
export const CHECKIN_UPLOAD_PASSWORD = 'door-secret-e2e';

export interface CheckinRecordRow {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  checked_in: boolean;
  checked_in_by_email: string | null;
}

/** Creates a check-in record through the API (POST /api/checkin/records). */
export async function createCheckinRecord(
  admin: SeededAdmin,
  fields: Record<string, string | number | boolean | null>,
): Promise<CheckinRecordRow> {
  const res = await admin.request.post('/api/checkin/records', {
    data: { phone: '+1 555 010 0100', school_name: 'Riverside University', role: 'hacker', ...fields },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CheckinRecordRow;
}

/** Checks a record in (or undoes it) through the API, as another desk would. */
export async function setCheckedInViaApi(admin: SeededAdmin, id: string, checkedIn: boolean) {
  const res = await admin.request.put(`/api/checkin/records/${id}/checkin`, {
    data: { checked_in: checkedIn },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens /checkin and waits for the page and its first list. */
export async function openCheckin(page: Page, query = '') {
  const listed = page.waitForResponse((r) => r.url().includes('/api/checkin/records?') && r.ok());
  await page.goto(`/checkin${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-In Portal' })).toBeVisible(PAGE_ARRIVAL);
  await listed;
}

/** Types into the search and waits for the list to answer for exactly that text. */
export async function searchCheckin(page: Page, text: string) {
  const box = page.getByLabel('Search', { exact: true });
  // A search typed again soon after may be answered from the query cache, with no request at all,
  // so the answer is waited for but not required; the caller's own expectations check the rows.
  const answered = page
    .waitForResponse(
      (r) =>
        r.url().includes('/api/checkin/records?') &&
        new URL(r.url()).searchParams.get('search') === text &&
        r.ok(),
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await box.fill(text);
  await expect(box).toHaveValue(text);
  await answered;
}

export function recordsTable(page: Page) {
  return page.getByRole('table', { name: 'Check-in records' });
}

/** The table row of a record (found by its e-mail, shown under the name). */
export function recordRow(page: Page, email: string) {
  return recordsTable(page).getByRole('row').filter({ hasText: email });
}

/** Opens the collapsed "Admin Utilities" section. */
export async function openAdminUtilities(page: Page) {
  const toggle = page.getByRole('button', { name: 'Admin Utilities' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** A picture in grey levels (0 black .. 255 white), row by row. */
export interface LumaImage {
  width: number;
  height: number;
  luma: Uint8Array;
}

/** A QR code drawn from its modules (qrcode.create), with the 4-module quiet zone, `scale` px a module. */
export function qrLuma(text: string, scale = 10): LumaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const luma = new Uint8Array(side * side).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = ((row + quiet) * scale + y) * side + (col + quiet) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  return { width: side, height: side, luma };
}

/** The pixels of an <img> on the page (e.g. the dashboard's QR code) as grey levels. */
export async function imageLuma(page: Page, selector: string): Promise<LumaImage> {
  await expect(page.locator(selector)).toBeVisible();
  // A string, run in the page: the e2e project has no DOM types.
  const { width, height, luma } = (await page.evaluate(`(() => {
    const img = document.querySelector(${JSON.stringify(selector)});
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const luma = new Array(canvas.width * canvas.height);
    for (let i = 0; i < luma.length; i += 1) {
      luma[i] = Math.round(0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]);
    }
    return { width: canvas.width, height: canvas.height, luma };
  })()`)) as { width: number; height: number; luma: number[] };
  return { width, height, luma: Uint8Array.from(luma) };
}

/**
 * A Y4M video (what Chromium's fake camera plays, looping) showing `image` centred on white:
 * `YUV4MPEG2` header, then per frame `FRAME\n`, the Y plane (the grey levels) and U and V planes of
 * 128 (no colour) at a quarter size each (4:2:0).
 */
export function y4mVideo(image: LumaImage, { width = 800, height = 800, frames = 2 } = {}): Buffer {
  const w = Math.max(width, image.width + (image.width % 2));
  const h = Math.max(height, image.height + (image.height % 2));
  const y = Buffer.alloc(w * h, 255);
  const left = Math.floor((w - image.width) / 2);
  const top = Math.floor((h - image.height) / 2);
  for (let row = 0; row < image.height; row += 1) {
    const from = row * image.width;
    y.set(image.luma.subarray(from, from + image.width), (top + row) * w + left);
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** A separate Chromium whose camera plays `videoFile` (granted without a prompt). */
export async function launchWithFakeCamera(videoFile: string): Promise<Browser> {
  expect(fs.existsSync(videoFile)).toBe(true);
  return chromium.launch({
    executablePath: TEST_CHROMIUM,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}

/** Signs `page` in as a new volunteer (a door-only account); returns its e-mail. */
export async function signInNewVolunteer(page: Page, admin: SeededAdmin): Promise<string> {
  const email = uniqueEmail('volunteer');
  await admin.createUser(email, 'volunteer');
  const res = await page.request.post('/api/auth/admin/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** The people listed on a phone: one dense row each. */
export function doorRows(page: Page) {
  return page.getByRole('list', { name: 'Check-in records' }).getByRole('listitem');
}
