import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import type { Storage } from '../../lib/storage';
import type { FakePerson } from './fake-data';

/**
 * A one-page PDF. With `padBytes`, an unreferenced binary stream (random, so incompressible like
 * the embedded fonts and images of a real resume) brings it to a realistic size.
 */
function tinyPdf(title: string, padBytes = 0): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const body = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const head = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${body.length}>>stream\n${body}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\n`,
  );
  const tail = Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n');
  if (padBytes <= 0) return Buffer.concat([head, tail]);
  return Buffer.concat([
    head,
    Buffer.from(`6 0 obj<</Length ${padBytes}>>stream\n`),
    crypto.randomBytes(padBytes),
    Buffer.from('\nendstream endobj\n'),
    tail,
  ]);
}

/** Runs `work` over `items` with at most `limit` at a time (file writes fsync, so a few overlap well). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Answers the upload ids keyed by index in `people` (and `owners`, their user rows in the same
 * order): the caller builds the applications from that same index.
 */
export async function writeResumes(
  db: Db,
  storage: Storage,
  rand: () => number,
  people: FakePerson[],
  owners: { id: string }[],
  opts: { resumeKb: number; resumeCount: number },
): Promise<Map<number, string>> {
  const { resumeKb, resumeCount } = opts;
  // Resume sizes vary from half to one and a half times --resume-kb, drawn in order for --seed.
  const withResume = people
    .map((p, k) => ({ p, k, pad: resumeKb ? Math.round(resumeKb * 1024 * (0.5 + rand())) : 0 }))
    .filter(({ p }) => p.i < resumeCount);
  const uploadIds = new Map<number, string>();
  const uploadRows: (typeof uploads.$inferInsert)[] = [];
  await inParallel(withResume, 8, async ({ p, k, pad }) => {
    const temp = await storage.writeTemp(Readable.from([tinyPdf(`${p.first} ${p.last} - Resume`, pad)]));
    const id = crypto.randomUUID();
    const key = `resumes/seed/${id}.pdf`;
    await storage.commit(temp, key);
    uploadIds.set(k, id);
    uploadRows.push({
      id,
      ownerId: owners[k]!.id,
      storageKey: key,
      originalName: `${p.first}_${p.last}_resume.pdf`,
      contentType: 'application/pdf',
      sizeBytes: temp.size,
      sha256: temp.sha256,
    });
  });
  if (uploadRows.length) await db.insert(uploads).values(uploadRows);
  return uploadIds;
}
