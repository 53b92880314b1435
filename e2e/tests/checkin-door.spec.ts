import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { uniqueTag } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createCheckinRecord,
  doorRows,
  openCheckin,
  recordsTable,
  searchCheckin,
  signInNewVolunteer,
} from '../support/checkin';

// Issue 14, item 4: the check-in desk laid out for the door. On a phone the search comes first and
// stays at the top, the rest folds away, each person is one dense row with Check In on it, and a
// check-in clears the search for the next name. On a laptop, a page of people shows at once.

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const PEOPLE = [
  ['Alan', 'Turing'],
  ['Barbara', 'Liskov'],
  ['Claude', 'Shannon'],
  ['Donald', 'Knuth'],
  ['Edsger', 'Dijkstra'],
  ['Frances', 'Allen'],
  ['Grace', 'Hopper'],
] as const;

/** `count` people whose e-mails hold `tag`, so a search for the tag lists them all (and no one else). */
async function crowd(tag: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const [firstName, lastName] = PEOPLE[i % PEOPLE.length]!;
    await createCheckinRecord(admin, {
      firstName,
      lastName,
      email: `${tag}-${i}@e2e.test`,
      school_name: 'Riverside University',
      birthYear: 2000 + (i % 8),
    });
  }
}

/**
 * A practised volunteer's time: taps and keys at a human pace (a model: a test types faster than any
 * hand). The waits for the desk are measured and reported, not asserted: on a shared, loaded test
 * machine they say more about the machine than the desk, so the search's latency is held to its
 * target by `npm run bench` instead, which leaves 2 s of the 5 for it. Seven letters ("Lovelac")
 * bring one person of a thousand to the top of the list.
 */
const TAP_MS = 600;
const KEY_MS = 250;
const KEYS_TO_FIND_A_NAME = 7;

/** What a person does at the desk, counted: each tap (typing into the field just tapped is part of it), and each wait. */
function volunteerAtTheDesk() {
  let taps = 0;
  let waitedMs = 0;
  return {
    async tap(target: Locator) {
      await target.tap();
      taps += 1;
    },
    async waitFor(what: () => Promise<unknown>) {
      const started = Date.now();
      await what();
      waitedMs += Date.now() - started;
    },
    get taps() {
      return taps;
    },
    get waitedMs() {
      return waitedMs;
    },
    /** Find by typing `keys` letters, then check in: the person's own time, without the waits. */
    handsMs(keys: number) {
      return taps * TAP_MS + keys * KEY_MS;
    },
  };
}

/** The bottom edge of an element on screen, in CSS pixels from the top of the viewport. */
async function bottomOf(target: Locator): Promise<number> {
  const box = await target.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!.y + box!.height;
}

/** A phone's on-screen keyboard covers roughly the lower half of a 390×844 screen. */
const ABOVE_THE_KEYBOARD = 400;

function searchBox(page: Page) {
  return page.getByLabel('Search', { exact: true });
}

