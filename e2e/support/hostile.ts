import { expect, type Locator, type Page } from '@playwright/test';

/** Strings that would run script, or reorder and hide text, if a view put them into HTML. */
export const HOSTILE = {
  script: '<script>window.__pwned=1</script>',
  img: '<img src=x onerror="window.__pwned=1">',
  svg: '"><svg onload="window.__pwned=1">',
  /** Right-to-left override and mark: the text after them shows reversed if the view lets them leak. */
  rtl: '\u202Efdp.exe\u200F Riverside \u202Eevil',
  /** Zero-width joiner, space and non-joiner inside emoji and letters. */
  zeroWidth: 'Zo\u200Dë\u200B\u200C 👩\u200D💻 🏳️\u200D🌈',
  emoji: '🎉🚀 Ünïcødé ✨',
} as const;

/** A link that is http(s), so it is stored, but carries markup in its path. */
export const HOSTILE_HTTP_LINK = 'https://example.org/"><img/src=x/onerror=window.__pwned=1>';
export const JAVASCRIPT_LINK = 'javascript:window.__pwned=1';

/** 10,000 characters without a space: refused where the schema caps the field. */
export const TEN_THOUSAND = 'W'.repeat(10_000);

/**
 * Collects every alert/confirm/prompt the page opens (an executed payload would open one) and
 * dismisses it; check `dialogs` at the end.
 */
export function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * `value` is inside `scope` as an element whose text is exactly `value` (Playwright's text match
 * trims and drops zero-width spaces, so the raw textContent is compared as well).
 */
export async function expectLiteral(scope: Locator, value: string, { timeout = 10_000 } = {}): Promise<void> {
  await expect
    .poll(() => scope.getByText(value, { exact: true }).allTextContents(), {
      message: value.slice(0, 120),
      timeout,
    })
    .toContain(value);
}

/** Nothing ran and nothing was parsed out of user text into the document. */
export async function expectNothingInjected(page: Page): Promise<void> {
  expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
  // Event-handler attributes never appear in the app's own markup; only user text could add them.
  expect(await page.evaluate(`document.querySelectorAll('[onerror], [onload], img[src="x"]').length`)).toBe(
    0,
  );
  expect(
    await page.evaluate(`[...document.scripts].filter((s) => s.textContent.includes('__pwned')).length`),
  ).toBe(0);
}

/** The page is not wider than the window (it may scroll down, never sideways). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = (await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) as number;
  expect(overflow, `${where} is ${overflow}px wider than the window`).toBeLessThanOrEqual(0);
}

export const NARROW = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Runs `check` at 360 px and on a desktop screen, and leaves the page at desktop size. */
export async function atBothWidths(page: Page, check: (width: string) => Promise<void>): Promise<void> {
  await page.setViewportSize(NARROW);
  await check('360 px');
  await page.setViewportSize(DESKTOP);
  await check('desktop');
}
