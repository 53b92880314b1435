/**
 * The one multipart/form-data builder for the tests. It escapes nothing, so the hostile-input tests
 * can put any name, file name or framing on the wire; options bend the framing for those tests.
 */
import crypto from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  | {
      name: string;
      /** Left out, the part is sent without a filename (which the server must not take as a file). */
      filename?: string;
      content: string | Buffer;
      contentType?: string;
      /** Extra part headers, written between Content-Disposition and Content-Type. */
      headers?: Record<string, string>;
    };

export interface MultipartOptions {
  boundary?: string;
  /** '\n' for clients that break lines the Unix way. */
  newline?: '\r\n' | '\n';
  /** Text before the first boundary, which parsers must skip. */
  preamble?: string;
  /** False leaves off the closing boundary, as a cut-off upload does. */
  close?: boolean;
}

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
  boundary: string;
}

/**
 * A body of the parts in the order given, with its content type and length, for app.inject:
 * `app.inject({ method: 'POST', url, ...multipart({ name: 'file', filename: 'cv.pdf', content }) })`.
 * A file part's type is application/octet-stream unless told.
 */
export function multipart(parts: FormPart | FormPart[], options: MultipartOptions = {}): MultipartBody {
  const boundary = options.boundary ?? `----lanyard-test-${crypto.randomBytes(12).toString('hex')}`;
  const nl = options.newline ?? '\r\n';
  const chunks: Buffer[] = [];
  if (options.preamble !== undefined) chunks.push(Buffer.from(`${options.preamble}${nl}`, 'utf8'));
  for (const part of Array.isArray(parts) ? parts : [parts]) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}${nl}Content-Disposition: form-data; name="${part.name}"${nl}${nl}${part.value}${nl}`,
          'utf8',
        ),
      );
      continue;
    }
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const extra = Object.entries(part.headers ?? {})
      .map(([key, value]) => `${key}: ${value}${nl}`)
      .join('');
    chunks.push(
      Buffer.from(
        `--${boundary}${nl}Content-Disposition: ${disposition}${nl}${extra}` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}${nl}${nl}`,
        'utf8',
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from(nl, 'utf8'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--${nl}`, 'utf8'));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    boundary,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}
