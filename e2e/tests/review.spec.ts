import { test, expect, type Page } from '../support/fixtures';
import { fillAdminSignIn, PASSWORD, toasts, uniqueEmail } from '../support/app';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';
import { createHackerApplicants } from '../support/admin-applicants';

interface MyReviews {
  reviews: { application_id: string; total: number; editable: boolean }[];
  progress: { reviewed: number; remaining: number };
}

let admin: SeededAdmin;

test.beforeAll(async () => {
  admin = await seededAdmin();
  // Enough applications in the queue for every test here, whatever other specs have submitted.
  await createHackerApplicants(
    admin,
    6,
    (i) => ({ whyAttendQuestion: `I want to build a tool for my town's food bank (${i}).` }),
    { tag: 'review' },
  );
});
test.afterAll(async () => admin.dispose());

/** A new reviewer account signed in at /admin/login, landing on /review. */
async function signInReviewer(page: Page): Promise<void> {
  const email = uniqueEmail('reviewer');
  await admin.createUser(email, 'reviewer');
  await page.goto('/admin/login');
  await fillAdminSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/review$/);
  await expect(toasts(page)).toContainText('Review Access Granted');
}

const form = (page: Page) => page.getByRole('form', { name: 'Review' });

/** The application on screen, once its rubric is drawn. */
async function currentApplication(page: Page): Promise<string> {
  await expect(page.getByRole('radiogroup', { name: 'Motivation' })).toBeVisible();
  const id = await form(page).getAttribute('data-application-id');
  expect(id).toBeTruthy();
  return id!;
}

async function myReviews(page: Page): Promise<MyReviews> {
  const res = await page.request.get('/api/review/mine');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as MyReviews;
}

test.describe('review', () => {
  test('a reviewer scores three applications with the keyboard only, skips one for a conflict, and changes a review', async ({
    page,
  }) => {
    await signInReviewer(page);
    const progress = page.getByTestId('review-progress');
    await expect(progress).toHaveText(/^You have reviewed 0; [\d,]+ applications? still needs? reviews\.$/);
    // An admin's pages are not a reviewer's.
    await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);

    const reviewed: string[] = [];
    for (const [i, keys] of [
      ['4', '3', '5'],
      ['2', '2', '1'],
      ['5', '5', '4'],
    ].entries()) {
      const id = await currentApplication(page);
      expect(reviewed).not.toContain(id);
      for (const key of keys) await page.keyboard.press(key);
      await expect(
        page.getByRole('radio', { name: `Motivation: ${keys[1]} — `, exact: false }),
      ).toHaveAttribute('aria-checked', 'true');
      const submitted = page.waitForResponse(
        (r) => r.url().endsWith(`/api/review/${id}`) && r.request().method() === 'POST',
      );
      await page.keyboard.press('Enter');
      expect((await submitted).status()).toBe(200);
      reviewed.push(id);
      await expect(progress).toContainText(`You have reviewed ${i + 1};`);
    }

    // S, then Enter on the first reason: a conflict of interest.
    const skipped = await currentApplication(page);
    expect(reviewed).not.toContain(skipped);
    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: 'Skip This Application' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: 'Conflict of interest: I know this person' }),
    ).toBeFocused();
    const skip = page.waitForRequest((r) => r.url().endsWith(`/api/review/${skipped}/skip`));
    await page.keyboard.press('Enter');
    expect((await skip).postDataJSON()).toEqual({ reason: 'conflict' });
    await expect(dialog).toBeHidden();
    await expect(form(page)).not.toHaveAttribute('data-application-id', skipped);
    await expect(progress).toContainText('You have reviewed 3;');

    const mine = await myReviews(page);
    expect(mine.reviews.map((r) => r.application_id).sort()).toEqual([...reviewed].sort());
    expect(mine.reviews.find((r) => r.application_id === reviewed[0])?.total).toBe(4);

    // Back to the first review, from "Your Recent Reviews": its scores are there to change.
    const recent = page.getByRole('region', { name: 'Your Recent Reviews' });
    await expect(recent.getByRole('link', { name: /^Change review/ })).toHaveCount(3);
    await recent
      .getByRole('link', { name: /^Change review/ })
      .last()
      .click();
    await expect(page).toHaveURL(new RegExp(`/review\\?application=${reviewed[0]}$`));
    await expect(form(page)).toHaveAttribute('data-application-id', reviewed[0]!);
    await expect(page.getByRole('radio', { name: /^Motivation: 3 — / })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('radio', { name: /^Motivation: 1 — / }).click();
    await page
      .getByLabel('Private Note for Organisers')
      .fill('Scored too high at first: the reason is generic.');
    await page.getByRole('button', { name: /^Save Changes/ }).click();
    await expect(toasts(page)).toContainText('Review Updated');
    await expect(page).toHaveURL(/\/review$/);

    const changed = (await myReviews(page)).reviews.find((r) => r.application_id === reviewed[0]);
    // (4 + 1 + 5) / 3 on a 1-to-5 rubric of equal weights.
    expect(changed?.total).toBeCloseTo(10 / 3, 2);
    expect(changed?.editable).toBe(true);
    const again = await page.request.get(`/api/review/${reviewed[0]}`);
    expect(((await again.json()) as { review: { note: string } }).review.note).toBe(
      'Scored too high at first: the reason is generic.',
    );
  });

  test('a reviewer is sent from /admin and /checkin to /review', async ({ page }) => {
    await signInReviewer(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/review$/);
    await page.goto('/checkin');
    await expect(page).toHaveURL(/\/review$/);
  });

  test('an admin reaches /review from the admin portal and back', async ({ page }) => {
    await signInNewAdmin(page, admin);
    await page.getByRole('link', { name: 'Review Applications' }).click();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Applications' })).toBeVisible();
    await page.getByRole('link', { name: 'Admin Portal' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('review on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the review screen at 360 px: no sideways scroll, every score button and the submit bar in reach', async ({
    page,
  }) => {
    await signInReviewer(page);
    await currentApplication(page);

    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    // The submit bar sticks to the bottom of the screen while the answers are read.
    const submit = page.getByRole('button', { name: /^Submit and Next/ });
    await expect(submit).toBeInViewport();
    await page.evaluate('window.scrollBy(0, 400)');
    await expect(submit).toBeInViewport();

    for (const radio of await page.getByRole('radio').all()) {
      const box = await radio.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(40);
    }

    // On a phone the chosen level's meaning shows beside the buttons; every meaning is a tap away.
    await page.getByRole('radio', { name: /^Motivation: 4 — / }).tap();
    await expect(page.getByText('Specific goals for this event')).toBeVisible();
    await page.getByRole('button', { name: 'Show All Meanings' }).tap();
    await expect(page.getByText('Generic reasons that fit any event')).toBeVisible();

    const id = await currentApplication(page);
    await page.getByRole('radio', { name: /^Experience and background: 3 — / }).tap();
    await page.getByRole('radio', { name: /^Creativity: 2 — / }).tap();
    const submitted = page.waitForResponse(
      (r) => r.url().endsWith(`/api/review/${id}`) && r.request().method() === 'POST',
    );
    await submit.tap();
    expect((await submitted).status()).toBe(200);
    await expect(page.getByTestId('review-progress')).toContainText('You have reviewed 1;');
  });
});
