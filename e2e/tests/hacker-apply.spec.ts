import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import {
  adminApi,
  ANSWERS,
  fillHackerForm,
  openHackerForm,
  signUpHacker,
  waitForDraftSaved,
  type WindowSettings,
} from '../support/hacker-apply';
import { pdfFile, pdfFilePath } from '../support/applications';

const TEN_MB = 10 * 1024 * 1024;

// One worker, in order: the window tests at the end change global settings, and the submissions
// above must not run while the window is closed or late.
test.describe.configure({ mode: 'default' });

test.describe('hacker application form', () => {
  test('a hacker fills in and submits a complete application, then reads it back', async ({ page }) => {
    test.slow(); // Fills every field, uploads, submits and reads back.
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    const email = await signUpHacker(page, 'apply-full');

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Start Application' }).click();
    await expect(page).toHaveURL(/\/hacker-apply$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hacker Application' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();

    await fillHackerForm(page);
    await expect(page.getByText('11 / 200 words')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
    await expect(confirm).toContainText('cannot be edited');
    await confirm.getByRole('button', { name: 'Submit Application' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
    await expect(page.getByText(/decision by e-mail within the next few weeks/)).toBeVisible();
    await expect(toasts(page).getByText('Success!')).toBeVisible();
    await expect(toasts(page).getByText('Your application has been submitted.')).toBeVisible();
    const social = page.getByRole('main').getByRole('link', { name: /opens in a new tab/ });
    await expect(social).toHaveCount(2);
    await expect(social.first()).toHaveAttribute('target', '_blank');
    await expect(social.first()).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    // What the server stored.
    const me = await page.request.get('/api/applications/me');
    const { application } = (await me.json()) as {
      application: { status: string; email: string; answers: Record<string, unknown>; resume: unknown };
    };
    expect(application).toMatchObject({ status: 'submitted', email });
    expect(application.answers).toMatchObject({
      firstName: ANSWERS.firstName,
      lastName: ANSWERS.lastName,
      university: 'Stanford University',
      birthMonth: 12,
      birthDay: 10,
      birthYear: 2001,
      gender: 'female',
      needsVisa: false,
      needsAccommodation: true,
      portfolio: ANSWERS.portfolio,
      socialMediaConnection: 'yes',
      termsAccepted: true,
      mlhTermsAccepted: true,
    });
    expect(String(application.answers.travelFrom)).toMatch(/Austin/);
    expect(application.resume).toMatchObject({ original_name: 'resume.pdf' });

    // The read-only view shows the answers; the form is not offered again.
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/view-application');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Application' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Personal Information' })).toContainText(ANSWERS.lastName);
    await expect(page.getByRole('region', { name: 'Academic Information' })).toContainText(
      'Stanford University',
    );
    await expect(page.getByRole('region', { name: 'Essay Questions' })).toContainText(ANSWERS.household);
    await page.goto('/hacker-apply');
    await expect(page).toHaveURL(/\/view-application$/);
    await page.goto('/submission-success');
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    // The school list is its own chunk; applicant pages never download admin or check-in code.
    expect(requested.some((u) => /universities-.*\.js$/.test(u))).toBe(true);
    expect(requested.filter((u) => /admin-page|checkin-page/.test(u))).toEqual([]);
  });

  test('a draft survives a reload, resume included', async ({ page }) => {
    await signUpHacker(page, 'apply-draft');
    await openHackerForm(page);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Major').fill('Computer Science');
    await page.getByLabel('Birth year').fill('2000');
    await page.getByLabel('I am currently in high school').check();
    await page.getByLabel('Year in high school').selectOption('senior');
    await page.getByLabel(/household object/).fill('A compass');
    await page.getByLabel('Resume', { exact: true }).setInputFiles(pdfFile('grace-cv.pdf'));
    await expect(page.getByTestId('resume-file')).toContainText('grace-cv.pdf');
    await waitForDraftSaved(page);

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Major')).toHaveValue('Computer Science');
    await expect(page.getByLabel('Birth year')).toHaveValue('2000');
    await expect(page.getByLabel('I am currently in high school')).toBeChecked();
    await expect(page.getByLabel('Year in high school')).toHaveValue('senior');
    await expect(page.getByLabel(/household object/)).toHaveValue('A compass');
    await expect(page.getByText('2 / 50 words')).toBeVisible();
    await expect(page.getByTestId('resume-file')).toContainText('grace-cv.pdf');

    // Remove deletes the upload; the empty state comes back.
    await page.getByRole('button', { name: 'Remove grace-cv.pdf' }).click();
    await expect(page.getByRole('button', { name: 'Upload resume' })).toBeVisible();
  });

  test('required fields: inline errors on submit, the first one focused and named in a toast', async ({
    page,
  }) => {
    await signUpHacker(page, 'apply-required');
    await openHackerForm(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const form = page.getByRole('form', { name: 'Hacker application' });
    await expect(form.getByText('First name is required')).toBeVisible();
    for (const message of [
      'Last name is required',
      'Phone number is required',
      'School is required',
      'Major is required',
      'Graduation year is required',
      'Travelling from is required',
      'How did you hear about us is required',
      'Background answer is required',
      'Please enter a valid birthday',
      'Please upload your resume.',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-describedby', 'firstName-error');
    await expect(page.getByLabel('Birth month')).toHaveAttribute('aria-describedby', 'birthday-error');
    // The toast names what the focus went to (and how many there are), not the last problem.
    const summary = await page.getByText(/answers need your attention\.$/).textContent();
    const count = summary!.split(' ')[0];
    await expect(toasts(page).getByText(`${count} answers need your attention`)).toBeVisible();
    await expect(toasts(page).getByText('First name is required')).toBeVisible();
    await expect(toasts(page).getByText('Terms and Conditions')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`failed-submit-${width}.png`) });
    }

    // An impossible date is still "not a valid birthday"; an under-18 needs a guardian.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Birth month').fill('2');
    await page.getByLabel('Birth day').fill('30');
    await page.getByLabel('Birth year').fill('2009');
    await expect(page.getByLabel("Parent or guardian's full name")).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Please enter a valid birthday')).toBeVisible();
    await page.getByLabel('Birth day').fill('3');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(
      page.getByRole('main').getByText("Guardian's name is required for applicants under 18."),
    ).toBeVisible();
    // Other answers come first on the page, so the toast names the first of them.
    await expect(page.getByLabel('Last name')).toBeFocused();
    await expect(toasts(page).getByText('Last name is required').last()).toBeVisible();
  });

  test('the school picker lists real matches first and the free-text option last', async ({ page }) => {
    await signUpHacker(page, 'apply-school-order');
    await openHackerForm(page);
    const school = page.getByRole('combobox', { name: 'School', exact: true });
    await school.fill('Rutgers');
    const options = page.getByRole('listbox', { name: 'School suggestions' }).getByRole('option');
    await expect(options.first()).toHaveText(/^Rutgers University/);
    await expect(options.last()).toHaveText('Use "Rutgers"');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`school-picker-${width}.png`) });
    }
    // The first suggestion is one arrow press away.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(school).toHaveValue('Rutgers University');
  });

  test('the birthday error clears as soon as the date is valid, and stops counting', async ({ page }) => {
    await signUpHacker(page, 'apply-birthday');
    await openHackerForm(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const summary = page.getByText(/answers? needs? your attention\.$/);
    await expect(summary).toBeVisible();
    const before = Number((await summary.textContent())!.split(' ')[0]);
    const message = page.getByText('Please enter a valid birthday', { exact: true });
    await expect(message).toBeVisible();

    // Month, day, then year: the message goes with the last keystroke that makes the date real.
    await page.getByLabel('Birth month').fill('12');
    await page.getByLabel('Birth day').fill('10');
    await page.getByLabel('Birth year').fill('2001');
    await expect(message).toBeHidden();
    await expect(page.getByLabel('Birth day')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(summary).toHaveText(`${before - 1} answers need your attention.`);

    // An impossible date comes back on the next submit, and leaves when another part fixes it.
    await page.getByLabel('Birth month').fill('2');
    await page.getByLabel('Birth day').fill('30');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(message).toBeVisible();
    await expect(summary).toHaveText(`${before} answers need your attention.`);
    await page.getByLabel('Birth month').fill('3');
    await expect(message).toBeHidden();
    await expect(summary).toHaveText(`${before - 1} answers need your attention.`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByLabel('Birth month').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`birthday-${width}.png`) });
    }
  });

  test('a resume over 10MB or of the wrong type is refused before uploading', async ({ page }) => {
    test.slow(); // Ends with a real 10MB upload.
    const uploads: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/upload/')) uploads.push(req.url());
    });
    await signUpHacker(page, 'apply-big');
    await openHackerForm(page);
    const resume = page.getByLabel('Resume', { exact: true });
    await expect(resume).toHaveAttribute('accept', '.pdf,.doc,.docx');

    await resume.setInputFiles(pdfFilePath('huge.pdf', TEN_MB + 1));
    await expect(toasts(page).getByText('File Too Large')).toBeVisible();
    await expect(toasts(page).getByText('Resume file cannot exceed 10MB.')).toBeVisible();

    await resume.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toasts(page).getByText('Invalid File Type')).toBeVisible();
    await expect(toasts(page).getByText('Please upload a PDF, DOC, or DOCX file.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload resume' })).toBeVisible();
    expect(uploads).toEqual([]);

    // Exactly 10MB is fine: it uploads with a labelled progress bar, then shows name and size.
    await resume.setInputFiles(pdfFilePath('max.pdf', TEN_MB));
    await expect(page.getByTestId('resume-file')).toContainText('max.pdf');
    await expect(page.getByTestId('resume-file')).toContainText('10 MB');
    expect(uploads).toHaveLength(1);
  });

  test('works at 360 px and by keyboard: school picker with arrows and Enter', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpHacker(page, 'apply-narrow');
    await openHackerForm(page);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    const school = page.getByRole('combobox', { name: 'School', exact: true });
    await school.focus();
    await page.keyboard.type('massachusetts institute');
    const list = page.getByRole('listbox', { name: 'School suggestions' });
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').first()).toHaveText(/^Massachusetts Institute of Technology/);
    await expect(list.getByRole('option').last()).toHaveText(/^Use "massachusetts institute"/);
    await page.keyboard.press('ArrowDown');
    await expect(school).toHaveAttribute('aria-activedescendant', /option/);
    await page.keyboard.press('Enter');
    await expect(school).toHaveValue('Massachusetts Institute of Technology');
    await expect(list).toBeHidden();

    // Free text for a school that is not in the list; Escape closes the list and keeps the text.
    await school.fill('Lincoln High School');
    await expect(list.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(school).toHaveValue('Lincoln High School');

    // Ten suggestions for an empty field.
    await school.fill('');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option')).toHaveCount(10);
  });
});

