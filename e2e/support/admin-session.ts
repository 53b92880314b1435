import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, PAGE_ARRIVAL, PASSWORD, uniqueEmail } from './app';
import { HACKER_ANSWERS, pdfFile } from './applications';
import { verifyEmailViaMail } from './mail';

/**
 * The server allows 10 sign-ins per 10 minutes for one e-mail from one address, and every spec
 * file signs admins in. So a spec signs the seeded admin in once (bearer token, its own request
 * context) and gives each test a fresh admin account of its own for the browser.
 */
export async function seededAdmin() {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await request.post('/api/auth/admin/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  return {
    request,
    headers,
    dispose: () => request.dispose(),
    async createUser(
      email: string,
      role: 'hacker' | 'mentor' | 'admin' | 'volunteer' | 'reviewer',
      password = PASSWORD,
    ) {
      const res = await request.post('/api/admin/users', { data: { email, password, role }, headers });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { _id: string; email: string };
    },
    async getSettings() {
      const res = await request.get('/api/settings', { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as Record<string, unknown> & {
        special_access_codes: string[];
        status: string;
      };
    },
    async putSettings(body: Record<string, unknown>) {
      const res = await request.put('/api/settings', { data: body, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}
export type SeededAdmin = Awaited<ReturnType<typeof seededAdmin>>;

/** The open application window every spec may assume (docs: restore it after changing it). */
export const OPEN_WINDOW = {
  application_deadline: null,
  allow_late_applications: false,
  require_access_code: false,
  force_application_open: false,
} as const;

/** Creates a new admin account and signs the page in with it (cookie session), on /admin. */
export async function signInNewAdmin(page: Page, admin: SeededAdmin): Promise<string> {
  const email = uniqueEmail('admin');
  await admin.createUser(email, 'admin');
  const res = await page.request.post('/api/auth/admin/login', {
    data: { email, password: PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible(PAGE_ARRIVAL);
  return email;
}

/**
 * Submits a hacker application through the API (`request` shares the applicant's session), like
 * submitHackerViaApi, but waits out a moment when another spec has the window closed or late
 * (spec files run in parallel and some change the window).
 */
export async function submitHackerWhenOpen(
  request: APIRequestContext,
  answers: Record<string, unknown> = {},
) {
  await verifyEmailViaMail(request);
  const upload = await request.post('/api/upload/resume', {
    multipart: { file: pdfFile() },
    headers: { Origin: BASE_URL },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { file_url } = (await upload.json()) as { file_url: string };
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const res = await request.post('/api/applications/hacker', {
      data: { ...HACKER_ANSWERS, ...answers, resume_url: file_url },
      headers: { Origin: BASE_URL },
    });
    const body = await res.text();
    if (res.status() === 403 && /applications_closed|access_code/.test(body) && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    expect(res.status(), body).toBe(201);
    return;
  }
}
