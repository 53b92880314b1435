import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  createBackup,
  openArchive,
  restoreArchive,
  SEEDED_ROWS,
} from '../src/cli/backup-archive';
import { createRecord } from './checkin';
import { applicantWithResume, hackerAnswers, pdfBytes, submit, uploadResume } from './applicant';
import { createAdmin, createTestContext, type TestContext } from './helper';

/**
 * npm run backup / npm run restore, through the functions the two commands call: a seeded
 * Lanyard backed up and restored into an empty one gives the same rows in every table, byte for
 * byte, and the same files.
 */

let source: TestContext;
let target: TestContext;
let work: string;
beforeAll(async () => {
  // Sessions are signed with the secret: the restored one runs with the secret the backup holds.
  const env = { SESSION_SECRET: crypto.randomBytes(32).toString('hex') };
  [source, target] = await Promise.all([createTestContext(env), createTestContext(env)]);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-backup-test-'));
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  fs.rmSync(work, { recursive: true, force: true });
});

async function tableNames(ctx: TestContext): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((r) => r.tablename);
}

/** Row count and a digest of every row, per table. */
async function contents(ctx: TestContext): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const name of await tableNames(ctx)) {
    const { rows } = await ctx.database.pool.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as digest from "${name}" t`,
    );
    out[name] = { rows: rows[0]!.n, digest: rows[0]!.digest ?? '' };
  }
  return out;
}

async function fileHashes(ctx: TestContext): Promise<Record<string, string>> {
  const { rows } = await ctx.database.pool.query<{ storage_key: string }>('select storage_key from uploads');
  const out: Record<string, string> = {};
  for (const { storage_key: key } of rows) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of ctx.app.storage.read(key)) hash.update(chunk as Buffer);
    out[key] = hash.digest('hex');
  }
  return out;
}

describe('backup and restore', () => {
  // A migration that seeds a row must say so in SEEDED_ROWS, or restore refuses every new install.
  it('knows every row a new Lanyard starts with, so a new one counts as empty', async () => {
    const seeded: Record<string, number> = {};
    for (const name of await tableNames(target)) {
      const { rows } = await target.database.pool.query<{ n: number }>(
        `select count(*)::int as n from "${name}"`,
      );
      if (rows[0]!.n > 0) seeded[name] = rows[0]!.n;
    }
    delete seeded['__drizzle_migrations'];
    expect(seeded).toEqual(SEEDED_ROWS);
  });

  it('restores into an empty Lanyard with identical rows per table and identical files', async () => {
    // A Lanyard in use: applicants with resumes (some submitted, one a draft's file), staff, check-in.
    const admin = await createAdmin(source);
    const applicants = await Promise.all([1, 2, 3].map(() => applicantWithResume(source)));
    for (const a of applicants.slice(0, 2)) {
      const res = await submit(source.app, a.token, 'hacker', {
        ...hackerAnswers({ firstName: 'Ünïcode\ttab "quoted"\nnewline \\ backslash' }),
        resume_url: a.resume.file_url,
      });
      expect(res.statusCode).toBe(201);
    }
    await uploadResume(source.app, applicants[2]!.token, { bytes: pdfBytes(300 * 1024) });
    await createRecord(source, admin.token);
    // Custom answers, whose keys triggers write into application_answer_keys: restored as the
    // backup has them, not twice (its rows are copied in before the applications that make them).
    await source.database.pool.query(`update applications set custom_answers = $1`, [
      {
        '11111111-1111-4111-8111-111111111111': { v: 1, a: true },
        '22222222-2222-4222-8222-222222222222': { v: 1, a: { selected: ['ai', 'web'], other: 'Robots' } },
      },
    ]);

    const secretFile = path.join(work, 'session-secret');
    fs.writeFileSync(secretFile, 'a-session-secret-of-at-least-32-characters\n', { mode: 0o600 });
    const out = path.join(work, 'backups', 'lanyard-test.tar.gz');
    const { file, manifest } = await createBackup({
      pool: source.database.pool,
      storage: source.app.storage,
      out,
      sessionSecretFile: secretFile,
    });
    expect(file).toBe(out);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    // Nothing is left beside the archive but the archive.
    expect(fs.readdirSync(path.dirname(out))).toEqual(['lanyard-test.tar.gz']);

    const before = await contents(source);
    const hashes = await fileHashes(source);
    expect(Object.keys(hashes)).toHaveLength(4);
    expect(manifest.files.map((f) => f.sha256).sort()).toEqual(Object.values(hashes).sort());
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(
      Object.fromEntries(Object.entries(before).map(([name, c]) => [name, c.rows])),
    );
    expect(manifest.migrations.length).toBeGreaterThan(0);
    expect(manifest.session_secret).toBe(true);
    expect(manifest.missing_files).toEqual([]);
    expect(manifest.damaged_files).toEqual([]);
    // The same file is never overwritten.
    await expect(
      createBackup({ pool: source.database.pool, storage: source.app.storage, out }),
    ).rejects.toThrow(/already exists/);

    const archive = await openArchive(out);
    try {
      const result = await restoreArchive({
        ...archive,
        pool: target.database.pool,
        storage: target.app.storage,
      });
      expect(result.sessionSecret).toBe('a-session-secret-of-at-least-32-characters');
      expect(result.files).toBe(4);
    } finally {
      fs.rmSync(archive.dir, { recursive: true, force: true });
    }

    expect(await contents(target)).toEqual(before);
    expect(before.users!.rows).toBeGreaterThanOrEqual(4);
    expect(before.applications!.rows).toBe(2);
    expect(before.application_answer_keys!.rows).toBe(8);
    expect(await fileHashes(target)).toEqual(hashes);

    // The restored Lanyard works: a restored applicant's session and application are there.
    const me = await target.app.inject({
      method: 'GET',
      url: '/api/applications/me',
      headers: { authorization: `Bearer ${applicants[0]!.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().application.resume.file_url).toBe(applicants[0]!.resume.file_url);

    // A database that holds data is refused, and left as it was.
    const again = await openArchive(out);
    try {
      await expect(
        restoreArchive({ ...again, pool: target.database.pool, storage: target.app.storage }),
      ).rejects.toThrow(BackupError);
      await expect(
        restoreArchive({ ...again, pool: target.database.pool, storage: target.app.storage }),
      ).rejects.toThrow(/not empty: .*users/);
    } finally {
      fs.rmSync(again.dir, { recursive: true, force: true });
    }
    expect(await contents(target)).toEqual(before);
  });

  it('names a file the database lists but the storage lost, and backs up the rest', async () => {
    const a = await applicantWithResume(source);
    const { rows } = await source.database.pool.query<{ storage_key: string }>(
      'select storage_key from uploads where id = $1',
      [a.resume.name],
    );
    await source.app.storage.remove(rows[0]!.storage_key);
    const { manifest } = await createBackup({
      pool: source.database.pool,
      storage: source.app.storage,
      out: path.join(work, 'lost-file.tar.gz'),
    });
    expect(manifest.missing_files).toEqual([rows[0]!.storage_key]);
    expect(manifest.files.map((f) => f.key)).not.toContain(rows[0]!.storage_key);
    expect(manifest.files).toHaveLength(4);
    expect(manifest.session_secret).toBe(false);
  });

  it('refuses a file that is not a Lanyard backup', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    await expect(openArchive(bogus)).rejects.toThrow();
    await expect(openArchive(path.join(work, 'missing.tar.gz'))).rejects.toThrow(/does not exist/);
  });
});
