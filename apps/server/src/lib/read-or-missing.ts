import { PassThrough, type Readable } from 'node:stream';
import { errors } from '../errors';

/**
 * The stored bytes, with a missing file (deleted by hand, a bucket emptied) told apart from a fault:
 * the error reaches the error handler before any byte is sent, so the client gets a clear 404.
 */
export function readOrMissing(source: Readable): Readable {
  const out = new PassThrough();
  source.on('error', (err: NodeJS.ErrnoException) => {
    out.destroy(
      err.code === 'ENOENT' ? errors.notFound('This file is no longer available.', 'file_missing') : err,
    );
  });
  return source.pipe(out);
}
