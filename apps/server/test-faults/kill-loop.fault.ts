import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl } from '../src/db/embedded';
import {
  PASSWORD,
  call,
  cleanUp,
  downloadOwnFile,
  hackerAnswers,
  killServer,
  makeDataDir,
  randomPdf,
  registerAndSignIn,
  sha256,
  sleep,
  startServer,
  stopServer,
  uploadResume,
  waitReady,
  withTimeout,
  type Server,
} from './harness';

/**
 * kill -9 of the server, again and again, while applicants register, upload and submit: every
 * submission the server acknowledged survives with its resume byte for byte, no application points
 * at a missing file, and each start on the same data directory comes up by itself.
 */

interface Acknowledged {
  email: string;
  applicationId: string;
  resumeUrl: string;
  sha256: string;
}

const ROUNDS = 4;
const WORKERS = 4;
const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

/** One applicant's journey; resolves with what the server acknowledged, or undefined if cut short. */
async function apply(
  server: Server,
  killing: { now: boolean },
  email: string,
  ip: string,
): Promise<Acknowledged | undefined> {
  try {
    const token = await registerAndSignIn(server, email, ip);
    const bytes = randomPdf(64 * 1024 + Math.floor(Math.random() * 512 * 1024));
    const upload = await uploadResume(server, token, bytes, ip);
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.text}`);
    const resume = upload.body as { file_url: string };
    const submit = await call(server, 'POST', '/api/applications/hacker', {
      token,
      ip,
      body: { ...hackerAnswers({ firstName: 'Kill', lastName: 'Fault' }), resume_url: resume.file_url },
    });
    if (submit.status !== 201) throw new Error(`submit answered ${submit.status}: ${submit.text}`);
    const application = (submit.body as { application: { _id: string; resume: { file_url: string } } })
      .application;
    return {
      email,
      applicationId: application._id,
      resumeUrl: application.resume.file_url,
      sha256: sha256(bytes),
    };
  } catch (err) {
    // The server was killed under this request: the connection dropped. Anything else is a bug.
    if (killing.now) return undefined;
    throw err;
  }
}

/** Every application row points at an upload row whose file is complete (size and hash). */
async function checkIntegrity(dataDir: string): Promise<Map<string, { sha256: string; id: string }>> {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      email: string;
      resume_upload_id: string | null;
      storage_key: string | null;
      sha256: string | null;
      size_bytes: number | null;
    }>(`select a.id, a.email, a.resume_upload_id, u.storage_key, u.sha256, u.size_bytes::int as size_bytes
          from applications a left join uploads u on u.id = a.resume_upload_id`);
    const byEmail = new Map<string, { sha256: string; id: string }>();
    for (const row of rows) {
      expect(row.storage_key, `application ${row.id} has its upload row`).not.toBeNull();
      const file = fs.readFileSync(path.join(dataDir, 'uploads', row.storage_key!));
      expect(file.length).toBe(row.size_bytes);
      expect(sha256(file)).toBe(row.sha256);
      byEmail.set(row.email, { sha256: row.sha256!, id: row.id });
    }
    // Every upload row, submitted or not, names a whole file.
    const uploads = await client.query<{ storage_key: string; sha256: string }>(
      'select storage_key, sha256 from uploads',
    );
    for (const u of uploads.rows) {
      expect(sha256(fs.readFileSync(path.join(dataDir, 'uploads', u.storage_key)))).toBe(u.sha256);
    }
    return byEmail;
  } finally {
    await client.end();
  }
}

describe('kill -9 in a loop during submissions', () => {
  it('keeps every acknowledged submission with its resume and restarts cleanly each time', async () => {
    const dataDir = makeDataDir('kill');
    dirs.push(dataDir);
    const acknowledged: Acknowledged[] = [];
    let cut = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer(dataDir);
      await waitReady(server);
      if (round > 0) await checkIntegrity(dataDir);

      let n = 0;
      const killing = { now: false };
      const workers = Array.from({ length: WORKERS }, async (_, w) => {
        // Each worker applies again and again until the server dies under it.
        while (!killing.now) {
          const email = `kill${round}.${w}.${n++}.${Date.now().toString(36)}@example.org`;
          const done = await apply(server, killing, email, `10.8.${round}.${w + 1}`);
          if (done) acknowledged.push(done);
          else cut++;
        }
      });
      // Kill once this round has acknowledged some submissions, at a random point of the journeys
      // still under way (the workers always have some in flight).
      const target = acknowledged.length + 2;
      await withTimeout(
        (async () => {
          while (acknowledged.length < target) await sleep(20);
        })(),
        90_000,
        'two acknowledged submissions',
      );
      await sleep(Math.floor(Math.random() * 1500));
      killing.now = true;
      expect(await killServer(server)).toEqual({ code: null, signal: 'SIGKILL' });
      await Promise.all(workers);
    }

    // A last, clean start: everything acknowledged is there, reachable through the API as well.
    const server = await startServer(dataDir);
    await waitReady(server);
    const stored = await checkIntegrity(dataDir);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2 * ROUNDS);
    expect(cut).toBeGreaterThan(0);
    for (const ack of acknowledged) {
      expect(stored.get(ack.email), ack.email).toEqual({ sha256: ack.sha256, id: ack.applicationId });
    }
    for (const ack of acknowledged.slice(0, 8)) {
      const login = await call(server, 'POST', '/api/auth/login', {
        body: { email: ack.email, password: PASSWORD },
        ip: '10.8.9.9',
      });
      expect(login.status).toBe(200);
      const token = (login.body as { access_token: string }).access_token;
      const me = await call(server, 'GET', '/api/applications/me', { token });
      expect(me.body).toMatchObject({ application: { _id: ack.applicationId, status: 'submitted' } });
      expect(sha256(await downloadOwnFile(server, token, ack.resumeUrl))).toBe(ack.sha256);
    }
    expect(await stopServer(server), server.output()).toEqual({ code: 0, signal: null });
  });
});
