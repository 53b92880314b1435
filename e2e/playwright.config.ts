import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM, CHROMIUM_FLAGS } from '../scripts/ensure-chromium.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEFAULT_BASE_URL,
  GLOBAL_STATE_BASE_URL,
  GLOBAL_STATE_PORT,
  PORT,
  SMTP_SINK_HTTP_PORT,
  SMTP_SINK_PORT,
} from './support/app';

// Fresh data directories (database, uploads) per run, one per server. Workers load this file
// again; the env vars they inherit keep them on the same directories instead of making new ones.
process.env.LANYARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-e2e-'));
process.env.LANYARD_E2E_GLOBAL_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-e2e-global-'));
const dataDir = process.env.LANYARD_E2E_DATA_DIR;
const globalDataDir = process.env.LANYARD_E2E_GLOBAL_DATA_DIR;

/** The portal as the e2e tests run it: one instance per project, each with its own database. */
function portal(port: number, url: string, dir: string) {
  return {
    command: 'node ../apps/server/dist/server.js',
    url: `${url}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      CHECKIN_UPLOAD_PASSWORD: 'door-secret-e2e',
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_SINK_PORT}`,
      MAIL_FROM: 'Riverside Hacks <team@e2e.test>',
    },
  };
}

const browserUse = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: TEST_CHROMIUM,
    // V8's optimising tiers (Maglev, TurboFan) off: a page lives seconds in a test, so their
    // compiles were mostly wasted, about a fifth of the renderers' CPU; the whole suite went from
    // 880 s to 763 s here. JavaScript means the same in every tier. Only the test browser: the
    // benchmark's Lighthouse runs CHROMIUM_FLAGS as visitors do.
    args: [...CHROMIUM_FLAGS, '--js-flags=--max-opt=1'],
  },
  // Every new context would install the service worker and precache the app shell (97 files) while
  // the test runs: on a two-core machine that starved the page itself for seconds. The service
  // worker is proved where it matters: stations.spec.ts (offline scans) and landing-quiet.spec.ts
  // allow it, pwa.spec.ts reads what it precaches.
  serviceWorkers: 'block' as const,
};

const GLOBAL_STATE_SPECS = [
  /a11y\.spec\.ts/,
  /admin-bulk\.spec\.ts/,
  /admissions\.spec\.ts/,
  /admissions-auto\.spec\.ts/,
  /badges\.spec\.ts/,
  /announcements\.spec\.ts/,
  /admin-emails\.spec\.ts/,
  /admin-settings\.spec\.ts/,
  /celebration\.spec\.ts/,
  /custom-questions\.spec\.ts/,
  /checkin-scan\.spec\.ts/,
  /hacker-apply\.spec\.ts/,
  /rsvp\.spec\.ts/,
  /rsvp-release\.spec\.ts/,
  /stations\.spec\.ts/,
  /review-admin\.spec\.ts/,
  // Releases hacker decisions while its attendees answer their RSVP.
  /sponsors\.spec\.ts/,
  // Seeds 10,000 applicants into every unfiltered list, then deletes them.
  /admin-list-capped\.spec\.ts/,
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A budget, not a speed check: the door specs build crowds of records and took 27 s of 30 on a
  // loaded two-core machine. Speed is measured by `npm run bench`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // A trace records a DOM snapshot around every action of every test, to keep only the failures':
    // a tenth of the suite's CPU, which is what bounds it. A failure still prints its error and keeps
    // a screenshot; E2E_TRACE=1 records traces (without the film strip) to read one with
    // `npx playwright show-trace`.
    trace: process.env.E2E_TRACE === '1' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // These change what every applicant sees (the application window, decision release, templates):
    // they run one at a time, against their own server and database, so no spec sees another's
    // global change. Listed first, so one worker keeps taking them while the other runs the rest.
    // Beside the rest, these took about 1.8 times as long as they did alone (one seeding spec 57 s):
    // twice the budget, which still says nothing about speed.
    {
      name: 'global-state',
      testMatch: GLOBAL_STATE_SPECS,
      workers: 1,
      timeout: 120_000,
      use: { ...browserUse, baseURL: GLOBAL_STATE_BASE_URL },
    },
    // Most specs only touch their own accounts and run in parallel.
    {
      name: 'chromium',
      testIgnore: GLOBAL_STATE_SPECS,
      use: { ...browserUse, baseURL: DEFAULT_BASE_URL },
    },
  ],
  webServer: [
    {
      // A real SMTP peer, so the tests see the e-mails the portal sends.
      command: 'node support/smtp-sink.mjs',
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { SMTP_SINK_PORT: String(SMTP_SINK_PORT), SMTP_SINK_HTTP_PORT: String(SMTP_SINK_HTTP_PORT) },
    },
    portal(PORT, DEFAULT_BASE_URL, dataDir),
    portal(GLOBAL_STATE_PORT, GLOBAL_STATE_BASE_URL, globalDataDir),
  ],
});
