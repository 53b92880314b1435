import { test as base, expect, type Page } from '@playwright/test';
import { DEFAULT_BASE_URL, useServer } from './app';

export interface ConsoleGuard {
  /** Tolerate a console error the test provokes on purpose (e.g. the 409 of a duplicate registration). */
  allow(pattern: RegExp): void;
}

/**
 * Fails a test on any console error or uncaught page error, except a 401 resource-load line:
 * asking "who is signed in?" while signed out is expected to answer 401.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }, { server: string }>({
  // Points BASE_URL (the Origin of API calls, the helpers' request contexts) at the server of
  // this worker's project, before any test or hook of the worker runs.
  server: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const url = workerInfo.project.use.baseURL ?? DEFAULT_BASE_URL;
      useServer(url);
      await use(url);
    },
    { scope: 'worker', auto: true },
  ],
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [
        /Failed to load resource: the server responded with a status of 401/,
        // Playwright's trace recorder injects a script into every frame; the e-mail preview is a
        // sandboxed srcdoc frame that (rightly) blocks it. Not the app's error: tracing only.
        /Blocked script execution in 'about:srcdoc'/,
      ];
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (!allowed.some((re) => re.test(text)))
          problems.push(`console.error: ${text} (${msg.location().url})`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
