import { test, expect } from '../support/fixtures';
import { BASE_URL, toasts } from '../support/app';
import {
  applicationRow,
  createHackerApplicant,
  openAdminTab,
  setApplicationStatus,
  uniqueTag,
} from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { openTab, putRsvp, rsvpRow } from '../support/admin-rsvp';
import { HACKER_ANSWERS, pdfFile } from '../support/applications';
import {
  CHECKIN_UPLOAD_PASSWORD,
  createCheckinRecord,
  openAdminUtilities,
  openCheckin,
  recordRow,
  searchCheckin,
  setCheckedInViaApi,
  type CheckinRecordRow,
} from '../support/checkin';
import { openHackerForm, signUpHacker } from '../support/hacker-apply';
import {
  HOSTILE,
  HOSTILE_HTTP_LINK,
  JAVASCRIPT_LINK,
  TEN_THOUSAND,
  atBothWidths,
  expectLiteral,
  expectNoHorizontalOverflow,
  expectNothingInjected,
  watchDialogs,
} from '../support/hostile';

// Hostile names and essays render as text in every admin and
// check-in view, layouts survive the longest names, and only http(s) links are stored.

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  await admin?.dispose();
});

const HOSTILE_ANSWERS = {
  firstName: HOSTILE.img,
  lastName: HOSTILE.script,
  major: HOSTILE.svg,
  university: HOSTILE.rtl,
  travelFrom: HOSTILE.zeroWidth,
  howDidYouHear: HOSTILE.emoji,
  dietaryRestrictions: `${HOSTILE.script} ${HOSTILE.emoji}`,
  backgroundQuestion: `${HOSTILE.script}\n${HOSTILE.img}`,
  householdObjectQuestion: `${HOSTILE.svg} ${HOSTILE.rtl}`,
  whyAttendQuestion: `${HOSTILE.zeroWidth}\n\n${HOSTILE.img}`,
  portfolio: HOSTILE_HTTP_LINK,
};
const HOSTILE_NAME = `${HOSTILE.img} ${HOSTILE.script}`;
const ENCODED_LINK = new URL(HOSTILE_HTTP_LINK).href;

const HOSTILE_RSVP = {
  rsvp_status: 'accepted',
  preferred_name: `${HOSTILE.svg} ${HOSTILE.zeroWidth}`,
  school_name: HOSTILE.rtl,
  pronoun: HOSTILE.img,
  linkedin_url: HOSTILE_HTTP_LINK,
  github_url: null,
  liability_waiver_accepted: true,
  photo_clearance_accepted: true,
  photo_sharing_opt_out: false,
} as const;

/** The check-in CSV columns, quoted as RFC 4180 wants. */
const CSV_HEADER = ['email', 'phone', 'school_name', 'firstName', 'lastName', 'preferred_name', 'major'];
function csvLine(cells: string[]): string {
  return cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
}

