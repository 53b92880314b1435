import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3';
import { createLocalStorage, type Storage } from './storage';
import { createS3Storage } from './storage-s3';

/**
 * One contract, two backends: everything the server does with files (upload, download, zip,
 * sweep, seed) goes through Storage, so the local directory and the S3 bucket must behave alike.
 */

const MB = 1024 * 1024;
let peer: S3Peer;
const dirs: string[] = [];

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  await peer.close();
});
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-storage-'));
  dirs.push(dir);
  return dir;
}

interface Backend {
  name: string;
  /** A fresh, empty store and the directory its temp files live in. */
  make(): Promise<{ storage: Storage; tempDir: string }>;
}

const backends: Backend[] = [
  {
    name: 'local directory',
    async make() {
      const root = tempRoot();
      return { storage: createLocalStorage(root), tempDir: path.join(root, '.tmp') };
    },
  },
  {
    name: 'S3 bucket (s3rver)',
    async make() {
      const bucket = `b-${crypto.randomBytes(6).toString('hex')}`;
      await peer.createBucket(bucket);
      const root = tempRoot();
      const storage = createS3Storage({
        bucket,
        region: 'us-east-1',
        endpoint: peer.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        tempRoot: root,
        // Small enough that the tests cross both boundaries.
        multipartThreshold: 6 * MB,
        partSize: 5 * MB,
        listPageSize: 2,
      });
      return { storage, tempDir: path.join(root, '.tmp') };
    },
  },
];

