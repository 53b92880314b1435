import type { Storage, StoredTemp } from './storage';

export interface DetectedType {
  ext: 'pdf' | 'doc' | 'docx' | 'png' | 'jpg';
  mime: string;
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPG = Buffer.from([0xff, 0xd8, 0xff]);

/** Decides a file's type from its bytes, never from its name or the browser's claim. */
export async function detectType(storage: Storage, temp: StoredTemp): Promise<DetectedType | undefined> {
  const head = temp.head;
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: 'application/pdf' };
  if (head.subarray(0, 8).equals(OLE)) return { ext: 'doc', mime: 'application/msword' };
  if (
    head.subarray(0, 4).equals(ZIP) &&
    (await storage.contains(temp.tempPath, Buffer.from('word/document.xml')))
  ) {
    return { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  if (head.subarray(0, 8).equals(PNG)) return { ext: 'png', mime: 'image/png' };
  if (head.subarray(0, 3).equals(JPG)) return { ext: 'jpg', mime: 'image/jpeg' };
  return undefined;
}
