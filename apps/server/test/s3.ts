/** A real S3-protocol server (s3rver, in its own process) on 127.0.0.1 with its objects in a temp directory. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (one directory per bucket). */
  directory: string;
  /** What a Lanyard process needs to use this bucket. */
  env: Record<string, string>;
  /** A further empty bucket, for tests that need one to themselves. */
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

// s3rver knows this access key; it does not check V4 signatures beyond the key id.
export const S3RVER_KEY = 'S3RVER';
// The SDK's notice about Node 20 is for operators; in test output it is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const launcher = fileURLToPath(new URL('./s3-server.mjs', import.meta.url));

export async function startS3Peer(bucket = 'lanyard-test'): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-s3-'));
  const proc = spawn(process.execPath, ['--openssl-legacy-provider', launcher], {
    env: { ...process.env, NODE_OPTIONS: '', S3RVER_DIRECTORY: directory, S3RVER_BUCKET: bucket },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      output += c.toString('utf8');
      const line = /^\{.*\}$/m.exec(output);
      if (line) resolve((JSON.parse(line[0]) as { port: number }).port);
    });
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
    proc.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async close() {
      client.destroy();
      proc.stdin!.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
