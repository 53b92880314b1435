/**
 * Found by the upload properties under load: a multipart body cut off at once left an empty temp
 * file behind, because the file was still being opened when the failed stream was cleaned up. A
 * refused upload must leave no file at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/lib/storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lanyard-temp-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('local storage temp files', () => {
  it('a source that fails before or while the temp file opens leaves no temp file', async () => {
    const storage = createLocalStorage(root);
    const fail = [
      (s: PassThrough) => s.destroy(new Error('Unexpected end of multipart data')),
      (s: PassThrough) => process.nextTick(() => s.destroy(new Error('Unexpected end of multipart data'))),
      (s: PassThrough) => setImmediate(() => s.destroy(new Error('Unexpected end of multipart data'))),
    ];
    for (let i = 0; i < 600; i++) {
      const source = new PassThrough();
      fail[i % fail.length]!(source);
      await expect(storage.writeTemp(source)).rejects.toThrow('Unexpected end of multipart data');
    }
    // A late open creates its file after writeTemp has already rejected: give any such open time to land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });
});
