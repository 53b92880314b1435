import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_SETTINGS } from '@lanyard/shared/retention';
import { createDatabase, type Database } from '../src/db/client';
import { applicationDrafts, applications, uploads, users } from '../src/db/schema/index';
import { applicationValues, userValues } from '../test/factories';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  cleanUp,
  killServer,
  makeDataDir,
  sleep,
  startServer,
  stopServer,
  waitReady,
  waitUntil,
  type Server,
} from './harness';

/**
 * kill -9 of the server during the retention run, in each of its three rules, with a restart after
 * each: the run resumes by itself once the dead run's lease lapses, and in the end exactly what the
 * rules name is gone (rows and files) and nothing else; every deleted account has one tombstone,
 * each rule's batches add up to what it deleted, and a period's run completes once.
 */

const ATTENDEES = 300; // keep their accounts; lose their resumes
const NON_ATTENDEES = 400; // deleted whole
const UNVERIFIED = 500; // deleted: never verified, never applied, signed up long ago
const KEEPERS = 20; // of each kind the rules must spare
const DAY = 86_400_000;
// The server's hourly timers fire this often (fast-hours.mjs): the retention tick and housekeeping.
const HOUR_MS = 2500;
const preload = fileURLToPath(new URL('./fast-hours.mjs', import.meta.url));
const dirs: string[] = [];
afterAll(() => cleanUp(dirs));

interface Seeded {
  doomedUsers: Set<string>;
  keptUsers: Set<string>;
  resumeKeys: string[];
  draftKeys: string[];
}