test.describe('the door on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a volunteer finds a name and checks the person in with 2 taps, in under 5 s at a human pace; the search clears and keeps focus', async ({
    page,
  }) => {
    const tag = uniqueTag('tap');
    await crowd(tag, 6);
    const name = `Ada Lovelace${tag}`;
    const ada = await createCheckinRecord(admin, {
      firstName: 'Ada',
      lastName: `Lovelace${tag}`,
      email: `${uniqueTag('ada')}@e2e.test`, // not found by the tag: only the crowd is
      preferred_name: 'Countess',
      pronoun: 'She/Her',
      school_name: 'Riverside University',
      birthYear: 2000,
    });
    await signInNewVolunteer(page, admin);
    await openCheckin(page);

    const desk = volunteerAtTheDesk();
    // Tap 1: the search box, then type the name.
    await desk.tap(searchBox(page));
    const answered = page.waitForResponse(
      (r) =>
        r.url().includes('/api/checkin/records?') &&
        new URL(r.url()).searchParams.get('search') === name &&
        r.ok(),
    );
    await page.keyboard.type(name);

    const first = doorRows(page).first();
    const checkIn = first.getByRole('button', { name: `Check In ${name}` });
    await desk.waitFor(async () => {
      await answered;
      await expect(checkIn).toBeVisible();
    });
    // With the keyboard up, the Check In button is still on screen, above it.
    expect(await bottomOf(checkIn)).toBeLessThanOrEqual(ABOVE_THE_KEYBOARD);
    // The row says enough to tell two people apart: preferred name, pronoun, school.
    await expect(first).toContainText(name);
    await expect(first).toContainText('Countess');
    await expect(first).toContainText('She/Her');
    await expect(first).toContainText('Riverside University');

    // Tap 2: Check In on the row.
    await desk.tap(checkIn);
    const announced = page.getByRole('status').filter({ hasText: `Checked in ${name}` });
    await desk.waitFor(() => expect(announced).toBeVisible());
    await expect(toasts(page)).toContainText('Checked in');

    expect(desk.taps).toBeLessThanOrEqual(3);
    test.info().annotations.push({
      type: 'door timing',
      description: `${desk.taps} taps, ${KEYS_TO_FIND_A_NAME} keys, ${desk.waitedMs} ms waiting for the desk`,
    });
    expect(
      desk.handsMs(KEYS_TO_FIND_A_NAME),
      'find and check in, in ms, leaving 2 s for the desk',
    ).toBeLessThanOrEqual(3000);

    // Checked in on the server, by this desk.
    const res = await admin.request.get(`/api/checkin/records?search=${encodeURIComponent(ada.email)}`, {
      headers: admin.headers,
    });
    const [stored] = ((await res.json()) as { records: { checked_in: boolean }[] }).records;
    expect(stored?.checked_in).toBe(true);

    // Ready for the next name at once: the search is empty and still has the focus.
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(page).not.toHaveURL(/[?&]q=/);

    // The next person's name goes straight in, no tap needed.
    await page.keyboard.type(`${tag}-`); // the crowd's e-mails
    await expect(doorRows(page)).toHaveCount(6);

    // A wrong tap is undone beside the announcement, though the row has left the list.
    await page.getByRole('button', { name: `Undo ${name}` }).tap();
    await expect(toasts(page)).toContainText('Check-in undone');
    await expect(page.getByRole('status').filter({ hasText: `Check-in undone ${name}` })).toBeVisible();
  });

  test('the search stays at the top while scrolling; stats take one line; filters and utilities fold away', async ({
    page,
  }) => {
    const tag = uniqueTag('fold');
    await crowd(tag, 14);
    await signInNewAdmin(page, admin);
    await openCheckin(page);
    await searchCheckin(page, tag);
    await expect(doorRows(page)).toHaveCount(14);

    // The three counts, on one line.
    const stats = page.getByRole('region', { name: 'Check-in statistics' });
    for (const label of ['Total Hackers', 'Checked In', 'Not Checked In']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    expect((await stats.boundingBox())!.height).toBeLessThanOrEqual(32);

    // Dense rows: a name, its badges and the button, not a card of 250 px.
    for (const row of await doorRows(page).all()) {
      expect((await row.boundingBox())!.height).toBeLessThanOrEqual(80);
    }

    // The other filters wait behind one control, which says how many are on.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Check-In Status')).toBeHidden();
    await filters.tap();
    await expect(page.getByLabel('Check-In Status')).toBeVisible();
    await page.getByLabel('Check-In Status').selectOption('false');
    await expect(page).toHaveURL(/[?&]checked_in=false/);
    await filters.tap();
    await expect(page.getByLabel('Check-In Status')).toBeHidden();
    await expect(filters).toHaveAccessibleName(/^Filters\W+1 on$/);

    // So do the admin utilities.
    await expect(page.getByRole('button', { name: 'Admin Utilities' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('button', { name: 'Unlock CSV Upload' })).toBeHidden();

    // Scrolled to the last row, the search is still at the top of the screen.
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(300);
    const box = (await searchBox(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThanOrEqual(16);
    await expect(searchBox(page)).toBeInViewport();
  });
});

test.describe('the door on a laptop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('at least 8 people show under the filters without scrolling, also once the desk has checked someone in', async ({
    page,
  }) => {
    const tag = uniqueTag('wide');
    await crowd(tag, 10);
    await signInNewAdmin(page, admin);
    await openCheckin(page);
    await searchCheckin(page, tag);
    const rows = recordsTable(page).locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expectAPageOfPeople(page, rows);

    // A check-in from the table: the search is handed back empty and focused here too, and the
    // line saying who came in leaves the people where they were.
    const first = rows.first();
    const who = (await first.locator('td').nth(1).locator('p').first().textContent())!.trim();
    await first.getByRole('button', { name: /^Check In/ }).click();
    await expect(page.getByRole('status').filter({ hasText: `Checked in ${who}` })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await searchCheckin(page, tag);
    await expect(rows).toHaveCount(10);
    await expect(rows.filter({ has: page.getByRole('button', { name: /^Undo/ }) })).toHaveCount(1);
    await expectAPageOfPeople(page, rows);
  });
});

/** At least 8 rows wholly on a 1280×800 screen, below the filters, without scrolling. */
async function expectAPageOfPeople(page: Page, rows: Locator) {
  const filtersEnd = await bottomOf(page.getByLabel('Role'));
  let onScreen = 0;
  for (const row of await rows.all()) {
    const box = (await row.boundingBox())!;
    expect(box.y).toBeGreaterThan(filtersEnd);
    if (box.y + box.height <= 800) onScreen += 1;
  }
  expect(onScreen, 'rows wholly on screen at 1280×800').toBeGreaterThanOrEqual(8);
  expect(await page.evaluate('window.scrollY')).toBe(0);
}
