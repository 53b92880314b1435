import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { uniqueTag } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  CHECKIN_UPLOAD_PASSWORD,
  openAdminUtilities,
  openCheckin,
  recordRow,
  recordsTable,
  searchCheckin,
} from '../support/checkin';

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const HEADER =
  'email,major,phone,birthYear,isHighSchool,preferred_name,school_name,pronoun,linkedin_url,github_url,birthDay,birthMonth,firstName,gender,lastName,race,shirtSize,travelFrom';

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') };
}

test.describe('check-in CSV upload', () => {
  test('behind the Restricted Access prompt: wrong password, then a 2-row CSV with month names', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/); // the bad row, on purpose
    const tag = uniqueTag('csv');
    await signInNewAdmin(page, admin);
    await openCheckin(page);
    await openAdminUtilities(page);
    await expect(page.getByRole('button', { name: 'Import from RSVPs' })).toBeVisible();

    await page.getByRole('button', { name: 'Unlock CSV Upload' }).click();
    const prompt = page.getByRole('dialog', { name: 'Restricted Access' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('Password').fill('not-the-door-secret');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(toasts(page)).toContainText('Unauthorized');
    await expect(toasts(page)).toContainText('Incorrect password');
    await expect(toasts(page)).not.toContainText('not-the-door-secret');
    await expect(prompt.getByLabel('Password')).toHaveValue('');

    await prompt.getByLabel('Password').fill(CHECKIN_UPLOAD_PASSWORD);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Admin Utilities' }).getByText('CSV upload unlocked'),
    ).toBeVisible();
    expect(page.url()).not.toContain(CHECKIN_UPLOAD_PASSWORD);

    // No file yet.
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await expect(toasts(page)).toContainText('No file selected');
    await expect(toasts(page)).toContainText('Please select a CSV file to upload');

    // Not a .csv: refused at once.
    const picker = page.getByLabel('CSV file');
    await picker.setInputFiles({ name: 'people.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(picker).toHaveValue('');

    // A bad row: the server names the line, and nothing is imported.
    await picker.setInputFiles(
      csvFile('bad.csv', [
        HEADER,
        `${tag}-ok@e2e.test,,,2001,no,,Riverside,,,,5,May,Ok,,Row${tag},,s,`,
        `${tag}-bad@e2e.test,,,2001,no,,Riverside,,,,5,Smarch,Bad,,Row${tag},,s,`,
      ]),
    );
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await expect(toasts(page)).toContainText('Line 3');
    await searchCheckin(page, tag);
    await expect(
      page.getByRole('status').filter({ hasText: 'No records match these filters.' }),
    ).toBeVisible();

    const upload = page.waitForRequest((r) => r.url().endsWith('/api/checkin/upload-csv'));
    await picker.setInputFiles(
      csvFile('people.csv', [
        HEADER,
        `${tag}-ada@e2e.test,Mathematics,+1 555 0101,2007,yes,Ada,Riverside High,She/Her,,https://github.com/ada,20,September,Ada,female,Lovelace${tag},,m,London`,
        `${tag}-alan@e2e.test,CS,+1 555 0102,2000,no,,Riverside University,,,,23,Jun,Alan,male,Turing${tag},,xl,Manchester`,
      ]),
    );
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const sent = await upload;
    // The password travels in the multipart body only, never in the address.
    expect(sent.url()).not.toContain(CHECKIN_UPLOAD_PASSWORD);
    expect(await sent.headerValue('content-type')).toMatch(/^multipart\/form-data/);
    await expect(page.getByTestId('csv-processed')).toHaveText('Processed 2 records.');
    await expect(toasts(page)).toContainText('Processed 2 records');

    // The list (already searching for the tag) refreshes by itself.
    await expect(recordsTable(page).getByRole('row')).toHaveCount(3);
    // "September" and "Jun" were read as months: a 17-year-old (birthday the day after the event starts) and an adult.
    await expect(recordRow(page, `${tag}-ada@e2e.test`).getByRole('cell').nth(2)).toContainText(
      'Age 17 (under 18)',
    );
    await expect(recordRow(page, `${tag}-alan@e2e.test`).getByRole('cell').nth(2)).toContainText(
      'Age 25 (18+)',
    );
    await expect(recordRow(page, `${tag}-alan@e2e.test`).getByRole('cell').nth(4)).toHaveText('XL');
  });
});
