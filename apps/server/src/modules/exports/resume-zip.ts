import yazl from 'yazl';
import type { Storage } from '../../lib/storage';

export interface ZipResume {
  id: string;
  firstName: string;
  lastName: string;
  /** The stored file's key (server-made, with its extension). */
  key: string;
}

/**
 * Resumes as an uncompressed zip, streamed: the admins' export and the sponsors' resume book both
 * build their zips here. Entry names are ours (applicant name and id), never an uploaded file name.
 */
export function resumeZip(storage: Storage, rows: readonly ZipResume[]): yazl.ZipFile['outputStream'] {
  const zip = new yazl.ZipFile();
  for (const r of rows) {
    const ext = r.key.slice(r.key.lastIndexOf('.'));
    const entry = `${namePart(r.lastName)}_${namePart(r.firstName)}_${r.id.slice(0, 8)}${ext}`;
    // Lazy: each file is opened only when the zip reaches it, so 1,000 resumes hold one descriptor.
    zip.addReadStreamLazy(entry, { compress: false }, (cb) => cb(null, storage.read(r.key)));
  }
  zip.end();
  return zip.outputStream;
}

/** A filesystem-safe piece of a zip entry name. */
function namePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'applicant'
  );
}
