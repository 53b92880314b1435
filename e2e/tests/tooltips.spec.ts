import { test, expect, type Page } from '../support/fixtures';
import type { Locator } from '@playwright/test';
import { createHackerApplicant, type Applicant } from '../support/admin-applicants';
import { seededAdmin, signInNewAdmin, type SeededAdmin } from '../support/admin-session';

// Icon-only buttons show their name as a tooltip: after 700 ms of hover, at once within 300 ms of
// another closing, and at once when Tab brings focus.
const OPEN_DELAY_MS = 700;

let admin: SeededAdmin;
let applicant: Applicant;

test.beforeAll(async () => {
  admin = await seededAdmin();
  // With an application, the user's row has all three actions (view, reset, delete) enabled.
  applicant = await createHackerApplicant(admin, {}, { tag: 'tooltip' });
});

test.afterAll(async () => {
  await applicant?.request.dispose();
  await admin?.dispose();
});

async function openUserRow(page: Page) {
  await signInNewAdmin(page, admin);
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(applicant.email);
  // The search is debounced and re-renders the rows: hover only once it has settled.
  await expect(page).toHaveURL((url) => url.searchParams.get('users_search') === applicant.email);
  await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: applicant.email, exact: true }) });
  await expect(row).toHaveCount(1);
  return {
    reset: row.getByRole('button', { name: `Reset application of ${applicant.email}`, exact: true }),
    remove: row.getByRole('button', { name: `Delete ${applicant.email}`, exact: true }),
  };
}

interface TooltipTiming {
  moved?: number;
  opened?: number;
}

/** What the timing script uses of the page's globals (this package compiles without the DOM types). */
interface PageGlobals {
  tooltipTiming: TooltipTiming;
  performance: { now(): number };
  document: { body: unknown; querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: object): void;
    disconnect(): void;
  };
}

/**
 * Milliseconds from the pointer's first move over `button` to the tooltip saying `text` being in
 * the page, timed in the page itself so a slow test runner does not blur it.
 */
async function timeToTooltip(
  page: Page,
  button: Locator,
  text: string,
  hover: () => Promise<void>,
): Promise<number> {
  await button.evaluate((el, text) => {
    const page = globalThis as unknown as PageGlobals;
    const timing: TooltipTiming = {};
    page.tooltipTiming = timing;
    el.addEventListener('pointermove', () => (timing.moved ??= page.performance.now()));
    const observer = new page.MutationObserver(() => {
      const tooltips = Array.from(page.document.querySelectorAll('[role="tooltip"]'));
      if (timing.moved === undefined || !tooltips.some((t) => t.textContent === text)) return;
      timing.opened = page.performance.now();
      observer.disconnect();
    });
    observer.observe(page.document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  await hover();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  const timing = await page.evaluate(() => (globalThis as unknown as PageGlobals).tooltipTiming);
  expect(timing.opened, 'the tooltip was seen to open').toBeDefined();
  return timing.opened! - timing.moved!;
}

test.describe('icon-only buttons have tooltips', () => {
  test('hover opens the delete tooltip only after the delay; the next one opens at once', async ({
    page,
  }) => {
    const { reset, remove } = await openUserRow(page);
    await expect(remove).toHaveAccessibleName(`Delete ${applicant.email}`);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    const first = await timeToTooltip(page, remove, `Delete ${applicant.email}`, () => remove.hover());
    expect(first).toBeGreaterThanOrEqual(OPEN_DELAY_MS - 10);

    // Straight on to the neighbouring button: the skip delay has not run out, so no new wait.
    const box = (await reset.boundingBox())!;
    const next = await timeToTooltip(page, reset, `Reset application of ${applicant.email}`, () =>
      page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 }),
    );
    expect(next).toBeLessThan(OPEN_DELAY_MS - 10);
  });

  test('Tab onto the delete button opens its tooltip, which Escape closes, focus kept', async ({ page }) => {
    const { reset, remove } = await openUserRow(page);
    await reset.focus();
    await page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(`Delete ${applicant.email}`);
    await expect(remove).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!);

    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await expect(remove).toBeFocused();
  });

  test('on a phone the tooltip stays on screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { remove } = await openUserRow(page);
    await remove.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(`Delete ${applicant.email}`);
    const box = (await tooltip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
