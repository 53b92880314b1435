import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  call,
  cleanUp,
  downloadOwnFile,
  hackerAnswers,
  makeDataDir,
  randomPdf,
  registerAndSignIn,
  serverRoot,
  sha256,
  startServer,
  stopServer,
  uploadResume,
  waitReady,
  withTimeout,
} from './harness';

/**
 * The backup and restore commands as an operator runs them (the production bundles): a backup
 * taken while the server runs on its embedded PostgreSQL, restored into a new data directory,
 * serves the same accounts, applications and files, with the same session secret.
 */

function runCli(
  name: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return withTimeout(
    new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
      for (const key of Object.keys(env)) {
        if (/^(DATABASE_URL|SESSION_SECRET|S3_.*)$/.test(key) || key.startsWith('VITEST')) delete env[key];
      }
      delete env.INIT_CWD;
      const proc = spawn(process.execPath, [path.join(serverRoot, 'dist', `${name}.js`), ...args], {
        cwd: serverRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      proc.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
      proc.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
      proc.once('exit', (code) => resolve({ code, output }));
    }),
    120_000,
    `npm run ${name}`,
  );
}

const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

describe('npm run backup / npm run restore', () => {
  it('backs up a running server and restores into a new data directory that serves the same data', async () => {
    const original = makeDataDir('backup-src');
    const restored = makeDataDir('backup-dst');
    const work = makeDataDir('backup-out');
    dirs.push(original, restored, work);

    const server = await startServer(original);
    await waitReady(server);
    const people: { email: string; fileUrl: string; sha: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `backup${i}.${Date.now().toString(36)}@example.org`;
      const token = await registerAndSignIn(server, email, `10.6.0.${i + 1}`);
      const bytes = randomPdf(100 * 1024 * (i + 1));
      const upload = await uploadResume(server, token, bytes);
      expect(upload.status).toBe(201);
      const fileUrl = (upload.body as { file_url: string }).file_url;
      if (i < 2) {
        const submit = await call(server, 'POST', '/api/applications/hacker', {
          token,
          body: { ...hackerAnswers({ firstName: 'Backup', lastName: 'Fault' }), resume_url: fileUrl },
        });
        expect(submit.status).toBe(201);
      }
      people.push({ email, fileUrl, sha: sha256(bytes) });
    }

    // While the server runs.
    const archive = path.join(work, 'nightly.tar.gz');
    const backup = await runCli('backup', ['--out', archive], original);
    expect(backup.output).toContain(`Backup written to ${archive}`);
    expect(backup.code).toBe(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(await stopServer(server), server.output()).toEqual({ code: 0, signal: null });

    const restore = await runCli('restore', [archive], restored);
    expect(restore.output).toMatch(/applications\s+2 rows/);
    expect(restore.output).toMatch(/files\s+3 \(/);
    expect(restore.code).toBe(0);
    expect(fs.readFileSync(path.join(restored, 'session-secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(original, 'session-secret'), 'utf8'),
    );

    // A second restore into what is no longer empty is refused, saying why.
    const twice = await runCli('restore', [archive], restored);
    expect(twice.code).toBe(1);
    expect(twice.output).toMatch(/not empty/);

    const copy = await startServer(restored);
    await waitReady(copy);
    for (const [i, p] of people.entries()) {
      const login = await call(copy, 'POST', '/api/auth/login', {
        body: { email: p.email, password: PASSWORD },
        ip: '10.6.1.1',
      });
      expect(login.status).toBe(200);
      const token = (login.body as { access_token: string }).access_token;
      const me = await call(copy, 'GET', '/api/applications/me', { token });
      if (i < 2) expect(me.body).toMatchObject({ application: { resume: { file_url: p.fileUrl } } });
      else expect(me.body).toEqual({ application: null });
      expect(sha256(await downloadOwnFile(copy, token, p.fileUrl))).toBe(p.sha);
    }
    expect(await stopServer(copy), copy.output()).toEqual({ code: 0, signal: null });
  });
});
