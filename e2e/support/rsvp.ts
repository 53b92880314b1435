import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL, PASSWORD, uniqueEmail } from './app';
import {
  applicationIdOf,
  setApplicationStatus,
  setDecisionsReleased,
  type Applicant,
} from './admin-applicants';
import type { SeededAdmin } from './admin-session';

/** Valid mentor answers; the affiliation is what the RSVP form prefills as the school. */
export const MENTOR_ANSWERS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 010 0199',
  title: 'Engineer',
  affiliation: 'Riverside University',
  mentorAvailability: 'yes',
  judgeAvailability: 'no',
  workshopInterest: 'no',
  onsiteAvailability: 'onsite',
  termsAccepted: true,
  mlhTermsAccepted: true,
} as const;

/**
 * A mentor with a submitted application and the given decision, signed in through `request` (pass a
 * page's `page.request` and the page shares the session). Mentors, not hackers: releasing mentor
 * decisions leaves the hacker specs (which expect hacker decisions hidden) alone.
 */
export async function createMentorApplicant(
  admin: SeededAdmin,
  request: APIRequestContext,
  status: 'accepted' | 'waitlisted' | 'rejected',
  tag = 'rsvp',
): Promise<Applicant> {
  const email = uniqueEmail(tag);
  await admin.createUser(email, 'mentor');
  const login = await request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.post('/api/applications/mentor', {
    data: MENTOR_ANSWERS,
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = await applicationIdOf(admin, email);
  await setApplicationStatus(admin, id, status);
  return { email, request, id };
}

/**
 * Runs `body` with mentor decisions released, and always unreleases them and restores the RSVP window
 * (open, no deadline) afterwards: these are global settings other specs rely on.
 */
export async function withMentorDecisionsReleased(admin: SeededAdmin, body: () => Promise<void>) {
  try {
    await setDecisionsReleased(admin, 'mentor', true);
    await body();
  } finally {
    await setDecisionsReleased(admin, 'mentor', false);
    await admin.putSettings({ rsvp_open: true, rsvp_deadline: null });
  }
}

/** The dashboard's RSVP card. */
export function rsvpCard(page: Page) {
  return page.getByRole('region', { name: 'RSVP' });
}

/** The acceptance celebration's overlay. */
export function celebration(page: Page) {
  return page.getByRole('dialog', { name: 'Congratulations!' });
}

/**
 * No celebration, checked at once after a moment for a late render (a retrying assertion would pass
 * as soon as the overlay closed itself after 5 s): no overlay, and no confetti canvas.
 */
export async function expectNoCelebration(page: Page) {
  await page.waitForTimeout(500);
  expect(await celebration(page).count(), 'the celebration overlay').toBe(0);
  expect(await page.locator('canvas').count(), 'the confetti canvas').toBe(0);
}

/**
 * Opens the dashboard (or reloads it, with `reload`) and waits for the decision and the RSVP card
 * (none for a rejected applicant). An acceptance
 * celebrates on its first visit only (`celebrates`, by default on a first open, not on a reload):
 * then it waits until the server has recorded the celebration and closes the overlay, which would
 * otherwise cover the page for 5 s; otherwise it checks no overlay shows.
 */
export async function openDashboard(
  page: Page,
  status: 'accepted' | 'waitlisted' | 'rejected',
  options: { reload?: boolean; celebrates?: boolean } = {},
) {
  const reload = options.reload ?? false;
  const celebrates = options.celebrates ?? (status === 'accepted' && !reload);
  const marked = celebrates
    ? page.waitForResponse(
        (r) => r.url().endsWith('/api/applications/me/celebrated') && r.request().method() === 'POST',
      )
    : undefined;
  if (reload) await page.reload();
  else await page.goto('/dashboard');
  await expect(page.getByTestId('application-status')).toHaveText(
    status === 'accepted' ? 'Accepted' : status === 'waitlisted' ? 'Waitlisted' : 'Rejected',
  );
  const overlay = celebration(page);
  if (marked) {
    // While the overlay is open the page behind it is hidden from the accessibility tree.
    await expect(overlay).toBeVisible();
    expect((await marked).status()).toBe(200);
    await overlay.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expect(overlay).toBeHidden();
  } else {
    await expectNoCelebration(page);
  }
  // A rejected applicant has nothing to answer: no RSVP card (issue 14, item 9).
  if (status === 'rejected') await expect(rsvpCard(page)).toHaveCount(0);
  else await expect(rsvpCard(page)).toBeVisible();
}

export interface RsvpRow {
  _id: string;
  email: string;
  rsvp_status: 'accepted' | 'declined' | 'maybe' | null;
  preferred_name: string | null;
  school_name: string | null;
  pronoun: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  liability_waiver_accepted: boolean | null;
  photo_clearance_accepted: boolean | null;
  photo_sharing_opt_out: boolean | null;
}

/** The admin's RSVP row of an applicant (GET /api/admin/rsvp, searched by e-mail). */
export async function rsvpRowOf(admin: SeededAdmin, email: string): Promise<RsvpRow> {
  const res = await admin.request.get('/api/admin/rsvp', {
    params: { search: email, role: 'mentor' },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { applications: RsvpRow[] };
  const row = body.applications.find((r) => r.email === email);
  expect(row, `RSVP row of ${email}`).toBeDefined();
  return row!;
}