async function recordsBySearch(search: string): Promise<(CheckinRecordRow & Record<string, unknown>)[]> {
  const res = await admin.request.get('/api/checkin/records', {
    params: { search, limit: 50 },
    headers: admin.headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { records: (CheckinRecordRow & Record<string, unknown>)[] }).records;
}

test.describe('hostile strings', () => {
  test('the checks themselves fail on a page where the payload became markup', async ({ page }) => {
    await page.setContent(`<main><p>${HOSTILE.img}</p></main>`);
    const failure = await expectNothingInjected(page).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toContain('"undefined"');
    await expect(expectLiteral(page.locator('main'), HOSTILE.img, { timeout: 500 })).rejects.toThrow();
  });

  test('render as text in the admin users, applications, RSVP and history views', async ({ page }) => {
    test.slow(); // Five views, each checked for injection.
    const dialogs = watchDialogs(page);
    const tag = uniqueTag('hx');
    const applicant = await createHackerApplicant(admin, HOSTILE_ANSWERS, { tag });
    await setApplicationStatus(admin, applicant.id, 'accepted');
    await putRsvp(admin, applicant.id, HOSTILE_RSVP);
    // Over the cap, or a javascript: link: refused, naming the field, and the RSVP above stays.
    for (const [field, value] of [
      ['preferred_name', TEN_THOUSAND],
      ['linkedin_url', JAVASCRIPT_LINK],
    ] as const) {
      const refused = await admin.request.put(`/api/admin/applications/${applicant.id}/rsvp`, {
        data: { ...HOSTILE_RSVP, [field]: value },
        headers: admin.headers,
      });
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toContain(field);
    }
    await signInNewAdmin(page, admin);

    // Users: the list shows e-mails only; the user's application dialog shows the answers.
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(applicant.email);
    await page.getByRole('button', { name: `View application of ${applicant.email}` }).click();
    const userDialog = page.getByRole('dialog');
    for (const value of [
      HOSTILE.img,
      HOSTILE.script,
      HOSTILE.svg,
      HOSTILE.rtl,
      HOSTILE_ANSWERS.backgroundQuestion,
      HOSTILE_ANSWERS.householdObjectQuestion,
      HOSTILE_ANSWERS.whyAttendQuestion,
      HOSTILE_ANSWERS.dietaryRestrictions,
      HOSTILE.zeroWidth,
      HOSTILE.emoji,
    ]) {
      await expectLiteral(userDialog, value);
    }
    await expectNothingInjected(page);
    await page.keyboard.press('Escape');

    // Applications: the list row and the detail dialog (answers, links, RSVP card, history).
    await openAdminTab(page, 'applications', `app_search=${tag}`);
    const row = applicationRow(page, applicant.email);
    await expectLiteral(row, HOSTILE_NAME);
    await expectLiteral(row, HOSTILE.rtl);
    await expectNothingInjected(page);
    await row.getByRole('button', { name: /^View/ }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(HOSTILE_NAME);
    expect(await detail.getByRole('heading', { level: 2 }).textContent()).toBe(HOSTILE_NAME);
    const overview = detail.getByRole('region', { name: 'Applicant' });
    await expectLiteral(overview, HOSTILE.rtl);
    await expectLiteral(overview, HOSTILE.svg);
    const answers = detail.getByRole('region', { name: 'Application' });
    for (const value of [
      HOSTILE_ANSWERS.backgroundQuestion,
      HOSTILE_ANSWERS.householdObjectQuestion,
      HOSTILE_ANSWERS.whyAttendQuestion,
      HOSTILE_ANSWERS.dietaryRestrictions,
      HOSTILE.zeroWidth,
      HOSTILE.emoji,
    ]) {
      await expectLiteral(answers, value);
    }
    // The http(s) link with markup in its path stays one link: the browser's own URL encoding of
    // it is the address, and nothing of it becomes an element.
    await expect(detail.getByRole('link', { name: /^View Portfolio/ })).toHaveAttribute('href', ENCODED_LINK);
    const rsvpCard = detail.getByRole('region', { name: 'RSVP', exact: true });
    await expectLiteral(rsvpCard, HOSTILE_RSVP.preferred_name);
    await expectLiteral(rsvpCard, HOSTILE_RSVP.school_name);
    await expectLiteral(rsvpCard, HOSTILE_RSVP.pronoun);
    await expect(rsvpCard.getByRole('link')).toHaveAttribute('href', ENCODED_LINK);
    // The audit history names the entries, not the user text.
    const history = detail.getByRole('region', { name: 'History' });
    await expect(history.getByText('Status changed: Pending → Accepted')).toBeVisible();
    await expect(history.getByText('RSVP updated: No Response → Accepted')).toBeVisible();
    await expectNothingInjected(page);
    await page.keyboard.press('Escape');

    // RSVP: the list row and the details dialog.
    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    const rsvp = rsvpRow(page, applicant.email);
    await expectLiteral(rsvp, HOSTILE_NAME);
    await expectNothingInjected(page);
    await rsvp.getByRole('button', { name: /^View RSVP details of/ }).click();
    const details = page.getByRole('dialog', { name: 'RSVP Details' });
    for (const value of [HOSTILE_RSVP.preferred_name, HOSTILE_RSVP.school_name, HOSTILE_RSVP.pronoun]) {
      await expectLiteral(details, value);
    }
    await expectNothingInjected(page);
    await page.keyboard.press('Escape');
    await rsvp.getByRole('button', { name: /^Modify RSVP of/ }).click();
    const modify = page.getByRole('dialog', { name: 'Modify RSVP' });
    await expect(modify.getByLabel('Preferred Full Name')).toHaveValue(HOSTILE_RSVP.preferred_name);
    await expect(modify.getByLabel('Official School Name')).toHaveValue(HOSTILE_RSVP.school_name);
    await expectNothingInjected(page);
    expect(dialogs).toEqual([]);
  });

  test('the longest names the schema allows keep every admin view inside the screen', async ({ page }) => {
    test.slow(); // Four views at two widths.
    const tag = uniqueTag('hxlong');
    // Unbroken words: nothing to wrap at, the hardest case for a layout.
    const longest = {
      firstName: 'W'.repeat(100),
      lastName: 'M'.repeat(100),
      university: 'U'.repeat(200),
      major: 'J'.repeat(200),
    };
    const applicant = await createHackerApplicant(admin, longest, { tag });
    // The RSVP tab lists decided applications only.
    await setApplicationStatus(admin, applicant.id, 'accepted');
    await putRsvp(admin, applicant.id, {
      rsvp_status: 'accepted',
      preferred_name: 'P'.repeat(200),
      school_name: 'S'.repeat(200),
      pronoun: 'X'.repeat(50),
      linkedin_url: `https://www.linkedin.com/in/${'l'.repeat(1900)}`,
      github_url: null,
      liability_waiver_accepted: true,
      photo_clearance_accepted: true,
      photo_sharing_opt_out: false,
    });
    await signInNewAdmin(page, admin);
    const name = `${longest.firstName} ${longest.lastName}`;

    await openAdminTab(page, 'applications', `app_search=${tag}`);
    await expectLiteral(applicationRow(page, applicant.email), name);
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `applications list at ${width}`));
    await applicationRow(page, applicant.email).getByRole('button', { name: /^View/ }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(name);
    await atBothWidths(page, async (width) => {
      await expectNoHorizontalOverflow(page, `application dialog at ${width}`);
      // The dialog's own box stays inside the window too.
      const box = await page.getByRole('dialog').boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    });
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=users');
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(applicant.email);
    await page.getByRole('button', { name: `View application of ${applicant.email}` }).click();
    await expectLiteral(page.getByRole('dialog'), longest.university);
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `user dialog at ${width}`));
    await page.keyboard.press('Escape');

    await openTab(page, 'rsvp', `rsvp_search=${tag}`);
    await expectLiteral(rsvpRow(page, applicant.email), name);
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `RSVP list at ${width}`));
    await rsvpRow(page, applicant.email)
      .getByRole('button', { name: /^View RSVP details of/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'RSVP Details' })).toBeVisible();
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `RSVP details at ${width}`));
  });

  test('a 10,000-character name is refused by the hacker form and the API, and javascript: links too', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    const dialogs = watchDialogs(page);
    await signUpHacker(page, 'hxform');
    await openHackerForm(page);
    await page.getByLabel('First name').fill(TEN_THOUSAND);
    await page.getByLabel('Last name').fill(TEN_THOUSAND);
    await page.getByLabel('Portfolio or GitHub link').fill(JAVASCRIPT_LINK);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    // Inside the form: the toast names the first of these too.
    const form = page.getByRole('form', { name: 'Hacker application' });
    await expect(form.getByText('First name must be at most 100 characters')).toBeVisible();
    await expect(form.getByText('Last name must be at most 100 characters')).toBeVisible();
    await expect(form.getByText('Enter a full link starting with http:// or https://')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Portfolio or GitHub link')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog', { name: 'Submit your application?' })).toHaveCount(0);
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `hacker form at ${width}`));

    // The API says the same, names the field, and stores nothing.
    const upload = await page.request.post('/api/upload/resume', {
      multipart: { file: pdfFile() },
      headers: { Origin: BASE_URL },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { file_url } = (await upload.json()) as { file_url: string };
    const submit = (answers: Record<string, unknown>) =>
      page.request.post('/api/applications/hacker', {
        data: { ...HACKER_ANSWERS, ...answers, resume_url: file_url },
        headers: { Origin: BASE_URL },
      });
    const tooLong = await submit({ firstName: TEN_THOUSAND });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain('First name must be at most 100 characters');
    const badLink = await submit({ portfolio: JAVASCRIPT_LINK });
    expect(badLink.status()).toBe(400);
    expect(await badLink.text()).toContain('Enter a full link starting with http:// or https://');
    const mine = await page.request.get('/api/applications/me');
    expect(mine.status()).toBe(200);
    expect(((await mine.json()) as { application: unknown }).application).toBeNull();

    // RSVP and check-in links are http(s) only as well (admin API).
    const record = await createCheckinRecord(admin, {
      firstName: 'Link',
      lastName: uniqueTag('hxlink'),
      email: `${uniqueTag('hxlink')}@e2e.test`,
    });
    const badCheckinLink = await admin.request.put(`/api/checkin/records/${record._id}`, {
      data: { github_url: JAVASCRIPT_LINK },
      headers: admin.headers,
    });
    expect(badCheckinLink.status()).toBe(400);
    expect(await badCheckinLink.text()).toContain('Links must start with http:// or https://');
    expect((await recordsBySearch(record.email))[0]!.github_url ?? null).toBeNull();
    expect(dialogs).toEqual([]);
  });

  test('check-in: walk-in, CSV-imported and searched records show hostile names as text, live too', async ({
    page,
  }) => {
    test.slow(); // Two records made in the UI, an import, and a live update.
    const dialogs = watchDialogs(page);
    const tag = uniqueTag('hxdoor');
    await signInNewAdmin(page, admin);
    await openCheckin(page);

    // A walk-in typed at the desk.
    const walkInEmail = `${tag}-walkin@e2e.test`;
    await page.getByRole('button', { name: 'Create Entry' }).click();
    const form = page.getByRole('form', { name: 'Create Entry' });
    await form.getByLabel('First Name').fill(HOSTILE.img);
    await form.getByLabel('Last Name').fill(HOSTILE.script);
    await form.getByLabel('Email').fill(walkInEmail);
    await form.getByLabel('Phone').fill('+1 555 010 0123');
    await form.getByRole('textbox', { name: 'School', exact: true }).fill(HOSTILE.rtl);
    await form.getByLabel('Major').fill(HOSTILE.svg);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toasts(page)).toContainText('Created');
    const walkIn = page.getByRole('dialog', { name: HOSTILE_NAME });
    await expect(walkIn).toBeVisible();
    expect(await walkIn.getByRole('heading', { level: 2 }).textContent()).toBe(HOSTILE_NAME);
    await expectLiteral(walkIn, HOSTILE.rtl);
    await expectLiteral(walkIn, HOSTILE.svg);
    await expectNothingInjected(page);
    await page.keyboard.press('Escape');

    // A CSV import: hostile cells, and a 10,000-character first name.
    await openAdminUtilities(page);
    await page.getByRole('button', { name: 'Unlock CSV Upload' }).click();
    const prompt = page.getByRole('dialog', { name: 'Restricted Access' });
    await prompt.getByLabel('Password').fill(CHECKIN_UPLOAD_PASSWORD);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt).toBeHidden();
    const csvEmail = `${tag}-csv@e2e.test`;
    const longEmail = `${tag}-long@e2e.test`;
    const csv = [
      CSV_HEADER.join(','),
      csvLine([
        csvEmail,
        '+1 555 0101',
        HOSTILE.rtl,
        HOSTILE.svg,
        HOSTILE.zeroWidth,
        HOSTILE.img,
        HOSTILE.emoji,
      ]),
      csvLine([longEmail, '+1 555 0102', 'Riverside', TEN_THOUSAND, HOSTILE.script, '', '']),
    ].join('\r\n');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'hostile.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await expect(page.getByTestId('csv-processed')).toHaveText('Processed 2 records.');

    // What the import does with an over-long name: it keeps the first 100 characters (the check-in
    // schema cuts text to its cap instead of refusing the row, for forms and CSV files alike).
    const [long] = await recordsBySearch(longEmail);
    expect(long!.firstName).toBe('W'.repeat(100));
    expect(long!.lastName).toBe(HOSTILE.script);
    // A walk-in sent to the API directly is cut the same way.
    const cut = await createCheckinRecord(admin, {
      firstName: 'Cut',
      lastName: TEN_THOUSAND,
      email: `${tag}-cut@e2e.test`,
    });
    expect(cut.lastName).toBe('W'.repeat(100));

    // The search result lists all three, each name as typed.
    await searchCheckin(page, tag);
    const csvName = `${HOSTILE.svg} ${HOSTILE.zeroWidth}`;
    const longName = `${'W'.repeat(100)} ${HOSTILE.script}`;
    await expectLiteral(recordRow(page, walkInEmail), HOSTILE_NAME);
    await expectLiteral(recordRow(page, walkInEmail), HOSTILE.rtl);
    await expectLiteral(recordRow(page, csvEmail), csvName);
    await expectLiteral(recordRow(page, csvEmail), HOSTILE.rtl);
    await expectLiteral(recordRow(page, longEmail), longName);
    await expectNothingInjected(page);
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `check-in list at ${width}`));

    // Another desk checks the CSV person in: the row updates live and the names stay text.
    const [csvRecord] = await recordsBySearch(csvEmail);
    await setCheckedInViaApi(admin, csvRecord!._id, true);
    await expect(recordRow(page, csvEmail).getByRole('button', { name: /^Undo/ })).toBeVisible();
    await expectLiteral(recordRow(page, csvEmail), csvName);
    await expectNothingInjected(page);

    await recordRow(page, csvEmail).getByRole('button', { name: /^View/ }).click();
    const csvDialog = page.getByRole('dialog', { name: csvName });
    await expect(csvDialog).toBeVisible();
    await expectLiteral(csvDialog, HOSTILE.img); // preferred name
    await expectLiteral(csvDialog, HOSTILE.emoji); // major
    await expectNothingInjected(page);
    await page.keyboard.press('Escape');

    await recordRow(page, longEmail).getByRole('button', { name: /^View/ }).click();
    await expect(page.getByRole('dialog', { name: longName })).toBeVisible();
    await atBothWidths(page, (width) => expectNoHorizontalOverflow(page, `check-in record at ${width}`));
    expect(dialogs).toEqual([]);
  });
});
