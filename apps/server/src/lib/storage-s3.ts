import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { createLocalStorage, type Storage, type StoredTemp } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); unset: AWS's own endpoint for the region. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Local directory for temp files: uploads are checked there before they reach the bucket. */
  tempRoot: string;
  /** Files larger than this go up in parts, so no more than this is held in memory per upload. */
  multipartThreshold?: number;
  partSize?: number;
  /** Keys per ListObjectsV2 page (the service's own limit is 1,000). */
  listPageSize?: number;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;
const MIN_PART_SIZE = 5 * 1024 * 1024;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** The error a missing local file gives, so callers need not know which backend they talk to. */
function notFound(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${key}'`), {
    code: 'ENOENT',
    errno: -2,
    syscall: 'open',
    path: key,
  });
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket' || e.Code === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

function md5Base64(bytes: Buffer): string {
  return crypto.createHash('md5').update(bytes).digest('base64');
}

/**
 * A whole file or one part in memory (at most the multipart threshold): the SDK retries a failed
 * request by sending its body again, which a half-read stream cannot do.
 */
async function readRange(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const bytes = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const { bytesRead } = await handle.read(bytes, done, length - done, start + done);
      if (bytesRead === 0) throw new Error(`${file} is shorter than ${start + length} bytes`);
      done += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * Resumes in an S3-compatible bucket. An upload is still streamed to a local temp file first
 * (its size is cut, its type decided by content, its hash taken) and only a checked file is sent
 * to the bucket, with its MD5 so the service refuses a damaged transfer. Reads stream the object
 * lazily: nothing is requested until the consumer reads, and an abandoned read aborts the request.
 */
export function createS3Storage(opts: S3StorageOptions): Storage & { probe(): Promise<void> } {
  const local = createLocalStorage(opts.tempRoot);
  const { bucket } = opts;
  const partSize = Math.max(MIN_PART_SIZE, opts.partSize ?? 8 * 1024 * 1024);
  // Above every resume and portfolio limit (10 MB): those go up in one request.
  const multipartThreshold = Math.max(partSize, opts.multipartThreshold ?? 16 * 1024 * 1024);
  const listPageSize = opts.listPageSize ?? 1000;
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Only what the operation requires: the default trailing CRC checksums are not understood by
    // every S3-compatible service; integrity comes from Content-MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: an unreachable or stalled service must fail the request
    // (the upload answers 500, the zip ends) rather than hold it open.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });

  async function putWhole(tempPath: string, key: string, size: number): Promise<void> {
    const body = await readRange(tempPath, 0, size);
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentMD5: md5Base64(body),
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async function putInParts(tempPath: string, key: string, size: number): Promise<void> {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'application/octet-stream' }),
    );
    if (!UploadId) throw new Error('The storage service did not start a multipart upload.');
    try {
      const parts: CompletedPart[] = [];
      for (let start = 0, n = 1; start < size; start += partSize, n++) {
        const body = await readRange(tempPath, start, Math.min(partSize, size - start));
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            PartNumber: n,
            Body: body,
            ContentLength: body.length,
            ContentMD5: md5Base64(body),
          }),
        );
        parts.push({ ETag, PartNumber: n });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      // Parts of an unfinished upload are billed until aborted.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
        .catch(() => {});
      throw err;
    }
  }

  function read(key: string): Readable {
    checkKey(key);
    const abort = new AbortController();
    let body: Readable | undefined;
    let requested = false;
    const out = new Readable({
      read() {
        if (body) {
          body.resume();
          return;
        }
        if (requested) return;
        requested = true;
        client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: abort.signal }).then(
          (res) => {
            if (out.destroyed) {
              (res.Body as Readable | undefined)?.destroy();
              return;
            }
            body = res.Body as Readable;
            body.on('data', (chunk: Buffer) => {
              if (!out.push(chunk)) body!.pause();
            });
            body.once('end', () => out.push(null));
            body.once('error', (err) => out.destroy(err));
          },
          (err: unknown) => out.destroy(isNotFound(err) ? notFound(key) : (err as Error)),
        );
      },
      destroy(err, cb) {
        abort.abort();
        body?.destroy();
        cb(err);
      },
    });
    return out;
  }

  return {
    writeTemp: (source) => local.writeTemp(source),
    async commit(temp: StoredTemp, key: string) {
      checkKey(key);
      const { size } = await fsp.stat(temp.tempPath);
      if (size > multipartThreshold) await putInParts(temp.tempPath, key, size);
      else await putWhole(temp.tempPath, key, size);
      await local.discardTemp(temp);
    },
    discardTemp: (temp) => local.discardTemp(temp),
    async remove(key) {
      // Deleting a missing object succeeds, as removing a missing local file does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
    read,
    async *list() {
      // Pages continue after the last key seen (StartAfter) rather than with continuation tokens:
      // every S3-compatible service implements it, and keys come back in order.
      let after: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, StartAfter: after, MaxKeys: listPageSize }),
        );
        const items = page.Contents ?? [];
        for (const item of items) {
          // Without a date the object is treated as new, so the sweep leaves it alone.
          if (item.Key) yield { key: item.Key, mtimeMs: item.LastModified?.getTime() ?? Date.now() };
        }
        const last = items.at(-1)?.Key;
        if (!page.IsTruncated || !last) return;
        after = last;
      }
    },
    sweepTemp: (olderThanMs) => local.sweepTemp(olderThanMs),
    async probe() {
      // Listing needs the same rights as the orphan sweep, and is answered by every S3-compatible service.
      await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }));
    },
  };
}
