import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, PAGE_ARRIVAL, PASSWORD, uniqueEmail } from './app';
import { pdfFile } from './applications';
import { verifyEmailViaMail } from './mail';

/**
 * Registers an applicant through the page's own request context, so the page is signed in too, and
 * verifies the address through its mailed link (submitting needs it) unless `verified: false`.
 */
export async function signUpApplicant(
  page: Page,
  role: 'hacker' | 'mentor',
  tag = 'apply',
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail(tag);
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, role },
    headers: { Origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (verified) await verifyEmailViaMail(page.request);
  return email;
}

export function signUpHacker(page: Page, tag = 'apply', options: { verified?: boolean } = {}) {
  return signUpApplicant(page, 'hacker', tag, options);
}

export async function openHackerForm(page: Page): Promise<void> {
  await page.goto('/hacker-apply');
  await expect(page.getByRole('heading', { level: 1, name: 'Hacker Application' })).toBeVisible(PAGE_ARRIVAL);
}

/** Waits until the draft indicator says the latest answers are stored. */
export async function waitForDraftSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('draft-status').first()).toHaveText('Saved', { timeout: 15_000 });
}

export const ANSWERS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 555 123 4567',
  birthMonth: '12',
  birthDay: '10',
  birthYear: '2001',
  major: 'Mathematics',
  graduationYear: '2027',
  background: 'I design analytical engines and write the first programs for them.',
  household: 'A loom, because patterns become fabric.',
  whyAttend: 'To build something ambitious with new friends in one weekend.',
  howDidYouHear: 'A friend',
  dietary: 'Vegetarian',
  portfolio: 'https://github.com/ada',
} as const;

/** Fills every section of the hacker form by label, the way a person would (resume included). */
export async function fillHackerForm(page: Page): Promise<void> {
  await page.getByLabel('First name').fill(ANSWERS.firstName);
  await page.getByLabel('Last name').fill(ANSWERS.lastName);
  await page.getByLabel('Phone number').fill(ANSWERS.phone);
  await page.getByLabel('Birth month').fill(ANSWERS.birthMonth);
  await page.getByLabel('Birth day').fill(ANSWERS.birthDay);
  await page.getByLabel('Birth year').fill(ANSWERS.birthYear);
  await page.getByLabel('Gender', { exact: true }).selectOption('female');
  await page.getByLabel('Race / ethnicity').selectOption('asian');
  await page.getByLabel('Shirt size').selectOption('m');

  const school = page.getByRole('combobox', { name: 'School', exact: true });
  await school.fill('Stanford');
  await page.getByRole('option', { name: /^Stanford University/ }).click();
  await expect(school).toHaveValue('Stanford University');
  await page.getByLabel('Major').fill(ANSWERS.major);
  await page.getByLabel('Graduation year').fill(ANSWERS.graduationYear);

  await page.getByLabel(/Tell us about your background/).fill(ANSWERS.background);
  await page.getByLabel(/household object/).fill(ANSWERS.household);
  await page.getByLabel(/Why do you want to attend/).fill(ANSWERS.whyAttend);

  const city = page.getByRole('combobox', { name: 'Travelling from' });
  await city.fill('Austin');
  await page
    .getByRole('option', { name: /Austin/ })
    .first()
    .click();
  await expect(city).toHaveValue(/Austin/);
  await page
    .getByRole('group', { name: 'Will you need visa sponsorship to attend?' })
    .getByLabel('No')
    .check();
  await page
    .getByRole('group', { name: /Will you need any accommodations/ })
    .getByLabel('Yes')
    .check();
  await page.getByLabel('Dietary restrictions').fill(ANSWERS.dietary);
  await page.getByLabel('How did you hear about us?').fill(ANSWERS.howDidYouHear);

  await page.getByLabel('Resume', { exact: true }).setInputFiles(pdfFile());
  await expect(page.getByTestId('resume-file')).toContainText('resume.pdf');
  await page.getByLabel('Portfolio or GitHub link').fill(ANSWERS.portfolio);

  await page.getByLabel('Yes, I follow already').check();
  await page.getByLabel(/terms and conditions/).check();
  await page.getByLabel(/MLH Code of Conduct/).check();
}

export interface WindowSettings {
  application_deadline: string | null;
  allow_late_applications: boolean;
  require_access_code: boolean;
  force_application_open: boolean;
  special_access_codes: string[];
}

/**
 * Admin calls with a bearer token (no cookie, so CSRF does not apply), for global settings. It has
 * its own request context, so it can live across the tests of a describe block; dispose() it after.
 */
export async function adminApi() {
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const login = await request.post('/api/auth/admin/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { Origin: BASE_URL },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  return {
    dispose: () => request.dispose(),
    async getSettings(): Promise<WindowSettings> {
      const res = await request.get('/api/settings', { headers });
      expect(res.status(), await res.text()).toBe(200);
      const s = (await res.json()) as WindowSettings;
      return {
        application_deadline: s.application_deadline,
        allow_late_applications: s.allow_late_applications,
        require_access_code: s.require_access_code,
        force_application_open: s.force_application_open,
        special_access_codes: s.special_access_codes,
      };
    },
    async putSettings(body: Partial<WindowSettings>): Promise<void> {
      const res = await request.put('/api/settings', { data: body, headers });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}
