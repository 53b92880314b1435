/**
 * Issue 19, custom questions: an admin adds "Is this your first hackathon?" (yes/no, required),
 * "Which track?" (single choice with Other) and a question shown only to people who have been to
 * one before, reorders them and previews the form; a hacker sees them, cannot submit without the
 * required one, watches the conditional one come and go, submits, and the admin reads the answers
 * in the detail dialog, filters the list on one and finds the answers in the CSV. Before that, a
 * mentor answers a mentor-only question, and a hacker who started before a required question was
 * added submits without it. A required question changes every hacker's form: this spec runs with the
 * global-state specs, one at a time, and hides or deletes its questions afterwards.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { toasts } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import {
  applicationRow,
  downloadedBytes,
  openApplicationFilters,
  parseCsv,
  searchApplications,
  uniqueTag,
} from '../support/admin-applicants';
import {
  fillHackerForm,
  openHackerForm,
  signUpApplicant,
  signUpHacker,
  waitForDraftSaved,
} from '../support/hacker-apply';
import { fillMentorForm, openMentorForm } from '../support/mentor-apply';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let admin: SeededAdmin;
const tag = uniqueTag('');
const FIRST = `Is this your first hackathon? ${tag}`;
const TRACK = `Which track? ${tag}`;
const BEEN = `Which hackathons have you been to? ${tag}`;
const MENTOR_TRACKS = `Which tracks will you mentor? ${tag}`;
const LATE = `Bringing a laptop? ${tag}`;
const escaped = (label: string) => new RegExp(label.replace(/[?]/g, '\\?'));

test.beforeAll(async () => {
  admin = await seededAdmin();
});

test.afterAll(async () => {
  // Answered questions cannot be deleted: they are hidden, so no later spec's form asks them.
  const res = await admin.request.get('/api/admin/questions', { headers: admin.headers });
  const { questions } = (await res.json()) as {
    questions: { id: string; label: string; answered: number }[];
  };
  for (const q of questions.filter((q) => q.label.endsWith(tag))) {
    const deleted = await admin.request.delete(`/api/admin/questions/${q.id}`, {
      headers: admin.headers,
      data: {},
    });
    if (deleted.ok()) continue;
    const full = (await (
      await admin.request.get('/api/admin/questions', { headers: admin.headers })
    ).json()) as {
      questions: Record<string, unknown>[];
    };
    const current = full.questions.find((x) => x.id === q.id)!;
    const { id: _id, position: _p, version: _v, updated_at: _u, answered: _a, ...body } = current;
    const hidden = await admin.request.put(`/api/admin/questions/${q.id}`, {
      headers: admin.headers,
      data: { ...body, hidden: true },
    });
    expect(hidden.status(), await hidden.text()).toBe(200);
  }
  await admin.dispose();
});

async function addQuestion(page: Page, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Add question to Additional Information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(toasts(page).getByText('Question Added').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A question made through the admin API (the editor itself is driven in the next test). */
async function createQuestion(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await admin.request.post('/api/admin/questions', { headers: admin.headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

async function hideQuestion(q: Record<string, unknown>) {
  const { id, position: _p, version: _v, updated_at: _u, ...body } = q;
  const res = await admin.request.put(`/api/admin/questions/${String(id)}`, {
    headers: admin.headers,
    data: { ...body, hidden: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a mentor answers the mentor form’s own question; a question added mid-draft stays optional for those who started', async ({
  page,
}) => {
  const mentorQuestion = await createQuestion({
    role: 'mentor',
    section: 'skills',
    type: 'multiple_choice',
    label: MENTOR_TRACKS,
    options: [
      { id: 'ai', label: 'AI' },
      { id: 'hw', label: 'Hardware' },
    ],
    required: true,
  });
  try {
    await signUpApplicant(page, 'mentor', 'custom-q-mentor');
    await openMentorForm(page);
    await fillMentorForm(page);
    const skills = page.getByRole('region', { name: 'Skills and Experience' });
    const tracks = skills.getByRole('group', { name: escaped(MENTOR_TRACKS) });
    await expect(tracks).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText(`${MENTOR_TRACKS}: this question is required`).first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Submit your application?' })).toHaveCount(0);

    await tracks.getByLabel('AI').check();
    await tracks.getByLabel('Hardware').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByRole('dialog', { name: 'Submit your application?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(page).toHaveURL(/\/mentor-submission-success$/);
    await page.goto('/view-application');
    await expect(page.getByRole('region', { name: 'Skills and Experience' })).toContainText(MENTOR_TRACKS);
    await expect(page.getByRole('region', { name: 'Skills and Experience' })).toContainText('AI, Hardware');
  } finally {
    await hideQuestion(mentorQuestion);
  }

  // A hacker's draft began before the organiser added a required question: on their form it is
  // asked, not required, and the submission goes through without it.
  await page.context().clearCookies();
  await signUpHacker(page, 'custom-q-late');
  await openHackerForm(page);
  await fillHackerForm(page);
  await waitForDraftSaved(page);
  const late = await createQuestion({
    role: 'hacker',
    section: 'additional',
    type: 'yes_no',
    label: LATE,
    required: true,
  });
  try {
    await page.reload();
    const laptop = page.getByRole('group', { name: escaped(LATE) });
    await expect(laptop).toBeVisible();
    await expect(laptop).not.toContainText('*');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByRole('dialog', { name: 'Submit your application?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
  } finally {
    await hideQuestion(late);
  }
});

test('an admin adds, orders and previews custom questions; a hacker answers them; the admin reads them', async ({
  page,
  browser,
}) => {
  test.slow(); // Two portals, a whole application, and the Insights tab's every chart.
  await signInNewAdmin(page, admin);
  await page.goto('/admin?tab=settings');
  const card = page.getByRole('region', { name: 'Questions', exact: true });
  await expect(card.getByText('Dietary Restrictions')).toBeVisible();

  await addQuestion(page, async (d) => {
    await d.getByLabel('Type').selectOption({ label: 'Yes / no' });
    await d.getByLabel('Question', { exact: true }).fill(FIRST);
    await d.getByLabel('Required', { exact: true }).check();
  });
  await addQuestion(page, async (d) => {
    await d.getByLabel('Type').selectOption({ label: 'Single choice' });
    await d.getByLabel('Question', { exact: true }).fill(TRACK);
    await d.getByLabel('Option 1', { exact: true }).fill('AI');
    await d.getByLabel('Option 2', { exact: true }).fill('Web');
    await d.getByLabel('Offer "Other: …"').check();
  });
  await addQuestion(page, async (d) => {
    await d.getByLabel('Question', { exact: true }).fill(BEEN);
    await d.getByLabel('Show', { exact: true }).selectOption({ label: `Only when ${FIRST}: No` });
  });

  // The track question moves above the first-hackathon one.
  const additional = card.getByRole('region', { name: 'Additional Information' });
  await additional.getByRole('button', { name: `Move "${TRACK}" up` }).click();
  await expect(toasts(page).getByText('Order Saved')).toBeVisible();
  const labels = additional.getByRole('listitem').filter({ hasText: tag, hasNotText: LATE });
  await expect(labels.first()).toContainText(TRACK);

  // The preview draws them as applicants see them; the conditional one follows its answer.
  const preview = page.getByTestId('questions-preview');
  await expect(preview.getByText(TRACK)).toBeVisible();
  await expect(preview.getByText(BEEN)).toHaveCount(0);
  await preview
    .getByRole('group', { name: escaped(FIRST) })
    .getByLabel('No')
    .check();
  await expect(preview.getByText(BEEN)).toBeVisible();

  // A hacker sees them, and the required one is required.
  const context = await browser.newContext();
  try {
    const hacker = await context.newPage();
    const email = await signUpHacker(hacker, 'custom-q');
    await openHackerForm(hacker);
    await fillHackerForm(hacker);
    const first = hacker.getByRole('group', { name: escaped(FIRST) });
    await expect(first).toBeVisible();
    await hacker.getByRole('button', { name: 'Submit Application' }).click();
    await expect(hacker.getByText(`${FIRST}: this question is required`).first()).toBeVisible();
    await expect(hacker.getByRole('dialog', { name: 'Submit your application?' })).toHaveCount(0);

    await expect(hacker.getByLabel(BEEN)).toHaveCount(0);
    await first.getByLabel('No').check();
    await expect(hacker.getByLabel(BEEN)).toBeVisible();
    await first.getByLabel('Yes').check();
    await expect(hacker.getByLabel(BEEN)).toHaveCount(0);

    const track = hacker.getByRole('group', { name: escaped(TRACK) });
    await track.getByLabel('Other').check();
    await track.getByLabel('Please specify').fill('Hardware');

    await hacker.getByRole('button', { name: 'Submit Application' }).click();
    await hacker
      .getByRole('dialog', { name: 'Submit your application?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(hacker.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();

    // The admin reads the answers in the detail dialog.
    await page.goto('/admin?tab=applications');
    await searchApplications(page, email);
    await applicationRow(page, email).getByRole('button', { name: /^View/ }).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByText(FIRST)).toBeVisible();
    await expect(detail.getByText('Other: Hardware')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The yes/no question is a filter of the list (kept in the URL), and the CSV has its column.
    await openApplicationFilters(page);
    const group = page.getByRole('group', { name: `${FIRST} (Hacker)` });
    await group.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('Showing 0 of 0 applications')).toBeVisible();
    await group.getByRole('button', { name: 'No' }).click();
    await group.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Showing 1 of 1 applications')).toBeVisible();
    await expect(page).toHaveURL(/app_custom=/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`${FIRST} (Hacker): Yes`);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const rows = parseCsv((await downloadedBytes(await downloaded)).toString('utf8')).filter((r) =>
      r.some(Boolean),
    );
    const [header, ...data] = rows;
    expect(data).toHaveLength(1);
    expect(data[0]![header!.indexOf(TRACK)]).toBe('Other: Hardware');
    expect(data[0]![header!.indexOf(FIRST)]).toBe('Yes');

    // Insights draws the yes/no question with the other answers of who applied. Its chart appears
    // only once the panel's answer is in, behind the charts' own chunk and eight other panels: on a
    // busy CI machine that alone took over 10 s, so the wait is for the answer first, then the chart.
    const counted = page.waitForResponse((r) => r.url().includes('/api/admin/insights/custom?'));
    await page.goto('/admin?tab=insights&insights_role=hacker');
    const answer = await counted;
    expect(answer.status()).toBe(200);
    const asked = ((await answer.json()) as { questions: { label: string; answered: number }[] }).questions;
    expect(asked.find((q) => q.label === FIRST)?.answered).toBe(1);
    const chart = page.getByRole('region', { name: FIRST, exact: true });
    await expect(chart.getByRole('table')).toContainText('Yes');
  } finally {
    await context.close();
  }
});
