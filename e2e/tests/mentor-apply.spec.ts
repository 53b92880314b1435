import { test, expect } from '../support/fixtures';
import { BASE_URL, registerViaUi, toasts, uniqueEmail } from '../support/app';
import { pdfFile } from '../support/applications';
import { verifyEmailViaMail } from '../support/mail';
import {
  answerMentorAvailability as answerAvailability,
  fillMentorRequired as fillRequired,
  openMentorForm,
} from '../support/mentor-apply';

test.describe('mentor application', () => {
  test('a mentor applies with custom list entries and a resume, then reads the answers back', async ({
    page,
  }) => {
    const email = uniqueEmail('mentor-apply');
    await registerViaUi(page, { email, role: 'mentor' });
    await verifyEmailViaMail(page.request);
    await expect(page.getByTestId('application-status')).toHaveText('Not Started');
    await openMentorForm(page);

    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await fillRequired(page);
    await page.getByRole('textbox', { name: 'Work email' }).fill('ada@engines.example.org');
    await answerAvailability(page);

    const languages = page.getByRole('group', { name: /^Programming languages/ });
    await languages.getByRole('button', { name: 'Python', exact: true }).click();
    await expect(languages.getByRole('button', { name: 'Python', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const newLanguage = languages.getByLabel('Add another programming language');
    await newLanguage.fill('Zig');
    await newLanguage.press('Enter');
    await newLanguage.fill('  zig ');
    await newLanguage.press('Enter');
    await newLanguage.press('Enter');
    await expect(languages.getByRole('listitem')).toHaveText(['Zig']);

    const databases = page.getByRole('group', { name: /^Databases/ });
    await databases.getByLabel('Add another database').fill('CockroachDB');
    await databases.getByRole('button', { name: 'Add to databases' }).click();
    await expect(databases.getByRole('button', { name: 'Remove CockroachDB' })).toBeVisible();
    await page
      .getByRole('group', { name: /^Frameworks/ })
      .getByRole('button', { name: 'React', exact: true })
      .click();

    const why = page.getByLabel(/^Why are you a good fit/);
    await why.fill('I have mentored students for ten years and love debugging with people.');
    await expect(page.getByText('12 / 150 words')).toBeVisible();
    await page.getByLabel(/^Anything else/).fill('Happy to judge hardware.');
    await page.getByLabel(/^How did you hear/).fill('A colleague');

    await page.getByLabel('Resume', { exact: true }).setInputFiles(pdfFile('ada-resume.pdf'));
    await expect(page.getByTestId('resume-file')).toContainText('ada-resume.pdf');

    await page.getByLabel(/terms and conditions/).check();
    await page.getByLabel(/MLH Code of Conduct/).check();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit your application?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();

    await expect(toasts(page).getByText('Success!')).toBeVisible();
    await expect(toasts(page).getByText('Your mentor application has been submitted.')).toBeVisible();
    await expect(page).toHaveURL(/\/mentor-submission-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application Submitted' })).toBeVisible();

    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('application-status')).toHaveText(/^(Under Review|Submitted)$/);
    await expect(page.locator('li[data-state="current"]')).toHaveText(/Expected Decisions/);

    await page.getByRole('link', { name: 'View Application' }).click();
    await expect(page).toHaveURL(/\/view-application$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();
    const personal = page.getByRole('region', { name: 'Personal Information' });
    await expect(personal).toContainText('Ada');
    await expect(personal).toContainText('Lovelace');
    await expect(personal).toContainText(email);
    await expect(page.getByRole('region', { name: 'Professional Information' })).toContainText(
      'ada@engines.example.org',
    );
    const availability = page.getByRole('region', { name: 'Availability' });
    await expect(availability).toContainText('Likely');
    await expect(availability).toContainText('Hybrid');
    const skills = page.getByRole('region', { name: 'Skills and Experience' });
    for (const entry of ['Python', 'Zig', 'React', 'CockroachDB']) {
      await expect(skills.getByRole('listitem').filter({ hasText: new RegExp(`^${entry}$`) })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Essay Questions' })).toContainText('love debugging');
    await expect(page.getByRole('region', { name: 'Resume' })).toContainText('ada-resume.pdf');

    // The resume opens through a fresh signed link in a new tab.
    const resumeUrl = page.waitForResponse((r) => r.url().endsWith('/api/applications/me/resume-url'));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: /View Resume/ }).click();
    expect((await resumeUrl).status()).toBe(200);
    await (await popup).close();

    // One application per person: the form now leads to the read-only view.
    await page.goto('/mentor-apply');
    await expect(page).toHaveURL(/\/view-application$/);
  });

  test('a refused submit names the problem and sends nothing', async ({ page }) => {
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/applications/mentor')) posts += 1;
    });
    await registerViaUi(page, { email: uniqueEmail('mentor-checks'), role: 'mentor' });
    await openMentorForm(page);
    const submit = page.getByRole('button', { name: 'Submit Application' });

    await submit.click();
    await expect(toasts(page).getByText('Missing Information')).toBeVisible();
    await expect(toasts(page).getByText('Please fill in all required fields.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');

    await fillRequired(page);
    await submit.click();
    await expect(toasts(page).getByText('Please answer all availability questions.')).toBeVisible();

    await answerAvailability(page);
    await page
      .getByLabel(/^Why are you a good fit/)
      .fill(Array.from({ length: 151 }, () => 'word').join(' '));
    await expect(page.getByText('151 / 150 words (over the limit)')).toBeVisible();
    await submit.click();
    await expect(toasts(page).getByText('Word Limit Exceeded')).toBeVisible();
    await expect(
      toasts(page).getByText('Why are you a good fit question must be 150 words or less.'),
    ).toBeVisible();

    await page.getByLabel(/^Why are you a good fit/).fill('Short and sweet.');
    await page.getByLabel(/terms and conditions/).check();
    await submit.click();
    await expect(toasts(page).getByText('Terms Required')).toBeVisible();
    await expect(toasts(page).getByText('Please accept both terms and conditions.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(posts).toBe(0);
  });

  test('a refused submission shows the server message and keeps the answers', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 409/);
    await registerViaUi(page, { email: uniqueEmail('mentor-refused'), role: 'mentor' });
    await verifyEmailViaMail(page.request);
    await openMentorForm(page);
    await fillRequired(page);
    await answerAvailability(page);
    await page.getByLabel(/terms and conditions/).check();
    await page.getByLabel(/MLH Code of Conduct/).check();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // Meanwhile the same account submits from elsewhere (another tab, say).
    const other = await page.request.post('/api/applications/mentor', {
      headers: { Origin: BASE_URL },
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '+1 555 010 0199',
        title: 'Engineer',
        affiliation: 'Engines',
        mentorAvailability: 'yes',
        judgeAvailability: 'no',
        workshopInterest: 'no',
        onsiteAvailability: 'onsite',
        termsAccepted: true,
        mlhTermsAccepted: true,
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Application' }).click();
    await expect(toasts(page).getByText('Submission Error')).toBeVisible();
    await expect(
      toasts(page).getByText(
        'You have already submitted an application. Responses cannot be edited after submission.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/mentor-apply$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await expect(page.getByRole('textbox', { name: 'Affiliation' })).toHaveValue('Analytical Engines');
  });

  test('a mentor draft survives a reload and marks the application in progress', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('mentor-draft'), role: 'mentor' });
    await openMentorForm(page);

    await page.getByRole('textbox', { name: 'First name' }).fill('Margaret');
    await page.getByRole('textbox', { name: 'Title' }).fill('Director');
    await page
      .getByRole('group', { name: /How will you take part\?/ })
      .getByLabel('Virtual')
      .check();
    const tools = page.getByRole('group', { name: /^Build tools/ });
    await tools.getByRole('button', { name: 'Vite', exact: true }).click();
    await tools.getByLabel('Add another build tool').fill('Buck2');
    await tools.getByLabel('Add another build tool').press('Enter');
    await page.getByLabel('Resume', { exact: true }).setInputFiles(pdfFile('draft-cv.pdf'));
    await expect(page.getByTestId('resume-file')).toContainText('draft-cv.pdf');
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Margaret');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Director');
    await expect(
      page.getByRole('group', { name: /How will you take part\?/ }).getByLabel('Virtual'),
    ).toBeChecked();
    await expect(tools.getByRole('button', { name: 'Vite', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tools.getByRole('button', { name: 'Remove Buck2' })).toBeVisible();
    await expect(page.getByTestId('resume-file')).toContainText('draft-cv.pdf');

    // Removing the resume deletes the file and the draft forgets it.
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/applications/draft'),
    );
    await page.getByRole('button', { name: 'Remove draft-cv.pdf' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Upload resume' })).toBeFocused();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Margaret');
    await expect(page.getByTestId('resume-file')).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByTestId('application-status')).toHaveText('In Progress');
    await page.getByRole('link', { name: 'Resume Application' }).click();
    await expect(page).toHaveURL(/\/mentor-apply$/);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Margaret');
  });

  test('a hacker is kept out of the mentor form', async ({ page }) => {
    await registerViaUi(page, { email: uniqueEmail('not-mentor') });
    await page.goto('/mentor-apply');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/mentor-submission-success');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
