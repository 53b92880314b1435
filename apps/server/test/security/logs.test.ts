/**
 * No secrets or tokens in logs. The production bundle runs at LOG_LEVEL
 * debug while an applicant registers, signs in, resets the password and verifies the e-mail
 * through the mailed links, uploads a resume and downloads it through a signed link. Then its
 * whole output is scanned for every secret the journey handled.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../applicant';
import { createTestContext, uniqueEmail, type TestContext } from '../helper';
import { multipart } from '../multipart';
import {
  ensureBuilt,
  sleep,
  startServer,
  stopServer,
  waitReady,
  type ServerProcess,
} from '../server-process';
import { startSmtpPeer, tokenInMail, type SmtpPeer } from '../smtp';

let ctx: TestContext;
let server: ServerProcess;
let peer: SmtpPeer;
let dataDir: string;
const sessionSecret = crypto.randomBytes(32).toString('hex');

beforeAll(async () => {
  ensureBuilt();
  ctx = await createTestContext();
  peer = await startSmtpPeer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-logscan-'));
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: ctx.databaseUrl,
    SESSION_SECRET: sessionSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'debug',
    // Links are made only when a message is sent (docs/decisions/007): the test reads them here.
    SMTP_URL: peer.url,
  });
  await waitReady(server);
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await ctx?.close();
  await peer?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The token of the first `subject` message to `to` that reaches the SMTP peer. */
async function mailedToken(to: string, subject: RegExp, param: 'token' | 'oob_code'): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = peer.received.find((m) => m.to.includes(to) && subject.test(m.subject ?? ''));
    if (mail) return tokenInMail(mail, param);
    if (Date.now() > deadline) throw new Error(`no ${subject} e-mail reached ${to}`);
    await sleep(100);
  }
}

async function call(
  method: string,
  url: string,
  init: { token?: string; body?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    redirect: 'manual',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return res;
}

describe('logs', () => {
  it('hold no password, session token, cookie, reset or verification code, link signature or secret', async () => {
    const secrets: Record<string, string> = { sessionSecret };
    const email = uniqueEmail('logscan');
    const password = `Log-Scan-${crypto.randomBytes(6).toString('hex')}`;
    secrets.password = password;

    const registered = await call('POST', '/api/auth/register', {
      body: { email, password, role: 'hacker' },
    });
    expect(registered.status).toBe(201);
    const { access_token: registerToken } = (await registered.json()) as { access_token: string };
    secrets.registerToken = registerToken;
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    secrets.cookie = cookie.split('=')[1]!;
    expect((await call('GET', '/api/auth/me', { cookie })).status).toBe(200);

    const login = await call('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    secrets.loginToken = token;
    expect((await call('GET', '/api/auth/me', { token })).status).toBe(200);

    // The verification link, opened as the e-mail has it (the page), then used by the page.
    const verifyToken = await mailedToken(email, /^Verify your email/, 'token');
    secrets.verifyToken = verifyToken;
    await call('GET', `/verify-email?token=${encodeURIComponent(verifyToken)}`);
    expect((await call('POST', '/api/auth/verify-email', { body: { token: verifyToken } })).status).toBe(200);

    // A reset, through its link, with a new password.
    expect((await call('POST', '/api/auth/password-reset', { body: { email } })).status).toBe(200);
    const code = await mailedToken(email, /^Reset your /, 'oob_code');
    secrets.resetCode = code;
    await call('GET', `/reset-password?oob_code=${encodeURIComponent(code)}`);
    const newPassword = `New-${password}`;
    secrets.newPassword = newPassword;
    const reset = await call('POST', '/api/auth/password-reset/verify', {
      body: { oob_code: code, new_password: newPassword },
    });
    expect(reset.status).toBe(200);
    const again = await call('POST', '/api/auth/login', { body: { email, password: newPassword } });
    const { access_token: token2 } = (await again.json()) as { access_token: string };
    secrets.secondLoginToken = token2;

    // A resume, and its download through the owner's redirect and a signed link.
    const body = multipart({
      name: 'file',
      filename: 'resume.pdf',
      contentType: 'application/pdf',
      content: pdfBytes(),
    });
    const uploaded = await fetch(`${server.url}/api/upload/resume`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token2}` },
      body: body.payload,
    });
    expect(uploaded.status).toBe(201);
    const { file_url: fileUrl } = (await uploaded.json()) as { file_url: string };
    const redirect = await call('GET', fileUrl, { token: token2 });
    expect(redirect.status).toBe(303);
    const signed = new URL(redirect.headers.get('location')!, server.url);
    secrets.signature = signed.searchParams.get('signature')!;
    expect((await fetch(signed)).status).toBe(200);

    // A refused sign-in and a refused reset code are logged too, without what was sent.
    await call('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-123' } });
    await call('POST', '/api/auth/password-reset/verify', {
      body: { oob_code: code, new_password: newPassword },
    });

    await new Promise((r) => setTimeout(r, 300));
    const output = server.output();
    // The scan must see the requests, or it proves nothing.
    expect(output).toMatch(/\/api\/auth\/login/);
    expect(output).toMatch(/\/reset-password/);
    const leaked = Object.entries(secrets)
      .filter(([, value]) => value.length >= 8)
      .filter(([, value]) => output.includes(value) || output.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    expect(leaked, 'secrets found in the server output').toEqual([]);
  });
});