function sha256(b: Buffer): string {
  return crypto.createHash('sha256').update(b).digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function store(storage: Storage, key: string, bytes: Buffer): Promise<void> {
  const temp = await storage.writeTemp(Readable.from([bytes]));
  await storage.commit(temp, key);
}

async function keys(storage: Storage): Promise<string[]> {
  const out: string[] = [];
  for await (const f of storage.list()) out.push(f.key);
  return out.sort();
}

describe.each(backends)('$name', (backend) => {
  it('measures a temp file while writing it: size, SHA-256, the first bytes', async () => {
    const { storage, tempDir } = await backend.make();
    const bytes = crypto.randomBytes(300 * 1024);
    // Split into odd chunks so the head is assembled across them.
    const temp = await storage.writeTemp(
      Readable.from([bytes.subarray(0, 5), bytes.subarray(5, 9), bytes.subarray(9)]),
    );
    expect(temp.size).toBe(bytes.length);
    expect(temp.sha256).toBe(sha256(bytes));
    expect(temp.head.equals(bytes.subarray(0, 16))).toBe(true);
    expect(path.dirname(temp.tempPath)).toBe(tempDir);
    expect(fs.readFileSync(temp.tempPath).equals(bytes)).toBe(true);
    await storage.discardTemp(temp);
    expect(fs.readdirSync(tempDir)).toEqual([]);
  });

  it('leaves no temp file when the source fails (a size cut)', async () => {
    const { storage, tempDir } = await backend.make();
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }));
      },
    });
    await expect(storage.writeTemp(source)).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
    expect(fs.readdirSync(tempDir)).toEqual([]);
  });

  it('commits a temp file to its key and reads back the same bytes; the temp file is gone', async () => {
    const { storage, tempDir } = await backend.make();
    const a = crypto.randomBytes(40 * 1024);
    const b = Buffer.from('%PDF-1.4 second');
    const before = Date.now();
    const temp = await storage.writeTemp(Readable.from([a]));
    await storage.commit(temp, 'resumes/2026/a.pdf');
    await store(storage, 'portfolios/2026/b.pdf', b);
    expect(fs.readdirSync(tempDir)).toEqual([]);
    expect((await readAll(storage.read('resumes/2026/a.pdf'))).equals(a)).toBe(true);
    expect((await readAll(storage.read('portfolios/2026/b.pdf'))).equals(b)).toBe(true);

    const listed = [];
    for await (const f of storage.list()) listed.push(f);
    expect(listed.map((f) => f.key).sort()).toEqual(['portfolios/2026/b.pdf', 'resumes/2026/a.pdf']);
    for (const f of listed) {
      // S3 keeps whole seconds.
      expect(f.mtimeMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    }
  });

  it('round-trips a file larger than one multipart part', async () => {
    const { storage } = await backend.make();
    const bytes = crypto.randomBytes(11 * MB + 123);
    await store(storage, 'resumes/2026/big.pdf', bytes);
    expect(sha256(await readAll(storage.read('resumes/2026/big.pdf')))).toBe(sha256(bytes));
  });

  it('fails a read of a missing key with ENOENT, before any data, as a missing file does', async () => {
    const { storage } = await backend.make();
    const stream = storage.read('resumes/2026/missing.pdf');
    let data = 0;
    stream.on('data', () => data++);
    const err = await new Promise<NodeJS.ErrnoException>((resolve) => stream.once('error', resolve));
    expect(err.code).toBe('ENOENT');
    expect(data).toBe(0);
  });

  it('removes a key (a missing key is no error) and lists it no more', async () => {
    const { storage } = await backend.make();
    await store(storage, 'resumes/2026/gone.pdf', Buffer.from('gone'));
    await store(storage, 'resumes/2026/kept.pdf', Buffer.from('kept'));
    await storage.remove('resumes/2026/gone.pdf');
    await storage.remove('resumes/2026/gone.pdf');
    await storage.remove('resumes/2026/never-was.pdf');
    expect(await keys(storage)).toEqual(['resumes/2026/kept.pdf']);
    await expect(readAll(storage.read('resumes/2026/gone.pdf'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists every key exactly once, however many pages it takes', async () => {
    const { storage } = await backend.make();
    const expected = Array.from({ length: 7 }, (_, i) => `resumes/2026/${i}.pdf`);
    for (const key of expected) await store(storage, key, Buffer.from(key));
    expect(await keys(storage)).toEqual([...expected].sort());
  });

  it('refuses keys that could escape or that the server never makes', async () => {
    const { storage } = await backend.make();
    const temp = await storage.writeTemp(Readable.from([Buffer.from('x')]));
    for (const key of ['../outside.pdf', '/etc/passwd', 'Resumes/A.pdf', 'resumes/../../x.pdf', '']) {
      await expect(storage.commit(temp, key)).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.read(key)).toThrow(/Invalid storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.existsSync(temp.tempPath)).toBe(true);
  });

  it('sweeps temp files older than asked, and only those', async () => {
    const { storage, tempDir } = await backend.make();
    const old = await storage.writeTemp(Readable.from([Buffer.from('old')]));
    const fresh = await storage.writeTemp(Readable.from([Buffer.from('fresh')]));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old.tempPath, twoHoursAgo, twoHoursAgo);
    expect(await storage.sweepTemp(3600_000)).toBe(1);
    expect(fs.readdirSync(tempDir)).toEqual([path.basename(fresh.tempPath)]);
  });

  it('lets a reader stop half-way without an error, and keeps working', async () => {
    const { storage } = await backend.make();
    const bytes = crypto.randomBytes(2 * MB);
    await store(storage, 'resumes/2026/half.pdf', bytes);
    const stream = storage.read('resumes/2026/half.pdf');
    const errors: Error[] = [];
    stream.on('error', (e) => errors.push(e));
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((r) => stream.once('close', r));
    expect(errors).toEqual([]);
    expect(sha256(await readAll(storage.read('resumes/2026/half.pdf')))).toBe(sha256(bytes));
  });
});

describe('S3 bucket only', () => {
  it('reads lazily: the object is fetched when the stream is read, not when it is made', async () => {
    const { storage } = await backends[1]!.make();
    const stream = storage.read('resumes/2026/later.pdf');
    await store(storage, 'resumes/2026/later.pdf', Buffer.from('written after read() was called'));
    expect((await readAll(stream)).toString()).toBe('written after read() was called');
  });

  it('passes on a failing service as it is, not as a missing file', async () => {
    const other = await startS3Peer('gone-away');
    const storage = createS3Storage({
      bucket: other.bucket,
      region: 'us-east-1',
      endpoint: other.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      tempRoot: tempRoot(),
    });
    await store(storage, 'resumes/2026/x.pdf', Buffer.from('x'));
    await other.close();
    const err = (await readAll(storage.read('resumes/2026/x.pdf')).catch((e: unknown) => e)) as {
      code?: string;
    };
    expect(err).toBeInstanceOf(Error);
    expect(err.code).not.toBe('ENOENT');
    const temp = await storage.writeTemp(Readable.from([Buffer.from('y')]));
    await expect(storage.commit(temp, 'resumes/2026/y.pdf')).rejects.toThrow();
  });

  it('probes the bucket: a missing bucket or an unknown access key fails', async () => {
    const base = {
      region: 'us-east-1',
      endpoint: peer.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      tempRoot: tempRoot(),
    };
    await expect(createS3Storage({ ...base, bucket: peer.bucket }).probe()).resolves.toBeUndefined();
    const missing = createS3Storage({ ...base, bucket: 'no-such-bucket' });
    await expect(missing.probe()).rejects.toThrow();
    // A missing bucket is a broken setup, not a missing file.
    await expect(readAll(missing.read('resumes/2026/x.pdf'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(
      createS3Storage({
        ...base,
        bucket: peer.bucket,
        credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret' },
      }).probe(),
    ).rejects.toThrow();
  });
});
