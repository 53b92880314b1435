import { test, expect, type Page } from '@playwright/test';

// Not the shared fixture: it tolerates 401 lines, and this spec is about there being none at all.

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => problems.push(`failed ${req.method()} ${req.url()}`));
  return problems;
}

test.describe('a signed-out visitor on the landing page', () => {
  // A visitor's browser installs the service worker (blocked elsewhere to spare the CPU): that, and
  // its precache, must be quiet too.
  test.use({ serviceWorkers: 'allow' });

  test('makes no request that fails and logs nothing in the console', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    // Whatever the page asks for after it shows (a late chunk, a second look at the session) counts too.
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
  });

  test('sent there from a page that needs a sign-in, still sees no failed request', async ({ page }) => {
    const problems = watch(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(problems).toEqual([]);
  });
});
