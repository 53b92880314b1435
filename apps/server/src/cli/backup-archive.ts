import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import type { Storage } from '../lib/storage';
import { appliedMigrations, BackupError, ident, restoreOrder, SCHEMA, tablesOf } from './backup-catalog';

export { BackupError } from './backup-catalog';

/**
 * The rows migrations put in a new database: the settings row, the door station "Check-in"
 * (migration 0023) and the retention rules. A database holding only these is empty for a restore.
 * The backup test compares this with a new database's rows, so a seeding migration cannot miss it.
 */
export const SEEDED_ROWS: Readonly<Record<string, number>> = {
  settings: 1,
  stations: 1,
  retention_settings: 1,
};

/**
 * Backup and restore of a whole Lanyard: every table of the database as PostgreSQL COPY text,
 * every stored file, and the session secret, in one .tar.gz with a manifest.
 *
 * A logical dump of our own instead of pg_dump: the embedded PostgreSQL ships without it, and a
 * distribution's older pg_dump refuses a newer server. One REPEATABLE READ transaction gives a
 * consistent picture while the server keeps running.
 */

export const BACKUP_FORMAT = 'lanyard-backup';
export const BACKUP_VERSION = 1;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** Migrations applied to the database backed up (drizzle's hash and timestamp). */
  migrations: { hash: string; created_at: string }[];
  tables: { name: string; columns: string[]; rows: number; file: string }[];
  files: { key: string; sha256: string; size: number; path: string }[];
  /** Upload rows whose file could not be read when the backup was made. */
  missing_files: string[];
  /** Files whose content no longer matches the hash recorded at upload (kept as they are). */
  damaged_files: string[];
  session_secret: boolean;
}

function hashingCounter(): { stream: Transform; digest: () => { sha256: string; size: number } } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest('hex'), size }) };
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

/**
 * Writes the archive to `out` (mode 0600, never over an existing file). `pool` is the database,
 * `storage` the files, `sessionSecretFile` the secret to include (undefined: none).
 */