/** A resume file on disk and its row; the file is old, as a real one would be by now. */
async function storeFile(database: Database, dataDir: string, ownerIds: string[]) {
  const made = ownerIds.map((ownerId) => {
    const bytes = crypto.randomBytes(256);
    const key = `resumes/2025/${crypto.randomUUID()}.pdf`;
    const file = path.join(dataDir, 'uploads', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    const old = new Date(Date.now() - 200 * DAY);
    fs.utimesSync(file, old, old);
    return {
      ownerId,
      storageKey: key,
      originalName: 'resume.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    };
  });
  return database.db.insert(uploads).values(made).returning({ id: uploads.id, key: uploads.storageKey });
}

async function seed(database: Database, dataDir: string): Promise<Seeded> {
  const { db } = database;
  const longAgo = new Date(Date.now() - 60 * DAY);
  const make = (n: number, o: Partial<typeof users.$inferInsert> = {}) =>
    db
      .insert(users)
      .values(Array.from({ length: n }, () => userValues(o)))
      .returning({ id: users.id, email: users.email });
  const attendees = await make(ATTENDEES, { createdAt: longAgo });
  const absent = await make(NON_ATTENDEES, { createdAt: longAgo });
  const unverified = await make(UNVERIFIED, { emailVerifiedAt: null, createdAt: longAgo });
  const recentUnverified = await make(KEEPERS, { emailVerifiedAt: null });
  const draftOnly = await make(KEEPERS, { emailVerifiedAt: null, createdAt: longAgo });
  const verifiedNoApp = await make(KEEPERS, { createdAt: longAgo });

  const applicants = [...attendees, ...absent];
  const resumes = await storeFile(
    database,
    dataDir,
    applicants.map((u) => u.id),
  );
  const apps = await db
    .insert(applications)
    .values(
      applicants.map((u, i) =>
        applicationValues(u, {
          lastName: `Kept${i}`,
          resumeUploadId: resumes[i]!.id,
          submittedAt: new Date(Date.now() - 120 * DAY),
          ...(i < ATTENDEES
            ? { status: 'accepted', rsvpStatus: 'accepted' }
            : { status: i % 2 ? 'rejected' : 'accepted', rsvpStatus: i % 2 ? null : 'accepted' }),
        }),
      ),
    )
    .returning({ id: applications.id });
  // Attendees checked in; the accepted non-attendees have a record that never was.
  const { rowCount } = await database.pool.query(
    `update checkin_records set checked_in = true, checked_in_at = now() where application_id = any($1)`,
    [apps.slice(0, ATTENDEES).map((a) => a.id)],
  );
  expect(rowCount).toBe(ATTENDEES);
  const drafts = await storeFile(
    database,
    dataDir,
    draftOnly.map((u) => u.id),
  );
  await db
    .insert(applicationDrafts)
    .values(
      draftOnly.map((u, i) => ({ userId: u.id, role: 'hacker' as const, resumeUploadId: drafts[i]!.id })),
    );
  return {
    doomedUsers: new Set([...absent, ...unverified].map((u) => u.id)),
    keptUsers: new Set([...attendees, ...recentUnverified, ...draftOnly, ...verifiedNoApp].map((u) => u.id)),
    resumeKeys: resumes.map((r) => r.key),
    draftKeys: drafts.map((r) => r.key),
  };
}

const run = async (database: Database) =>
  (
    await database.pool.query<{ started_at: Date; finished_at: Date | null }>(
      `select started_at, finished_at from job_runs where name = 'retention'`,
    )
  ).rows[0];

/** What each rule has logged so far: its batches and the rows they took. */
async function batches(database: Database): Promise<Record<string, { batches: number; rows: number }>> {
  const { rows } = await database.pool.query<{ action: string; batches: number; rows: number }>(
    `select action, count(*)::int as batches, coalesce(sum((after->>'count')::int), 0)::int as rows
       from audit_log where action like 'retention.%' group by action`,
  );
  return Object.fromEntries(rows.map((r) => [r.action.replace('retention.', ''), r]));
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('the retention job under kill -9', () => {
  it('deletes exactly what its rules name, once, resuming by itself after each crash', async () => {
    const dir = makeDataDir('retention');
    dirs.push(dir);
    const env = { NODE_OPTIONS: `--import=${preload}`, FAULT_HOUR_MS: String(HOUR_MS) };
    // Set up on a server with real hours: a tick before the periods are saved would take the day's
    // claim and do nothing, and this test is about a run that does its work.
    let server: Server = await startServer(dir);
    await waitReady(server);
    let database = createDatabase(server.databaseUrl()!, { max: 2 });
    try {
      const seeded = await seed(database, dir);
      // Decision 023: nothing is deleted until an organiser has saved the periods.
      const login = await call(server, 'POST', '/api/auth/admin/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      const saved = await call(server, 'PUT', '/api/settings/retention', {
        token: (login.body as { access_token: string }).access_token,
        body: DEFAULT_RETENTION_SETTINGS,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({ active: true });
      await database.close();
      expect(await stopServer(server)).toEqual({ code: 0, signal: null });
      server = await startServer(dir, env);
      await waitReady(server);
      database = createDatabase(server.databaseUrl()!, { max: 2 });

      // One kill in each rule, a little after one of its batches committed (maybe mid-way through the next).
      for (const rule of ['resumes', 'non_attendees', 'unverified']) {
        // Polled often: the kill should land close behind the batch, not after the whole run.
        await waitUntil(`a ${rule} batch`, async () => ((await batches(database))[rule]?.batches ?? 0) >= 1, {
          everyMs: 20,
        });
        await sleep(Math.floor(Math.random() * 150));
        await database.close();
        await killServer(server);
        server = await startServer(dir, env);
        await waitReady(server);
        database = createDatabase(server.databaseUrl()!, { max: 2 });
        const cut = await run(database);
        expect(cut?.finished_at ?? null, `the kill in ${rule} landed mid-run`).toBeNull();
        // The dead run holds its claim for an hour (the lease), so that no live run is doubled;
        // the hour passes here, and the restarted server's own tick takes the run over.
        await database.pool.query(
          `update job_runs set started_at = started_at - interval '61 minutes' where name = 'retention'`,
        );
      }
      await waitUntil('the run finished', async () => Boolean((await run(database))?.finished_at), {
        ms: 90_000,
        everyMs: 20,
      });
      const done = (await run(database))!;

      // The rows: every doomed account gone, every other one still there.
      const { rows: left } = await database.pool.query<{ id: string }>(
        `select id from users where role <> 'admin'`,
      );
      const leftIds = new Set(left.map((r) => r.id));
      expect([...seeded.doomedUsers].filter((id) => leftIds.has(id))).toEqual([]);
      expect([...seeded.keptUsers].filter((id) => !leftIds.has(id))).toEqual([]);
      expect(leftIds.size).toBe(seeded.keptUsers.size);
      // Attendees keep their applications, without resumes; the draft resumes stay.
      const { rows: apps } = await database.pool.query(
        `select count(*)::int as n, count(resume_upload_id)::int as with_resume from applications`,
      );
      expect(apps[0]).toEqual({ n: ATTENDEES, with_resume: 0 });
      const { rows: ups } = await database.pool.query<{ storage_key: string }>(
        `select storage_key from uploads`,
      );
      expect(ups.map((u) => u.storage_key).sort()).toEqual([...seeded.draftKeys].sort());

      // One tombstone per deleted account, none for anyone else.
      const { rows: tombs } = await database.pool.query<{ target_id: string; n: number }>(
        `select target_id, count(*)::int as n from audit_log where action = 'user.delete' group by target_id`,
      );
      expect(tombs.filter((t) => t.n !== 1)).toEqual([]);
      expect(new Set(tombs.map((t) => t.target_id))).toEqual(seeded.doomedUsers);
      // Each rule's batch rows add up to what it took, across every run that did part of it.
      const logged = await batches(database);
      expect(logged.resumes?.rows).toBe(ATTENDEES + NON_ATTENDEES);
      expect(logged.non_attendees?.rows).toBe(NON_ATTENDEES);
      expect(logged.unverified?.rows).toBe(UNVERIFIED);

      // The files: the resumes go, at once or, for a crash between commit and removal, by the
      // hourly sweep of files without a row; the drafts' files stay.
      const root = path.join(dir, 'uploads');
      await waitUntil('the removed resumes gone from disk', async () =>
        seeded.resumeKeys.every((k) => !fs.existsSync(path.join(root, k))),
      );
      expect(
        filesUnder(root)
          .filter((f) => !f.startsWith('.tmp/'))
          .sort(),
      ).toEqual([...seeded.draftKeys].sort());

      // Later ticks in the same period do nothing: the run is recorded once.
      await sleep(4 * HOUR_MS);
      expect(await run(database)).toEqual(done);
      // The next period runs again, and finds nothing more to delete.
      const before = await batches(database);
      await database.pool.query(
        `update job_runs set started_at = started_at - interval '21 hours',
                finished_at = finished_at - interval '21 hours' where name = 'retention'`,
      );
      await waitUntil('the next period run', async () => {
        const r = await run(database);
        return Boolean(r?.finished_at && r.started_at.getTime() > done.started_at.getTime());
      });
      expect(await batches(database)).toEqual(before);
    } finally {
      await database.close().catch(() => {});
      await killServer(server).catch(() => {});
    }
  });
});
