import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  call,
  cleanUp,
  downloadOwnFile,
  makeDataDir,
  multipartBody,
  randomPdf,
  registerAndSignIn,
  sha256,
  sleep,
  startServer,
  stopServer,
  waitReady,
  withTimeout,
  PASSWORD,
  type Server,
} from './harness';

/**
 * SIGTERM while applicants are uploading over slow connections: an upload that can finish in the
 * drain period finishes and is kept; one that cannot gets a clean 503 (JSON, Retry-After), never a
 * 500 or a reset; PostgreSQL is shut down cleanly and the process exits 0.
 */

type UploadResult =
  { status: number; headers: http.IncomingHttpHeaders; body: string; error?: undefined } | { error: string };

/** Sends a multipart upload a chunk at a time; stops sending once the server has answered. */
function slowUpload(server: Server, token: string, bytes: Buffer, chunk: number, everyMs: number) {
  const { head, tail, boundary } = multipartBody();
  const body = Buffer.concat([head, bytes, tail]);
  let sent = 0;
  let answered = false;
  const result = new Promise<UploadResult>((resolve) => {
    const req = http.request(`${server.base}/api/upload/resume`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
        authorization: `Bearer ${token}`,
      },
    });
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (answered) return;
      const piece = body.subarray(sent, sent + chunk);
      sent += piece.length;
      if (sent >= body.length) req.end(piece);
      else {
        req.write(piece);
        timer = setTimeout(next, everyMs);
      }
    };
    req.on('response', (res) => {
      answered = true;
      clearTimeout(timer);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on('error', (err) => resolve({ error: `response: ${err.message}` }));
    });
    // Writing after the server answered and closed may fail; only an error before any answer counts.
    req.on('error', (err) => {
      clearTimeout(timer);
      if (!answered) resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message });
    });
    next();
  });
  return { result, progress: () => sent, total: body.length };
}

/** The cluster state in global/pg_control: 1 is "shut down" (clean), anything else needs recovery. */
function clusterState(pgDir: string): number {
  return fs.readFileSync(path.join(pgDir, 'global', 'pg_control')).readUInt32LE(16);
}

const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

describe('SIGTERM with uploads in flight', () => {
  it('finishes or answers 503 for each upload, stops PostgreSQL cleanly and exits 0', async () => {
    const dataDir = makeDataDir('sigterm');
    dirs.push(dataDir);
    const server = await startServer(dataDir);
    await waitReady(server);

    const users = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const email = `sigterm${i}.${Date.now().toString(36)}@example.org`;
        return { email, token: await registerAndSignIn(server, email, `10.7.0.${i + 1}`) };
      }),
    );
    // Half finish within about two seconds; half would need 20 s, longer than the server's drain period.
    const uploads = users.map((user, i) => {
      const bytes = randomPdf(200 * 1024);
      const fast = i % 2 === 0;
      return {
        ...user,
        fast,
        bytes,
        ...slowUpload(server, user.token, bytes, 16 * 1024, fast ? 250 : 1500),
      };
    });
    // Every upload is under way, mid-body, when the signal arrives.
    await withTimeout(
      (async () => {
        while (uploads.some((u) => u.progress() < 2 * 16 * 1024)) await sleep(20);
      })(),
      10_000,
      'starting the uploads',
    );
    expect(uploads.every((u) => u.progress() < u.total)).toBe(true);
    server.proc.kill('SIGTERM');

    const results = await withTimeout(
      Promise.all(uploads.map((u) => u.result)),
      30_000,
      'the uploads in flight',
    );
    const exit = await withTimeout(server.exited, 30_000, 'the shutdown');

    for (const [i, r] of results.entries()) {
      expect(r.error, `upload ${i}`).toBeUndefined();
      if (r.error !== undefined) continue;
      expect([201, 503], `upload ${i}: ${r.body}`).toContain(r.status);
      if (r.status === 503) {
        expect(JSON.parse(r.body)).toEqual({ error: expect.any(String), code: 'unavailable' });
        expect(r.headers['retry-after']).toMatch(/^\d+$/);
      }
    }
    // Those that could finish did; those that could not were cut, not left hanging.
    const statuses = results.map((r) => (r.error === undefined ? r.status : 0));
    expect(statuses.filter((s, i) => uploads[i]!.fast && s === 201)).toHaveLength(3);
    expect(statuses.filter((s, i) => !uploads[i]!.fast && s === 503)).toHaveLength(3);

    expect(exit).toEqual({ code: 0, signal: null });
    const pgDir = path.join(dataDir, 'postgres');
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    expect(clusterState(pgDir)).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'lanyard.pid'))).toBe(false);
    // No half-written upload is left behind.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', '.tmp'))).toEqual([]);

    // The next start on the same data: the finished uploads are there, byte for byte; the cut ones are not.
    const next = await startServer(dataDir);
    await waitReady(next);
    expect(next.output()).not.toMatch(/left running|not properly shut down|recover/i);
    const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
    await client.connect();
    try {
      for (const [i, u] of uploads.entries()) {
        const stored = await client.query<{ storage_key: string; sha256: string }>(
          'select u.storage_key, u.sha256 from uploads u join users s on s.id = u.owner_id where s.email = $1',
          [u.email],
        );
        if (statuses[i] === 201) {
          expect(stored.rows).toHaveLength(1);
          expect(stored.rows[0]!.sha256).toBe(sha256(u.bytes));
          const file = fs.readFileSync(path.join(dataDir, 'uploads', stored.rows[0]!.storage_key));
          expect(sha256(file)).toBe(sha256(u.bytes));
          const body = JSON.parse((results[i] as { body: string }).body) as { file_url: string };
          const token = (
            (await call(next, 'POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } }))
              .body as { access_token: string }
          ).access_token;
          expect(sha256(await downloadOwnFile(next, token, body.file_url))).toBe(sha256(u.bytes));
        } else {
          expect(stored.rows).toEqual([]);
        }
      }
    } finally {
      await client.end();
    }
    expect(await stopServer(next), next.output()).toEqual({ code: 0, signal: null });
    expect(clusterState(pgDir)).toBe(1);
  });
});
