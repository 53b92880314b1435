import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../../errors';

const CSV_MAX_BYTES = 5 * 1024 * 1024;

export interface CsvUpload {
  password: string;
  replace: boolean;
  /** Undefined when the form held no file: the caller checks the password before saying so. */
  text: string | undefined;
}

/**
 * The "Upload CSV" form (multipart): the file, the upload password and whether to replace the list.
 * A file too large or not named .csv is refused while the form is read, before any password check.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw errors.badRequest('Please select a CSV file to upload', 'no_file');
  const upload: CsvUpload = { password: '', replace: false, text: undefined };
  for await (const part of request.parts({ limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 3 } })) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (part.file.truncated)
        throw new AppError(413, 'payload_too_large', 'The CSV file cannot exceed 5MB.');
      if (!/\.csv$/i.test(part.filename ?? ''))
        throw new AppError(415, 'unsupported_media_type', 'Please select a CSV file to upload');
      upload.text = buf.toString('utf8');
    } else if (part.fieldname === 'password') upload.password = String(part.value);
    else if (part.fieldname === 'replace_existing') upload.replace = String(part.value) === 'true';
  }
  return upload;
}

/** Compares digests, so the time taken says nothing about how much of the password was right. */
export function passwordMatches(given: string, expected: string): boolean {
  const x = crypto.createHash('sha256').update(given).digest();
  const y = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(x, y);
}
