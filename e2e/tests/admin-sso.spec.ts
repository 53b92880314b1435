import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '../support/fixtures';
import { toasts } from '../support/app';
import { startTestProvider, type TestProvider } from '../../apps/server/test/oidc-provider';

// The shared server runs without OIDC_*: this file starts its own server with single sign-on
// against a real OpenID provider (oidc-provider on 127.0.0.1), and stops both at the end.
const serverJs = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the SSO server exited (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the SSO server did not become ready:\n${log()}`);
}

let provider: TestProvider;
let server: ChildProcess | undefined;
let dataDir: string;
let base: string;

test.describe('admin single sign-on', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({
      redirectUri: `${base}/api/auth/oidc/callback`,
      accounts: {
        boss: { email: 'boss@sso.e2e.test', email_verified: true },
        stranger: { email: 'stranger@sso.e2e.test', email_verified: true },
      },
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-e2e-sso-'));
    let output = '';
    server = spawn(process.execPath, [serverJs], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_PROVIDER_NAME: 'Example ID',
        OIDC_ADMIN_EMAILS: 'boss@sso.e2e.test',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    await waitUntilReady(`${base}/api/readyz`, server, () => output);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      // SIGTERM lets the server stop its embedded PostgreSQL cleanly.
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await provider?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(async ({ page }) => {
    // The provider's development pages load a web font; the test machine has no internet.
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
  });

  /** The provider's development sign-in and consent pages. */
  async function signInAtProvider(page: Page, login: string) {
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('a listed admin signs in with the provider and lands in the admin portal', async ({ page }) => {
    await page.goto(`${base}/admin/login`);
    const button = page.getByRole('button', { name: 'Sign in with Example ID' });
    await expect(button).toBeVisible();
    await button.click();
    await signInAtProvider(page, 'boss');

    await expect(page).toHaveURL(`${base}/admin`);
    await expect(toasts(page).getByText('Admin Access Granted')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Registered Users' })).toBeVisible();
  });

  test('anyone else is sent back with "Access Denied"', async ({ page }) => {
    await page.goto(`${base}/admin/login`);
    await page.getByRole('button', { name: 'Sign in with Example ID' }).click();
    await signInAtProvider(page, 'stranger');

    await expect(page).toHaveURL(`${base}/admin/login`);
    await expect(toasts(page).getByText('Access Denied')).toBeVisible();
    await expect(toasts(page).getByText('Invalid admin credentials or not authorized.')).toBeVisible();
    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(`${base}/admin/login`);
  });
});

test('without OIDC_* the admin sign-in page offers no single sign-on', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
});
