import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { BASE_URL, PASSWORD, uniqueEmail } from './app';
import { applicationIdOf, setApplicationStatus, type Applicant } from './admin-applicants';
import type { SeededAdmin } from './admin-session';

/** Valid mentor answers; names are given per test so a search finds only its applicants. */
const MENTOR_ANSWERS = {
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

export type Decision = 'accepted' | 'waitlisted' | 'rejected';

/**
 * A mentor with a submitted application and, if given, a decision. The account is made by the admin
 * API (registration is rate limited) and signed in through its own request context. Mentors, not
 * hackers: specs that release decisions release mentor decisions, and the hacker specs expect
 * hacker decisions hidden.
 */
export async function createMentor(
  admin: SeededAdmin,
  { firstName, lastName, status }: { firstName: string; lastName: string; status?: Decision },
): Promise<Applicant> {
  const email = uniqueEmail('adm-rsvp');
  await admin.createUser(email, 'mentor');
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await request.post('/api/auth/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  // Another spec may close the window for a moment; wait it out rather than fail.
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const res = await request.post('/api/applications/mentor', {
      data: { ...MENTOR_ANSWERS, firstName, lastName },
      headers: { Origin: BASE_URL },
    });
    const body = await res.text();
    if (res.status() === 403 && /applications_closed|access_code/.test(body) && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    expect(res.status(), body).toBe(201);
    break;
  }
  const id = await applicationIdOf(admin, email);
  if (status) await setApplicationStatus(admin, id, status);
  return { email, request, id };
}

export interface RsvpBody {
  rsvp_status: 'accepted' | 'declined' | 'maybe' | null;
  preferred_name?: string | null;
  school_name?: string | null;
  pronoun?: string | null;
  linkedin_url?: string | null;
  github_url?: string | null;
  liability_waiver_accepted?: boolean | null;
  photo_clearance_accepted?: boolean | null;
  photo_sharing_opt_out?: boolean | null;
}

/** Sets an RSVP through the admin API (PUT /api/admin/applications/:id/rsvp). */
export async function putRsvp(admin: SeededAdmin, id: string, body: RsvpBody) {
  const res = await admin.request.put(`/api/admin/applications/${id}/rsvp`, {
    data: body,
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The admin's full view of an application (GET /api/admin/applications/:id). */
export async function applicationDetail(admin: SeededAdmin, id: string) {
  const res = await admin.request.get(`/api/admin/applications/${id}`, { headers: admin.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown> & { rsvp_status: string | null };
}

/** Opens the admin portal on a tab, with optional extra URL parameters. */
export async function openTab(page: Page, tab: 'rsvp' | 'emails' | 'settings', query = '') {
  await page.goto(`/admin?tab=${tab}${query ? `&${query}` : ''}`);
  const names = { rsvp: 'RSVP', emails: 'E-mails', settings: 'Settings' } as const;
  await expect(page.getByRole('tab', { name: names[tab], exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** Types into the RSVP search and waits for the list to answer for it. */
export async function searchRsvps(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/admin/rsvp?') && new URL(r.url()).searchParams.get('search') === text && r.ok(),
  );
  await page.getByLabel('Search RSVPs').fill(text);
  await answered;
}

export function rsvpTable(page: Page) {
  return page.getByRole('table', { name: 'RSVPs' });
}

/** The RSVP table's row of an applicant (found by e-mail). */
export function rsvpRow(page: Page, email: string) {
  return rsvpTable(page).getByRole('row').filter({ hasText: email });
}

/** The E-mails table's rows. */
export function emailsTable(page: Page) {
  return page.getByRole('table', { name: 'E-mails' });
}

/** Restores a template's default text through the API (cleanup for specs that edit one). */
export async function resetTemplate(admin: SeededAdmin, template: string) {
  const res = await admin.request.post('/api/settings/email-template/reset', {
    data: { template },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface OutboxRow {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
}

/** The outbox rows for a recipient (GET /api/admin/emails?search=). */
export async function emailsTo(admin: SeededAdmin, email: string): Promise<OutboxRow[]> {
  const res = await admin.request.get('/api/admin/emails', {
    params: { search: email },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { emails: OutboxRow[] }).emails;
}
