import { test, expect, type Page } from '../support/fixtures';
import { toasts } from '../support/app';
import { fillHackerForm, openHackerForm, signUpApplicant } from '../support/hacker-apply';
import { pdfFile, pdfFilePath } from '../support/applications';
import { fillMentorForm, openMentorForm } from '../support/mentor-apply';

// Issue 14, item 8: the hacker and mentor forms are one product. Each test runs the same steps on
// both forms; only what differs by role (the resume limit) differs.

const MB = 1024 * 1024;
const UPLOADER = {
  hacker: {
    help: 'PDF, DOC or DOCX, up to 10 MB. It uploads as soon as you choose it.',
    maxBytes: 10 * MB,
    tooLarge: 'Resume file cannot exceed 10MB.',
  },
  mentor: {
    help: 'Optional. PDF, DOC or DOCX, up to 5 MB. It uploads as soon as you choose it.',
    maxBytes: 5 * MB,
    tooLarge: 'Please upload a file smaller than 5MB.',
  },
} as const;

const ROLES = ['hacker', 'mentor'] as const;
type Role = (typeof ROLES)[number];

async function openForm(page: Page, role: Role) {
  await signUpApplicant(page, role, `one-${role}`);
  if (role === 'hacker') await openHackerForm(page);
  else await openMentorForm(page);
}

/** Picks a file through the visible button, the way a person does. */
async function chooseWith(page: Page, button: string, file: ReturnType<typeof pdfFile>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

/** What an applicant reads in the confirmation dialog. */
async function readConfirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return {
    heading: await dialog.getByRole('heading').textContent(),
    description: await dialog.locator('p').first().textContent(),
    // An icon-only button (Close) is named by its aria-label, not its text.
    buttons: await dialog
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)),
  };
}

for (const role of ROLES) {
  test(`the ${role} form's resume uploader: one name and help text, upload, replace, remove, refusals`, async ({
    page,
  }) => {
    const uploads: string[] = [];
    const stored: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/upload/resume')) uploads.push(req.url());
    });
    page.on('response', async (res) => {
      if (res.url().endsWith('/api/upload/resume') && res.status() === 201) {
        stored.push(((await res.json()) as { file_url: string }).file_url);
      }
    });
    await openForm(page, role);
    const { help, maxBytes, tooLarge } = UPLOADER[role];

    const input = page.getByLabel('Resume', { exact: true });
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx');
    await expect(input).toHaveAccessibleDescription(help);
    await expect(page.getByRole('button', { name: 'Upload resume' })).toHaveAccessibleDescription(help);

    // Refused in the browser, with this role's words, before anything is sent.
    await input.setInputFiles(pdfFilePath('big.pdf', maxBytes + 1));
    await expect(toasts(page).getByText('File Too Large')).toBeVisible();
    await expect(toasts(page).getByText(tooLarge)).toBeVisible();
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toasts(page).getByText('Invalid File Type')).toBeVisible();
    await expect(toasts(page).getByText('Please upload a PDF, DOC, or DOCX file.')).toBeVisible();
    expect(uploads).toEqual([]);

    await chooseWith(page, 'Upload resume', pdfFile('first-cv.pdf'));
    const file = page.getByTestId('resume-file');
    await expect(file).toContainText('first-cv.pdf');
    await expect(file).toContainText('Uploaded');

    await chooseWith(page, 'Replace first-cv.pdf', pdfFile('second-cv.pdf'));
    await expect(file).toContainText('second-cv.pdf');
    await expect(file).not.toContainText('first-cv.pdf');

    // Removing it leaves the keyboard on the button that picks a file again.
    await page.getByRole('button', { name: 'Remove second-cv.pdf' }).click();
    await expect(file).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload resume' })).toBeFocused();
    expect(uploads).toHaveLength(2);
    // Both files are deleted once the draft no longer holds them (never before: a save on its way
    // may still carry one, and the server refuses a draft whose file is gone).
    expect(stored).toHaveLength(2);
    for (const url of stored) {
      await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 10_000 }).toBe(404);
    }
  });
}

test('both forms: the same e-mail hint, questions in sentence case, the same submit bar', async ({
  page,
  context,
}) => {
  const bars: Record<Role, string | null> = { hacker: null, mentor: null };
  for (const role of ROLES) {
    await context.clearCookies();
    await openForm(page, role);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'From your account; it cannot be changed here.',
    );
    for (const label of ['First name', 'Last name', 'Phone number']) {
      await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('draft-status').first()).toBeAttached();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const attention = page.getByRole('alert').filter({ hasText: /answers need your attention\.$/ });
    await expect(attention).toBeVisible();
    bars[role] = await attention.evaluate((el) => el.parentElement!.parentElement!.className);
  }
  // The mentor's own questions follow the hacker form's style too.
  for (const label of ['Work email', "Anything else you'd like us to know?", 'How did you hear about us?']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
  }
  for (const legend of ['Areas of expertise', 'Programming languages', 'Build tools']) {
    await expect(page.getByRole('group', { name: new RegExp(`^${legend}`) })).toBeVisible();
  }
  expect(bars.mentor).toBe(bars.hacker);
});

test('both forms confirm with the same dialog and end on the same success view', async ({
  page,
  context,
}) => {
  test.slow(); // Fills in and submits both forms.
  await openForm(page, 'hacker');
  await fillHackerForm(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const hackerDialog = await readConfirmDialog(page);
  expect(hackerDialog).toEqual({
    heading: 'Submit your application?',
    description:
      'Once you submit, your responses cannot be edited. Please check your answers before you continue.',
    buttons: ['Cancel', 'Submit Application', 'Close'],
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
  const hackerLinks = await page.getByRole('main').getByRole('link').allTextContents();

  await context.clearCookies();
  await openForm(page, 'mentor');
  await fillMentorForm(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  expect(await readConfirmDialog(page)).toEqual(hackerDialog);

  // Cancel goes back to the form; confirming shows the same progress, then the same success view.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Application' }).click();
  await expect(toasts(page).getByText('Your mentor application has been submitted.')).toBeVisible();
  await expect(page).toHaveURL(/\/mentor-submission-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentor Application Submitted' })).toBeVisible();
  await expect(page.getByText(/rolling basis/)).toBeVisible();
  expect(await page.getByRole('main').getByRole('link').allTextContents()).toEqual(hackerLinks);
});