export async function createBackup(opts: {
  pool: pg.Pool;
  storage: Storage;
  out: string;
  sessionSecretFile?: string;
  now?: Date;
}): Promise<BackupResult> {
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another file with --out.`);
  await fsp.mkdir(path.dirname(out), { recursive: true });
  // Staged next to the archive (same disk), private to this user, removed afterwards.
  const staging = await fsp.mkdtemp(path.join(path.dirname(out), '.lanyard-backup-'));
  const partial = `${out}.partial`;
  try {
    await fsp.mkdir(path.join(staging, 'db'), { mode: 0o700 });
    await fsp.mkdir(path.join(staging, 'files'), { mode: 0o700 });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: (opts.now ?? new Date()).toISOString(),
      migrations: [],
      tables: [],
      files: [],
      missing_files: [],
      damaged_files: [],
      session_secret: false,
    };

    const client = await opts.pool.connect();
    let uploads: { storage_key: string; sha256: string }[] = [];
    try {
      await client.query('begin isolation level repeatable read read only');
      manifest.migrations = await appliedMigrations(client);
      for (const table of await tablesOf(client)) {
        const file = `db/${table.name}.copy`;
        const cols = table.columns.map(ident).join(', ');
        const copy = client.query(copyTo(`copy ${ident(SCHEMA)}.${ident(table.name)} (${cols}) to stdout`));
        await pipeline(copy, fs.createWriteStream(path.join(staging, file), { mode: 0o600 }));
        manifest.tables.push({ ...table, rows: Number(copy.rowCount), file });
      }
      // The files the database refers to in this same picture; later uploads are not in it.
      uploads = (
        await client.query<{ storage_key: string; sha256: string }>(
          'select storage_key, sha256 from uploads order by storage_key',
        )
      ).rows;
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }

    for (const [i, upload] of uploads.entries()) {
      const rel = `files/${i}`;
      const counter = hashingCounter();
      try {
        await pipeline(
          opts.storage.read(upload.storage_key),
          counter.stream,
          fs.createWriteStream(path.join(staging, rel), { mode: 0o600 }),
        );
      } catch {
        // Deleted since the snapshot (an applicant removed a draft's file) or lost: say so.
        manifest.missing_files.push(upload.storage_key);
        await fsp.rm(path.join(staging, rel), { force: true });
        continue;
      }
      const { sha256, size } = counter.digest();
      if (sha256 !== upload.sha256) manifest.damaged_files.push(upload.storage_key);
      manifest.files.push({ key: upload.storage_key, sha256, size, path: rel });
    }

    const entries = ['manifest.json', 'db', 'files'];
    if (opts.sessionSecretFile && fs.existsSync(opts.sessionSecretFile)) {
      await fsp.copyFile(opts.sessionSecretFile, path.join(staging, 'session-secret'));
      await fsp.chmod(path.join(staging, 'session-secret'), 0o600);
      manifest.session_secret = true;
      entries.push('session-secret');
    }
    await fsp.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', {
      mode: 0o600,
    });

    await fsp.rm(partial, { force: true });
    await pipeline(
      tar.create({ gzip: true, cwd: staging, portable: true }, entries),
      fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    const handle = await fsp.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(partial, out);
    return { file: out, manifest };
  } finally {
    await fsp.rm(partial, { force: true }).catch(() => {});
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: number;
  bytes: number;
  /** The secret in the archive, when it holds one. */
  sessionSecret?: string;
}

/** Unpacks and checks an archive into a private temp dir; the caller removes `dir`. */
export async function openArchive(file: string): Promise<{ dir: string; manifest: Manifest }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  // Unpacked beside the archive (room for it is known to be there), else in the temp directory.
  const dir = await fsp
    .mkdtemp(path.join(path.dirname(path.resolve(file)), '.lanyard-restore-'))
    .catch(() => fsp.mkdtemp(path.join(os.tmpdir(), 'lanyard-restore-')));
  try {
    await tar.extract({ file, cwd: dir, strict: true });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new BackupError(`${file} is not a Lanyard backup: it has no readable manifest.json.`);
    }
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`${file} is not a Lanyard backup (format "${String(manifest.format)}").`);
    if (manifest.version !== BACKUP_VERSION)
      throw new BackupError(
        `${file} is backup format version ${manifest.version}; this Lanyard reads version ${BACKUP_VERSION}.`,
      );
    return { dir, manifest };
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Restores an unpacked archive into a migrated, empty database and the storage. Files first
 * (harmless until rows refer to them), then every table in one transaction, then a check of
 * every count and hash against the manifest.
 */
export async function restoreArchive(opts: {
  dir: string;
  manifest: Manifest;
  pool: pg.Pool;
  storage: Storage;
}): Promise<RestoreResult> {
  const { dir, manifest } = opts;
  const client = await opts.pool.connect();
  try {
    const target = await tablesOf(client);
    const targetNames = new Set(target.map((t) => t.name));

    const applied = new Set((await appliedMigrations(client)).map((m) => m.hash));
    const unknown = manifest.migrations.filter((m) => !applied.has(m.hash));
    if (unknown.length) {
      throw new BackupError(
        `This backup was made by a newer Lanyard (${unknown.length} migration(s) this one does not have). ` +
          'Update Lanyard, then restore.',
      );
    }
    for (const t of manifest.tables) {
      if (!targetNames.has(t.name))
        throw new BackupError(`The backup has a table this Lanyard does not: ${t.name}.`);
    }

    // Empty means nothing but the rows every migrated database starts with (SEEDED_ROWS).
    const filled: string[] = [];
    for (const t of target) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${ident(SCHEMA)}.${ident(t.name)}`,
      );
      const n = rows[0]!.n;
      if (n > (SEEDED_ROWS[t.name] ?? 0)) filled.push(`${t.name} (${n})`);
    }
    if (filled.length) {
      throw new BackupError(
        `The database is not empty: ${filled.join(', ')}. Restore only into a new, empty data directory ` +
          '(or an empty DATABASE_URL database); nothing was changed.',
      );
    }

    let bytes = 0;
    for (const f of manifest.files) {
      const source = path.join(dir, f.path);
      const temp = await opts.storage.writeTemp(fs.createReadStream(source));
      if (temp.sha256 !== f.sha256 || temp.size !== f.size) {
        await opts.storage.discardTemp(temp);
        throw new BackupError(`The file ${f.key} in the backup is damaged (its hash does not match).`);
      }
      await opts.storage.commit(temp, f.key);
      bytes += f.size;
    }

    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    const order = (await restoreOrder(client, [...targetNames])).filter((n) => byName.has(n));
    const counts: { name: string; rows: number }[] = [];
    await client.query('begin');
    try {
      // The backup holds its own copy of each seeded row.
      for (const name of Object.keys(SEEDED_ROWS).filter((n) => targetNames.has(n)))
        await client.query(`delete from ${ident(SCHEMA)}.${ident(name)}`);
      for (const name of order) {
        const t = byName.get(name)!;
        const cols = t.columns.map(ident).join(', ');
        const copy = client.query(copyFrom(`copy ${ident(SCHEMA)}.${ident(name)} (${cols}) from stdin`));
        await pipeline(fs.createReadStream(path.join(dir, t.file)), copy);
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from ${ident(SCHEMA)}.${ident(name)}`,
        );
        if (rows[0]!.n !== t.rows)
          throw new BackupError(`Table ${name}: ${rows[0]!.n} rows restored, the backup lists ${t.rows}.`);
        counts.push({ name, rows: t.rows });
      }
      // Serial and identity columns continue after the restored rows.
      const sequences = await client.query<{ seq: string; tbl: string; col: string }>(
        `select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
           from pg_class s
           join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                           and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
           join pg_class t on t.oid = d.refobjid
           join pg_namespace n on n.oid = t.relnamespace
           join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
          where s.relkind = 'S' and n.nspname = $1`,
        [SCHEMA],
      );
      for (const s of sequences.rows) {
        await client.query(
          `select setval($1::regclass, coalesce(max(${ident(s.col)}), 0) + 1, false) from ${ident(SCHEMA)}.${ident(s.tbl)}`,
          [s.seq],
        );
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }

    // Read everything back: the files through the storage, as the server will.
    for (const f of manifest.files) {
      const hash = crypto.createHash('sha256');
      for await (const chunk of opts.storage.read(f.key)) hash.update(chunk as Buffer);
      if (hash.digest('hex') !== f.sha256)
        throw new BackupError(`The restored file ${f.key} does not match the backup.`);
    }

    const secretFile = path.join(dir, 'session-secret');
    const sessionSecret =
      manifest.session_secret && fs.existsSync(secretFile)
        ? (await fsp.readFile(secretFile, 'utf8')).trim()
        : undefined;
    return { manifest, tables: counts, files: manifest.files.length, bytes, sessionSecret };
  } finally {
    client.release();
  }
}
