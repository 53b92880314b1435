import { test, expect, type Page } from '../support/fixtures';
import { BASE_URL, PASSWORD } from '../support/app';
import { setDecisionsReleased } from '../support/admin-applicants';
import { seededAdmin, type SeededAdmin } from '../support/admin-session';
import {
  createMentorApplicant,
  expectNoCelebration,
  openDashboard,
  withMentorDecisionsReleased,
} from '../support/rsvp';

// Issue 14, item 3: the celebration happens once per decision, never after a decline, and once
// attendance is confirmed the check-in code leads the page. Mentor decisions are released here (global
// state: this file runs with the global-state project, one test at a time).
test.describe.configure({ mode: 'serial' });

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  try {
    await setDecisionsReleased(admin, 'mentor', false);
    await admin.putSettings({ rsvp_open: true, rsvp_deadline: null });
  } finally {
    await admin.dispose();
  }
});

const json = (): { headers: { Origin: string } } => ({ headers: { Origin: BASE_URL } });

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('the acceptance celebration', () => {
  test('celebrates once: not on a second visit, nor on another device', async ({ page, browser }) => {
    const applicant = await createMentorApplicant(admin, page.request, 'accepted', 'celebrate-once');
    await withMentorDecisionsReleased(admin, async () => {
      await openDashboard(page, 'accepted');

      // Second visit, same browser.
      await openDashboard(page, 'accepted', { reload: true });

      // Another device: a fresh browser context, signed in anew.
      const context = await browser.newContext();
      try {
        const phone = await context.newPage();
        const login = await phone.request.post('/api/auth/login', {
          data: { email: applicant.email, password: PASSWORD },
          ...json(),
        });
        expect(login.status(), await login.text()).toBe(200);
        await openDashboard(phone, 'accepted', { celebrates: false });
        await screenshots(phone, 'dashboard-accepted-celebrated');
      } finally {
        await context.close();
      }
    });
  });

  test('a declined applicant sees no celebration', async ({ page }) => {
    await createMentorApplicant(admin, page.request, 'accepted', 'celebrate-declined');
    await withMentorDecisionsReleased(admin, async () => {
      const declined = await page.request.post('/api/applications/rsvp', {
        data: { response: 'declined' },
        ...json(),
      });
      expect(declined.status(), await declined.text()).toBe(200);
      await page.goto('/dashboard');
      await expect(page.getByTestId('application-status')).toHaveText('Accepted');
      await expectNoCelebration(page);
      await expect(page.getByRole('region', { name: 'RSVP' }).getByTestId('rsvp-status')).toHaveText(
        'Declined',
      );
      await screenshots(page, 'dashboard-declined');
    });
  });

  test('attending, on a 390 x 844 phone: the check-in code is above the fold, no overlay', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await createMentorApplicant(admin, page.request, 'accepted', 'celebrate-attending');
    await withMentorDecisionsReleased(admin, async () => {
      const attending = await page.request.post('/api/applications/rsvp', {
        data: {
          response: 'accepted',
          preferredName: 'Ada',
          schoolName: 'Riverside University',
          pronoun: 'She/Her',
          liabilityWaiverAccepted: true,
          photoClearanceAccepted: true,
        },
        ...json(),
      });
      expect(attending.status(), await attending.text()).toBe(200);
      await page.goto('/dashboard');
      // By test id first: a role query would wait out an overlay, which hides the page from it.
      await expect(page.getByTestId('checkin-qr')).toBeVisible();
      await expectNoCelebration(page);
      const code = page.getByRole('img', { name: /Show this code at check-in/ });
      await expect(code).toBeVisible();
      // All of it on the first screen, without scrolling.
      expect(await page.evaluate(() => (globalThis as { scrollY?: number }).scrollY)).toBe(0);
      await expect(code).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath('dashboard-attending-390x844.png') });
      await screenshots(page, 'dashboard-attending');
    });
  });
});
