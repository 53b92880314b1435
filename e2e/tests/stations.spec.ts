import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { openCheckin, setCheckedInViaApi, signInNewVolunteer } from '../support/checkin';
import { withMentorDecisionsReleased } from '../support/rsvp';
import {
  confirmedAttendee,
  installTestCamera,
  openStation,
  recordScans,
  scanOnce,
  scanResult,
  setExpress,
  showCode,
  stationsViaApi,
  type Attendee,
} from '../support/stations';
import { uniqueEmail } from '../support/app';

// Door codes need mentor decisions released for a moment, and the Check-in station's express switch
// is global: a global-state spec (playwright.config.ts), one test at a time.
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;
const people: Attendee[] = [];

test.beforeAll(async () => {
  admin = await seededAdmin();
  await withMentorDecisionsReleased(admin, async () => {
    for (const [i, name] of ['Grace', 'Katherine', 'Dorothy', 'Mary', 'Hedy', 'Radia'].entries()) {
      people.push(await confirmedAttendee(admin, name, `station-${i}`));
    }
  });
  // The first four are in the building; the last two only confirmed.
  for (const person of people.slice(0, 4)) await setCheckedInViaApi(admin, person.recordId, true);
});

test.afterAll(async () => {
  await admin?.dispose();
});

/** A volunteer's phone, with the service worker the config blocks elsewhere: offline is under test. */
function phoneContext(browser: Browser) {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Waits until the service worker controls the page and holds every built asset the page loaded. */
async function cachedForOffline(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(`(async () => {
          if (!navigator.serviceWorker.controller) return 'no controller';
          const urls = performance.getEntriesByType('resource')
            .map((e) => new URL(e.name).pathname)
            .filter((p) => p.startsWith('/assets/'));
          for (const url of urls) if (!(await caches.match(url))) return 'missing ' + url;
          return urls.length > 0 ? 'ok' : 'nothing loaded';
        })()`),
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toBe('ok');
}

test('an admin makes "Saturday lunch"; a volunteer scans green, amber and red there', async ({
  page,
  browser,
}) => {
  const name = `Saturday lunch ${uniqueEmail('x').slice(0, 6)}`;
  await signInNewAdmin(page, admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCheckin(page);
  const stations = page.getByRole('region', { name: 'Stations' });
  await stations.getByRole('button', { name: 'New station' }).click();
  const dialog = page.getByRole('dialog', { name: 'New station' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Kind').selectOption({ label: 'Meal' });
  await dialog.getByLabel('How often').selectOption({ label: 'Once per person' });
  await dialog.getByRole('button', { name: 'Create station' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(stations.getByRole('listitem', { name })).toContainText('Once per person');
  await stations.scrollIntoViewIfNeeded();
  await shot(page, 'stations-admin-1280');
  await expectNoSeriousA11yViolations(page, 'the check-in portal with Stations');
  await page.setViewportSize({ width: 390, height: 844 });
  await stations.scrollIntoViewIfNeeded();
  await shot(page, 'stations-admin-390');

  const context = await phoneContext(browser);
  try {
    await installTestCamera(context);
    const phone = await context.newPage();
    await signInNewVolunteer(phone, admin);
    await phone.goto('/checkin/scan');
    await expect(phone.getByRole('heading', { name: 'Choose your station' })).toBeVisible();
    await expectNoSeriousA11yViolations(phone, 'the station picker');
    await openStation(phone, name);
    const [grace, , , , hedy] = people as [Attendee, Attendee, Attendee, Attendee, Attendee];

    await showCode(phone, grace.token);
    await expect(scanResult(phone)).toHaveAttribute('data-tone', 'ok');
    await expect(scanResult(phone)).toContainText('Grace');
    await expect(scanResult(phone)).toContainText('Dietary: none');
    await expect(scanResult(phone).getByRole('button', { name: /Undo/ })).toBeVisible();
    await shot(phone, 'scanner-ok-390');
    await expectNoSeriousA11yViolations(phone, 'the green result');
    await showCode(phone, null);

    // The same code again, after it left the camera for longer than the 3 s pause.
    await phone.waitForTimeout(3300);
    await showCode(phone, grace.token);
    await expect(scanResult(phone)).toHaveAttribute('data-tone', 'already');
    await expect(scanResult(phone)).toContainText('Already scanned');
    await expect(scanResult(phone)).toContainText(`at ${name}`);
    await shot(phone, 'scanner-already-390');
    await expectNoSeriousA11yViolations(phone, 'the amber result');
    await showCode(phone, null);

    await scanOnce(phone, hedy.token, 'denied');
    await expect(scanResult(phone)).toContainText('Not checked in yet');
    await shot(phone, 'scanner-denied-390');
    // Next folds the colour into a bar over the counts, and the camera is in view again.
    await scanResult(phone).getByRole('button', { name: 'Next' }).click();
    await expect(scanResult(phone).getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(phone.getByText('Hold the code inside the frame')).toBeVisible();
    await shot(phone, 'scanner-folded-390');
    // The camera view is a <video> axe cannot see into; the rest is measured, with the red bar.
    await expectNoSeriousA11yViolations(phone, 'the scanner with a red result folded');

    await phone.setViewportSize({ width: 1280, height: 800 });
    await scanOnce(phone, people[1]!.token, 'ok');
    await shot(phone, 'scanner-ok-1280');

    // The counts follow (today: Grace and Katherine).
    await expect(phone.getByRole('definition').first()).toHaveText('2');
    expect((await recordScans(admin, grace.recordId)).filter((s) => s.station_name === name)).toHaveLength(2);
  } finally {
    await context.close();
  }

  // The admin reads Grace's scans in her record.
  const grace = people[0]!;
  await openCheckin(page, `?q=${encodeURIComponent(grace.email)}`);
  await page.getByRole('button', { name: /^View Ada Lovelace/ }).click();
  const record = page.getByRole('dialog', { name: 'Ada Lovelace' });
  const scans = record.getByRole('region', { name: 'Scans' }).getByRole('listitem').filter({ hasText: name });
  await expect(scans).toHaveCount(2);
  await expect(scans.filter({ hasText: 'Already scanned' })).toHaveCount(1);
  await expect(scans.filter({ has: page.getByText('OK', { exact: true }) })).toHaveCount(1);
});

test('offline: three scans wait on the device through a reload, and reach the server once each', async ({
  browser,
}) => {
  test.slow();
  const name = `Swag ${uniqueEmail('x').slice(0, 6)}`;
  const created = await admin.request.post('/api/checkin/stations', {
    data: { name, kind: 'swag', rule: 'once' },
    headers: admin.headers,
  });
  expect(created.status(), await created.text()).toBe(201);

  const context = await phoneContext(browser);
  try {
    await installTestCamera(context);
    const phone = await context.newPage();
    await signInNewVolunteer(phone, admin);
    await openStation(phone, name);
    await expect(phone.getByTestId('offline-list')).toBeVisible();
    await cachedForOffline(phone);

    await context.setOffline(true);
    await expect(phone.getByText('Offline', { exact: true })).toBeVisible();
    const three = people.slice(0, 3);
    for (const person of three) {
      await scanOnce(phone, person.token, 'ok');
      await expect(scanResult(phone)).toContainText(person.name);
    }
    await expect(scanResult(phone)).toContainText('Judged offline');
    await expect(phone.getByTestId('scans-waiting')).toHaveText('Offline: 3 scans waiting');
    await shot(phone, 'scanner-offline-390');

    // Still offline: the page comes from the service worker, the queue from IndexedDB.
    await phone.reload();
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(phone.getByTestId('scans-waiting')).toHaveText('Offline: 3 scans waiting');
    // A repeat is amber offline too.
    await scanOnce(phone, people[0]!.token, 'already');
    await expect(phone.getByTestId('scans-waiting')).toHaveText('Offline: 4 scans waiting');

    await context.setOffline(false);
    await expect(phone.getByTestId('scans-waiting')).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await context.close();
  }
  for (const person of people.slice(0, 3)) {
    const scans = (await recordScans(admin, person.recordId)).filter((s) => s.station_name === name);
    const ok = scans.filter((s) => s.outcome === 'ok');
    expect(ok, person.name).toHaveLength(1);
    expect(ok[0]!.source).toBe('replayed');
  }
});

test('at the door: express check-in checks in on the scan; without it a tap confirms', async ({
  browser,
}) => {
  const desk = (await stationsViaApi(admin)).find((s) => s.kind === 'checkin')!;
  const context = await phoneContext(browser);
  try {
    await setExpress(admin, true);
    await installTestCamera(context);
    const phone = await context.newPage();
    await signInNewVolunteer(phone, admin);
    await openStation(phone, desk.name);
    const [, , , , hedy, radia] = people as [Attendee, Attendee, Attendee, Attendee, Attendee, Attendee];

    await scanOnce(phone, hedy.token, 'ok');
    await expect(scanResult(phone)).toContainText('Checked in');
    const hedyRecord = await admin.request.get(
      `/api/checkin/records?search=${encodeURIComponent(hedy.email)}`,
      {
        headers: admin.headers,
      },
    );
    expect(((await hedyRecord.json()) as { records: { checked_in: boolean }[] }).records[0]!.checked_in).toBe(
      true,
    );

    await setExpress(admin, false);
    await phone.reload();
    await expect(phone.getByText('Hold the code inside the frame')).toBeVisible();
    await showCode(phone, radia.token);
    const confirm = scanResult(phone);
    await expect(confirm).toHaveAttribute('data-tone', 'confirm');
    await expect(confirm).toContainText('Radia');
    await shot(phone, 'scanner-confirm-390');
    await expect(confirm.getByRole('button', { name: 'Check in' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Check in' }).click();
    await expect(scanResult(phone)).toHaveAttribute('data-tone', 'ok');
    await expect(scanResult(phone)).toContainText('Checked in');
  } finally {
    await setExpress(admin, desk.express);
    await context.close();
  }
});
