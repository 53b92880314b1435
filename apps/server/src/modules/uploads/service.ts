import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { UploadedFile } from '@lanyard/shared/application';
import type { Db, DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { detectType } from '../../lib/file-types';
import type { Storage } from '../../lib/storage';
import { mayAttachFile, type UploadLimits, type UploadPurpose } from '../../policies/uploads';

export type { UploadPurpose };

export type UploadRow = typeof uploads.$inferSelect;

const FILE_URL_PREFIX = '/api/upload/file/';

export function toUploadedFile(row: UploadRow): UploadedFile {
  return {
    file_url: `${FILE_URL_PREFIX}${row.id}`,
    name: row.id,
    original_name: row.originalName,
    size: row.sizeBytes,
    content_type: row.contentType,
  };
}

/** The upload id inside a `file_url` (or a bare id); undefined when it is not one of ours. */
export function uploadIdFromUrl(fileUrl: string): string | undefined {
  const id = fileUrl.startsWith(FILE_URL_PREFIX) ? fileUrl.slice(FILE_URL_PREFIX.length) : fileUrl;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? id.toLowerCase()
    : undefined;
}

/** Keeps a readable, harmless name for Content-Disposition; the storage key never uses it. */
export function cleanFileName(name: string, ext: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '')
    .trim()
    .slice(0, 100);
  return `${base || 'resume'}.${ext}`;
}

/**
 * Streams an upload to storage and records it. Order for crash safety: temp file, fsync, rename to
 * the final key, then the row. A crash between rename and row leaves a file the sweep removes.
 */
export async function storeUpload(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  purpose: UploadPurpose;
  source: Readable;
  originalName: string;
  limits: UploadLimits;
  /** Tells whether the source was cut at the size limit (multipart marks the stream truncated). */
  truncated: () => boolean;
}): Promise<UploadRow> {
  const { allowed, typeError, tooLarge: sizeError } = opts.limits;
  let temp;
  try {
    temp = await opts.storage.writeTemp(opts.source);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', sizeError);
    }
    throw err;
  }
  try {
    if (opts.truncated()) throw new AppError(413, 'payload_too_large', sizeError);
    if (temp.size === 0) throw errors.badRequest('The file is empty.', 'empty_file');
    const type = await detectType(temp);
    if (!type || !allowed.includes(type.ext)) throw new AppError(415, 'unsupported_media_type', typeError);
    const id = crypto.randomUUID();
    const now = new Date();
    const key = `${opts.purpose}s/${now.getUTCFullYear()}/${id}.${type.ext}`;
    await opts.storage.commit(temp, key);
    try {
      const [row] = await opts.db
        .insert(uploads)
        .values({
          id,
          ownerId: opts.ownerId,
          storageKey: key,
          originalName: cleanFileName(opts.originalName, type.ext),
          contentType: type.mime,
          sizeBytes: temp.size,
          sha256: temp.sha256,
          purpose: opts.purpose,
        })
        .returning();
      return row!;
    } catch (err) {
      await opts.storage.remove(key).catch(() => {});
      throw err;
    }
  } finally {
    await opts.storage.discardTemp(temp).catch(() => {});
  }
}

export async function findUpload(db: DbOrTx, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/** The file if this account may attach it (as `purpose`): someone else's reads as not found. */
export async function findOwnUpload(
  db: DbOrTx,
  ownerId: string,
  id: string,
  purpose?: UploadPurpose,
): Promise<UploadRow | undefined> {
  const row = await findUpload(db, id);
  return row && mayAttachFile(ownerId, row, purpose) ? row : undefined;
}

/** Deletes an applicant's file unless a submitted application holds it; a draft lets go of it. */
export async function deleteOwnUpload(db: Db, row: UploadRow): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await tx.execute(
      sql`select 1 from applications where resume_upload_id = ${row.id} for update`,
    );
    if (held.rows.length)
      throw errors.conflict('This file belongs to a submitted application.', 'file_in_use');
    await tx.execute(
      sql`update application_drafts set resume_upload_id = null where resume_upload_id = ${row.id}`,
    );
    await tx.delete(uploads).where(eq(uploads.id, row.id));
  });
}

/**
 * Removes what no application or draft holds: upload rows older than a day with their files,
 * files on disk without a row (a crash between rename and insert), and stale temp files.
 */
export async function sweepOrphans(db: Db, storage: Storage, olderThanMs = 24 * 3600_000): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  let removed = 0;
  const orphans = await db.execute<{ id: string; storage_key: string }>(sql`
    select u.id, u.storage_key from uploads u
    where u.created_at < ${cutoff.toISOString()}
      and not exists (select 1 from applications a where a.resume_upload_id = u.id)
      and not exists (select 1 from application_drafts d where d.resume_upload_id = u.id)
    limit 1000`);
  for (const row of orphans.rows) {
    await db.delete(uploads).where(and(eq(uploads.id, row.id), lt(uploads.createdAt, cutoff)));
    await storage.remove(row.storage_key);
    removed++;
  }
  for await (const file of storage.list()) {
    if (Date.now() - file.mtimeMs < 3600_000) continue;
    const known = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(eq(uploads.storageKey, file.key))
      .limit(1);
    if (!known[0]) {
      await storage.remove(file.key);
      removed++;
    }
  }
  removed += await storage.sweepTemp(3600_000);
  return removed;
}