/**
 * These change the global application window, so they run one after another and put the
 * settings back after each test. They keep the changed window short (the long typing happens
 * while applications are open) because other files submit hacker applications meanwhile.
 */
test.describe('application window', () => {
  test.describe.configure({ mode: 'serial' });

  let admin: Awaited<ReturnType<typeof adminApi>>;
  let original: WindowSettings;

  test.beforeAll(async () => {
    admin = await adminApi();
    original = await admin.getSettings();
  });

  test.afterAll(async () => {
    await admin?.dispose();
  });

  test.afterEach(async () => {
    await admin.putSettings(original);
  });

  test('deadline passed, no late applications: "Applications Closed"; forced open shows the badge', async ({
    page,
  }) => {
    await signUpHacker(page, 'apply-closed');
    await admin.putSettings({
      application_deadline: new Date(Date.now() - 60_000).toISOString(),
      allow_late_applications: false,
      require_access_code: false,
      force_application_open: false,
    });
    await page.goto('/hacker-apply');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications Closed' })).toBeVisible();
    await expect(
      page.getByText(/deadline has passed and late applications are not being accepted/),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: 'Hacker application' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await admin.putSettings({ force_application_open: true });
    await page.goto('/hacker-apply');
    await expect(page.getByText('Admin Override: Applications Forced Open')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Hacker application' })).toBeVisible();
    await expect(page.getByText('Late Application')).toHaveCount(0);
    await expect(page.getByLabel('Access code')).toHaveCount(0);
  });

  test('late mode: a wrong access code is refused, the right one lets the application in', async ({
    page,
  }) => {
    test.slow(); // Fills every field before the window changes.
    const code = `LATE${Date.now().toString(36).toUpperCase()}`;
    await signUpHacker(page, 'apply-late');
    await openHackerForm(page);
    // Typed while applications are open; the draft carries it into late mode.
    await fillHackerForm(page);
    await waitForDraftSaved(page);

    await admin.putSettings({
      application_deadline: new Date(Date.now() - 60_000).toISOString(),
      allow_late_applications: true,
      force_application_open: false,
      special_access_codes: [...original.special_access_codes, code],
    });
    await page.reload();
    await expect(page.getByText('Late Application', { exact: true })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue(ANSWERS.firstName);
    await page.getByLabel('Access code').fill('WRONG-CODE');

    await page.getByRole('button', { name: 'Submit Application' }).click();
    const step = page.getByRole('dialog', { name: 'Enter your access code' });
    await expect(step.getByLabel('Access code')).toHaveValue('WRONG-CODE');
    await step.getByRole('button', { name: 'Continue' }).click();
    await expect(step.getByText('That access code is not valid.')).toBeVisible();
    await expect(step.getByLabel('Access code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog', { name: 'Submit your application?' })).toHaveCount(0);

    await step.getByLabel('Access code').fill(code.toLowerCase());
    await step.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
    await confirm.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();

    const me = await page.request.get('/api/applications/me');
    expect(((await me.json()) as { application: { status: string } }).application.status).toBe('submitted');
  });
});
