import fsp from 'node:fs/promises';
import type { StoredTemp } from './storage';
import { localHeaderMatches, zipEntries, type ReadAt } from './zip-directory';

export interface DetectedType {
  ext: 'pdf' | 'doc' | 'docx' | 'png' | 'jpg';
  mime: string;
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = Buffer.from([0xff, 0xd8, 0xff]);
/** The parts every Word document has, as real entries of the zip's central directory. */
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml'];

/**
 * A zip is a DOCX when its central directory (what Word reads) lists both parts, each with its
 * local header where the directory says. The names appearing elsewhere (a comment, a local header
 * the directory does not list, another file's data) do not count.
 */
async function isDocx(temp: StoredTemp): Promise<boolean> {
  // The temp file is local for every storage (S3 stages uploads on disk before sending them).
  const file = await fsp.open(temp.tempPath, 'r');
  try {
    const read: ReadAt = async (start, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    };
    const entries = await zipEntries(read, temp.size);
    if (!entries) return false;
    for (const part of DOCX_PARTS) {
      const entry = entries.find((e) => e.name === part);
      if (!entry || !(await localHeaderMatches(read, entry))) return false;
    }
    return true;
  } finally {
    await file.close();
  }
}

/** Decides a file's type from its bytes, never from its name or the browser's claim. */
export async function detectType(temp: StoredTemp): Promise<DetectedType | undefined> {
  const head = temp.head;
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: 'application/pdf' };
  if (head.subarray(0, 8).equals(OLE)) return { ext: 'doc', mime: 'application/msword' };
  if (head.subarray(0, 4).equals(ZIP) && (await isDocx(temp))) {
    return { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  if (head.subarray(0, 8).equals(PNG)) return { ext: 'png', mime: 'image/png' };
  if (head.subarray(0, 3).equals(JPG)) return { ext: 'jpg', mime: 'image/jpeg' };
  return undefined;
}
