import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  docxBytes,
  hackerAnswers,
  pdfBytes,
  quickUser,
  setSettings,
  submit,
  uploadFile,
  uploadResume,
} from '../../test/applicant';
import { readZip } from '../../test/admin';
import { bearer, createAdmin, createTestContext, type TestContext } from '../../test/helper';
import { startS3Peer, S3RVER_KEY, type S3Peer } from '../../test/s3';

const SECRET = 'q8V3x1LrT9mZ2pK7wY4nB6cD0fG5hJ8s';
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function load(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-config-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
}

function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('S3 configuration', () => {
  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(load({}).s3).toBeUndefined();
  });

  it('reads the bucket settings, with us-east-1 and virtual-host style by default', () => {
    expect(load({ S3_BUCKET: 'event-files', SESSION_SECRET: SECRET }).s3).toEqual({
      bucket: 'event-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      load({
        S3_BUCKET: 'event-files',
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'example-secret',
        S3_FORCE_PATH_STYLE: 'true',
        SESSION_SECRET: SECRET,
      }).s3,
    ).toEqual({
      bucket: 'event-files',
      region: 'eu-central-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example-secret' },
    });
  });

  it('requires a shared SESSION_SECRET with a bucket, and generates no secret file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-config-'));
    dirs.push(dir);
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'event-files' })).toThrow(
      /S3_BUCKET is set.*set SESSION_SECRET.*same on every instance/,
    );
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('names what is wrong', () => {
    expect(refusal({ S3_BUCKET: 'Bad_Bucket', SESSION_SECRET: SECRET })).toMatch(
      /S3_BUCKET must be a bucket name/,
    );
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000', SESSION_SECRET: SECRET })).toMatch(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(
      refusal({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x.example', SESSION_SECRET: SECRET }),
    ).toMatch(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes', SESSION_SECRET: SECRET })).toMatch(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'AKIA', SESSION_SECRET: SECRET })).toMatch(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(refusal({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'x' })).toMatch(
      /S3_ENDPOINT, S3_REGION are set, but S3_BUCKET is not/,
    );
  });
});

describe('the app with its files in an S3 bucket', () => {
  let peer: S3Peer;
  let ctx: TestContext;
  let bucket: S3Client;

  beforeAll(async () => {
    peer = await startS3Peer();
    ctx = await createTestContext(peer.env);
    await setSettings(ctx);
    bucket = new S3Client({
      region: 'us-east-1',
      endpoint: peer.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await ctx?.close();
    await peer?.close();
  });

  async function objectBytes(key: string): Promise<Buffer> {
    const res = await bucket.send(new GetObjectCommand({ Bucket: peer.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  it('uploads into the bucket, downloads through a signed link and zips from the bucket', async () => {
    const pdf = pdfBytes(300 * 1024);
    const docx = docxBytes();
    const people = [
      { first: 'Ada', last: 'Lovelace', file: { name: 'ada.pdf', bytes: pdf } },
      {
        first: 'Grace',
        last: 'Hopper',
        file: { name: 'grace.docx', type: 'application/octet-stream', bytes: docx },
      },
    ];
    const submitted: { id: string; token: string; bytes: Buffer; key: string }[] = [];
    for (const p of people) {
      const user = await quickUser(ctx, 'hacker');
      const file = await uploadResume(ctx.app, user.token, p.file);
      const res = await submit(ctx.app, user.token, 'hacker', {
        ...hackerAnswers({ firstName: p.first, lastName: p.last }),
        resume_url: file.file_url,
      });
      expect(res.statusCode).toBe(201);
      const { rows } = await ctx.database.pool.query<{ id: string; storage_key: string }>(
        'select a.id, u.storage_key from applications a join uploads u on u.id = a.resume_upload_id where a.user_id = $1',
        [user.id],
      );
      submitted.push({ id: rows[0]!.id, token: user.token, bytes: p.file.bytes, key: rows[0]!.storage_key });
    }

    // The files are in the bucket, and only their (empty) temp directory is on the local disk.
    for (const s of submitted) expect((await objectBytes(s.key)).equals(s.bytes)).toBe(true);
    const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
    expect(fs.readdirSync(uploadsDir)).toEqual(['.tmp']);
    expect(fs.readdirSync(path.join(uploadsDir, '.tmp'))).toEqual([]);

    // The applicant's own signed link streams the object back.
    const link = await ctx.app.inject({
      method: 'GET',
      url: '/api/applications/me/resume-url',
      headers: bearer(submitted[0]!.token),
    });
    expect(link.statusCode).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: link.json().signed_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    // The admin's zip reads every resume from the bucket.
    const admin = await createAdmin(ctx);
    const zip = await ctx.app.inject({
      method: 'POST',
      url: '/api/export/resumes/zip',
      headers: bearer(admin.token),
      payload: { application_ids: submitted.map((s) => s.id) },
    });
    expect(zip.statusCode).toBe(200);
    const entries = readZip(zip.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual([
      `Hopper_Grace_${submitted[1]!.id.slice(0, 8)}.docx`,
      `Lovelace_Ada_${submitted[0]!.id.slice(0, 8)}.pdf`,
    ]);
    for (const e of entries) {
      const s = submitted.find((x) => e.name.includes(x.id.slice(0, 8)))!;
      expect(e.data.equals(s.bytes)).toBe(true);
    }
  });

  it('refuses a file by its content before anything reaches the bucket', async () => {
    const user = await quickUser(ctx, 'hacker');
    const before = await ctx.database.pool.query('select count(*)::int as n from uploads');
    const keysBefore: string[] = [];
    for await (const f of ctx.app.storage.list()) keysBefore.push(f.key);
    const res = await uploadFile(ctx.app, user.token, { name: 'cv.pdf', bytes: Buffer.from('MZ not a pdf') });
    expect(res.statusCode).toBe(415);
    const keysAfter: string[] = [];
    for await (const f of ctx.app.storage.list()) keysAfter.push(f.key);
    expect(keysAfter).toEqual(keysBefore);
    expect((await ctx.database.pool.query('select count(*)::int as n from uploads')).rows).toEqual(
      before.rows,
    );
  });

  it('deletes the object when the applicant deletes an unsubmitted file', async () => {
    const user = await quickUser(ctx, 'hacker');
    const file = await uploadResume(ctx.app, user.token, { bytes: pdfBytes(2048) });
    const { rows } = await ctx.database.pool.query<{ storage_key: string }>(
      'select storage_key from uploads where id = $1',
      [file.name],
    );
    const key = rows[0]!.storage_key;
    expect((await objectBytes(key)).length).toBe(2048);
    const del = await ctx.app.inject({ method: 'DELETE', url: file.file_url, headers: bearer(user.token) });
    expect(del.statusCode).toBe(200);
    await expect(objectBytes(key)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});
