import { expect, type APIRequestContext, type Page } from '@playwright/test';

// E2E_PORT lets a second run (a CI check beside a developer's run) use its own port.
export const PORT = Number(process.env.E2E_PORT ?? 3117);
/** The SMTP peer the e2e servers send to, and the HTTP port where tests read what arrived. */
export const SMTP_SINK_PORT = PORT + 1;
export const SMTP_SINK_HTTP_PORT = PORT + 2;
/**
 * The specs that change what every applicant sees (the application window, decision release,
 * templates) test against a second server with its own database, so they run beside the others
 * instead of after them: on two cores that took the browser suite from 27 to about 24 minutes.
 */
export const GLOBAL_STATE_PORT = PORT + 3;
export const DEFAULT_BASE_URL = `http://127.0.0.1:${PORT}`;
export const GLOBAL_STATE_BASE_URL = `http://127.0.0.1:${GLOBAL_STATE_PORT}`;

/**
 * The server this worker's project tests against. A worker runs one project's tests only;
 * fixtures.ts sets this from the project's `baseURL` before any of them runs.
 */
export let BASE_URL = DEFAULT_BASE_URL;

export function useServer(url: string): void {
  BASE_URL = url;
}

export interface SentMail {
  to: string[];
  subject: string;
  raw: string;
  receivedAt: string;
}

/** Every message the portal has sent during this run, oldest first. */
export async function sentMail(request: APIRequestContext): Promise<SentMail[]> {
  const res = await request.get(`http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/messages`);
  return (await res.json()) as SentMail[];
}
/**
 * How long a helper waits for the page a navigation opens. A fresh browser context's first page
 * (a new renderer, every chunk parsed, the service worker precaching beside it) took over 10 s in
 * CI on a loaded two-core machine, while the same step takes about 1 s alone. A setup step is not
 * what a test checks, and speed is the benchmark's to measure.
 */
export const PAGE_ARRIVAL = { timeout: 30_000 } as const;

/** A 500 as the API sends one (JSON `{error, code}`): fulfilled in place of a request to see a page's error state. */
export const SERVER_ERROR = { status: 500, json: { error: 'Boom', code: 'internal' } };

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Adm1n-e2e-password!';
export const PASSWORD = 'Correct-horse-battery-9';

/** A new address per call, so tests never share an account. */
export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** The toast region (sonner). */
export function toasts(page: Page) {
  return page.locator('[data-sonner-toaster]');
}

export async function openRegister(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible();
}

export async function fillRegister(
  page: Page,
  { email, password = PASSWORD, confirm = password, role = 'hacker' }: RegisterInput,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(confirm);
  await form.getByLabel(role === 'mentor' ? 'Mentor' : 'Participant (Hacker)', { exact: true }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
}

interface RegisterInput {
  email: string;
  password?: string;
  confirm?: string;
  role?: 'hacker' | 'mentor';
}

/** Registers on the landing page and waits for the dashboard. */
export async function registerViaUi(page: Page, input: RegisterInput): Promise<void> {
  await page.goto('/');
  await openRegister(page);
  await fillRegister(page, input);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible(PAGE_ARRIVAL);
}

export async function fillSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function fillAdminSignIn(
  page: Page,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Admin sign in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Creates an applicant account through the API (its own cookie jar, not the page's). */
export async function registerViaApi(
  request: APIRequestContext,
  email: string,
  role: 'hacker' | 'mentor' = 'hacker',
  password = PASSWORD,
): Promise<void> {
  const res = await request.post('/api/auth/register', {
    data: { email, password, role },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
}
