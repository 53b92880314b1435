import { expect, type Page } from '@playwright/test';
import { PAGE_ARRIVAL } from './app';

/** Opens the mentor form from the dashboard's status card. */
export async function openMentorForm(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^(Start|Resume) Application$/ }).click();
  await expect(page).toHaveURL(/\/mentor-apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application' })).toBeVisible(PAGE_ARRIVAL);
}

export async function fillMentorRequired(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+1 555 010 0199');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Staff Engineer');
  await page.getByRole('textbox', { name: 'Affiliation', exact: true }).fill('Analytical Engines');
}

export async function answerMentorAvailability(page: Page): Promise<void> {
  for (const [group, answer] of [
    [/^Available to mentor\?/, 'Yes'],
    [/^Available to judge\?/, 'Likely'],
    [/^Interested in running a workshop\?/, 'No'],
    [/^How will you take part\?/, 'Hybrid'],
  ] as const) {
    await page.getByRole('group', { name: group }).getByLabel(answer, { exact: true }).check();
  }
}

/** Everything a mentor must answer to submit (the resume is optional). */
export async function fillMentorForm(page: Page): Promise<void> {
  await fillMentorRequired(page);
  await answerMentorAvailability(page);
  await page.getByLabel(/^Why are you a good fit/).fill('I have mentored students for ten years.');
  await page.getByLabel(/terms and conditions/).check();
  await page.getByLabel(/MLH Code of Conduct/).check();
}
