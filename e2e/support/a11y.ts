import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The axe result of one rule, as much of it as a reader needs to find and fix the problem. */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** One paragraph per rule: id, impact, what it wants, and each offending element's selector. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 10)
        .map((n) => {
          const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
          return `    - ${n.target.map(String).join(' >> ')}${why ? `\n      ${why}` : ''}`;
        })
        .join('\n');
      const more = v.nodes.length > 10 ? `\n    ... and ${v.nodes.length - 10} more` : '';
      return `  ${v.id} [${v.impact ?? 'unknown'}] ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Waits until finite CSS animations and transitions are over (a dialog fading in would be measured
 * at half opacity and fail colour contrast); endless ones (spinners, the live dot) are left alone.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(
    document.getAnimations()
      .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  )`);
}

/**
 * Runs axe (every rule of the WCAG 2.x A/AA and best-practice sets) on the page as it is now and fails
 * on any serious or critical violation, naming the rule, its impact and the selectors of the elements.
 * Lesser findings are attached to the test report, not failed on.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  name: string,
  { exclude = [] as string[], includeToasts = false } = {},
): Promise<void> {
  await settleAnimations(page);
  // Legacy mode runs axe.run in the page itself; the default opens a blank page for every run to
  // merge frame results, which doubles the time and buys nothing here (no cross-origin frames).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Only violations are read below: axe then stops gathering every passing and inapplicable
    // node, which took about a sixth of each run (17 runs on the admin portal: 14.5 s to 12.6 s).
    .options({ resultTypes: ['violations'] });
  // The e-mail preview is a sandboxed srcdoc frame without scripts: axe cannot run inside it (it
  // waits for an answer that never comes), and its content is the organisers' own e-mail text.
  builder = builder.exclude('iframe[sandbox]');
  // Toasts fade out on a timer, and axe would measure one mid-fade (blended colours, a false
  // contrast failure). Checks that include them first pause them: see pauseToasts.
  if (!includeToasts) builder = builder.exclude('[data-sonner-toaster]');
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length) {
    await test.info().attach(`axe: lesser findings on ${name}`, {
      body: formatViolations(minor),
      contentType: 'text/plain',
    });
  }
  expect(
    blocking.map((v) => v.id),
    `serious or critical axe violations on ${name}:\n${formatViolations(blocking)}`,
  ).toEqual([]);
}

/** Holds the toasts on screen (the toaster pauses its timers while hovered), for a check with them. */
export async function pauseToasts(page: Page): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await toast.hover();
  await expect(page.locator('[data-sonner-toast][data-expanded="true"]').first()).toBeAttached();
}

/**
 * Presses Tab `count` times and fails unless each focused element shows an outline (the app's
 * focus indicator, from the global :focus-visible rule or the components' own).
 */
export async function expectVisibleFocusOnTab(page: Page, count: number, name: string): Promise<void> {
  const unseen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    const focus = (await page.evaluate(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const label = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' +
        (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40) + '"';
      return { visible: outline, label };
    })()`)) as { visible: boolean; label: string } | null;
    if (focus && !focus.visible) unseen.push(focus.label);
  }
  expect(unseen, `focus is not visible on ${name} for`).toEqual([]);
}

/** Tabs `count` times inside an open dialog and fails if focus ever leaves it. */
export async function expectFocusTrapped(page: Page, dialogSelector: string, count = 12): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await page.evaluate(
      `!!document.activeElement && !!document.activeElement.closest(${JSON.stringify(dialogSelector)})`,
    );
    expect(inside, `focus left ${dialogSelector} after ${i + 1} key presses`).toBe(true);
  }
}
