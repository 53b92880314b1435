import { expect, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { BASE_URL, PAGE_ARRIVAL } from './app';
import type { SeededAdmin } from './admin-session';
import { createMentorApplicant } from './rsvp';

export interface Attendee {
  email: string;
  name: string;
  token: string;
  recordId: string;
}

/**
 * A confirmed attendee with their door code: an accepted mentor who RSVPs yes (mentor decisions
 * must be released while this runs, for the code), and their check-in record's id.
 */
export async function confirmedAttendee(admin: SeededAdmin, name: string, tag: string): Promise<Attendee> {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const applicant = await createMentorApplicant(admin, request, 'accepted', tag);
    const rsvp = await request.post('/api/applications/rsvp', {
      data: {
        response: 'accepted',
        preferredName: name,
        schoolName: 'Riverside University',
        pronoun: 'They/Them',
        liabilityWaiverAccepted: true,
        photoClearanceAccepted: true,
      },
      headers: { Origin: BASE_URL },
    });
    expect(rsvp.status(), await rsvp.text()).toBe(200);
    const qr = await request.get('/api/applications/me/qr');
    expect(qr.status(), await qr.text()).toBe(200);
    const { token } = (await qr.json()) as { token: string };
    const list = await admin.request.get(
      `/api/checkin/records?search=${encodeURIComponent(applicant.email)}`,
      {
        headers: admin.headers,
      },
    );
    expect(list.status()).toBe(200);
    const { records } = (await list.json()) as { records: { _id: string; email: string }[] };
    const record = records.find((r) => r.email === applicant.email);
    expect(record, `check-in record of ${applicant.email}`).toBeTruthy();
    return { email: applicant.email, name, token, recordId: record!._id };
  } finally {
    await request.dispose();
  }
}

export interface StationRow {
  id: string;
  name: string;
  kind: string;
  express: boolean;
  archived: boolean;
}

export async function stationsViaApi(admin: SeededAdmin): Promise<StationRow[]> {
  const res = await admin.request.get('/api/checkin/stations', { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { stations: StationRow[] }).stations;
}

export async function setExpress(admin: SeededAdmin, express: boolean): Promise<void> {
  const desk = (await stationsViaApi(admin)).find((s) => s.kind === 'checkin')!;
  const res = await admin.request.put(`/api/checkin/stations/${desk.id}`, {
    data: { express },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface RecordScan {
  station_name: string;
  outcome: string;
  source: string;
  undone: boolean;
}

export async function recordScans(admin: SeededAdmin, recordId: string): Promise<RecordScan[]> {
  const res = await admin.request.get(`/api/checkin/records/${recordId}/scans`, { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { scans: RecordScan[] }).scans;
}

/**
 * A camera the test points at codes: getUserMedia answers with a canvas's stream, white until
 * `showCode` draws a QR code on it (drawn from its modules, so no image has to load). Chromium's own
 * fake camera plays one file for the browser's lifetime; a station needs several people in a row.
 */
export async function installTestCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d');
    let code = null;
    const draw = () => {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (!code) return;
      const cell = Math.floor(360 / (code.size + 8));
      const left = Math.floor((canvas.width - cell * (code.size + 8)) / 2) + cell * 4;
      const top = Math.floor((canvas.height - cell * (code.size + 8)) / 2) + cell * 4;
      ctx.fillStyle = '#000';
      for (let r = 0; r < code.size; r += 1)
        for (let c = 0; c < code.size; c += 1)
          if (code.bits[r * code.size + c] === '1') ctx.fillRect(left + c * cell, top + r * cell, cell, cell);
    };
    setInterval(draw, 50);
    window.__showCode = (next) => { code = next; draw(); };
    if (navigator.mediaDevices) navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(15);
  })()`);
}

/** Points the test camera at `token`'s QR code (null: at nothing). */
export async function showCode(page: Page, token: string | null): Promise<void> {
  let code: { size: number; bits: string } | null = null;
  if (token) {
    const { modules } = QRCode.create(token, { errorCorrectionLevel: 'M' });
    let bits = '';
    for (let r = 0; r < modules.size; r += 1)
      for (let c = 0; c < modules.size; c += 1) bits += modules.get(r, c) ? '1' : '0';
    code = { size: modules.size, bits };
  }
  await page.evaluate(`window.__showCode(${JSON.stringify(code)})`);
}

/** The full-screen verdict. */
export function scanResult(page: Page) {
  return page.getByRole('region', { name: 'Scan result' });
}

/**
 * Shows a code until a new verdict is on screen, then takes it away: shown again after the
 * scanner's 3 s "same code" pause, it counts as a new scan.
 */
export async function scanOnce(page: Page, token: string, tone: 'ok' | 'already' | 'denied' | 'confirm') {
  const result = scanResult(page);
  const before = (await result.count()) > 0 ? await result.getAttribute('data-scan') : null;
  await showCode(page, token);
  if (before) await expect(result).not.toHaveAttribute('data-scan', before);
  await expect(result).toHaveAttribute('data-tone', tone);
  await showCode(page, null);
}

/** Opens the scanner and picks a station (the choice is remembered on the device). */
export async function openStation(page: Page, name: string) {
  await page.goto('/checkin/scan');
  const list = page.getByRole('list', { name: 'Stations' });
  const change = page.getByRole('button', { name: 'Change station' });
  await expect(list.or(change)).toBeVisible(PAGE_ARRIVAL);
  if (await change.isVisible()) await change.click();
  await list.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Hold the code inside the frame')).toBeVisible();
}
