import { test, expect } from '../support/fixtures';
import { registerViaUi, uniqueEmail } from '../support/app';
import { HACKER_ANSWERS, submitHackerViaApi } from '../support/applications';

test.describe('view application', () => {
  test('without an application: "No application found." and Back to the dashboard', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('view-none') });
    await page.goto('/view-application');
    await expect(page.getByText('No application found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signed out: back to the landing page', async ({ page }) => {
    await page.goto('/view-application');
    await expect(page).toHaveURL(/\/$/);
  });

  test("a hacker's submitted answers, read-only, section by section", async ({ page }) => {
    const email = uniqueEmail('view-hacker');
    await registerViaUi(page, { email });
    await submitHackerViaApi(page.request, { portfolio: 'https://github.com/grace' });
    await page.goto('/view-application');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();

    const value = (section: string, label: string) =>
      page
        .getByRole('region', { name: section })
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');

    await expect(value('Personal Information', 'First Name')).toHaveText(HACKER_ANSWERS.firstName);
    await expect(value('Personal Information', 'Email')).toHaveText(email);
    await expect(value('Personal Information', 'Gender')).toHaveText('Female');
    await expect(value('Personal Information', 'Race / Ethnicity')).toHaveText('Asian');
    await expect(value('Personal Information', 'Date of Birth')).toHaveText('12/9/2000');
    await expect(value('Personal Information', 'Shirt Size')).toHaveText('M');
    await expect(value('Academic Information', 'School')).toHaveText(HACKER_ANSWERS.university);
    await expect(value('Academic Information', 'Graduation Year')).toHaveText('2027');
    await expect(page.getByText('Year in High School')).toHaveCount(0);
    const essays = page.getByRole('region', { name: 'Essay Questions' });
    await expect(essays.getByRole('heading', { name: /\(200 words max\)$/ })).toHaveCount(2);
    await expect(essays.getByRole('heading', { name: /\(50 words max\)$/ })).toHaveCount(1);
    await expect(essays).toContainText(HACKER_ANSWERS.householdObjectQuestion);
    await expect(value('Additional Information', 'Needs Visa Sponsorship')).toHaveText('No');
    await expect(value('Additional Information', 'Needs Accommodations')).toHaveText('Yes');
    await expect(value('Additional Information', 'Dietary Restrictions')).toHaveText('Vegetarian');
    await expect(
      page.getByRole('region', { name: 'Links' }).getByRole('link', { name: /github\.com\/grace/ }),
    ).toHaveAttribute('href', 'https://github.com/grace');
    await expect(page.getByRole('region', { name: 'Resume' })).toContainText('resume.pdf');

    // Nothing to edit here.
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });
});
