import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface StoredTemp {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first bytes, for deciding the type by content. */
  head: Buffer;
}

/**
 * Where uploaded files live. Local directory by default; an S3-compatible bucket can implement
 * the same interface. Keys are always made by the server.
 */
export interface Storage {
  /** Streams into a temp file, fsynced; throws whatever the source throws (e.g. a size cut). */
  writeTemp(source: Readable): Promise<StoredTemp>;
  /** Moves a finished temp file to its final key durably (rename + directory fsync). */
  commit(temp: StoredTemp, key: string): Promise<void>;
  discardTemp(temp: StoredTemp | string): Promise<void>;
  remove(key: string): Promise<void>;
  read(key: string): Readable;
  /** Keys of every stored file with its modification time (for the orphan sweep). */
  list(): AsyncIterable<{ key: string; mtimeMs: number }>;
  sweepTemp(olderThanMs: number): Promise<number>;
  /** Throws when a remote store cannot be reached or used (checked once at start). */
  probe?(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;

export function createLocalStorage(root: string): Storage {
  const tempDir = path.join(root, '.tmp');
  fs.mkdirSync(tempDir, { recursive: true });

  const resolveKey = (key: string): string => {
    // Keys are server-made, but a bad key must never escape the root.
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };

  async function fsyncDir(dir: string): Promise<void> {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async writeTemp(source) {
      const tempPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const headChunks: Buffer[] = [];
      let headLength = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          hash.update(chunk);
          if (headLength < 16) {
            headChunks.push(chunk.subarray(0, 16 - headLength));
            headLength += Math.min(chunk.length, 16 - headLength);
          }
          cb(null, chunk);
        },
      });
      const out = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, meter, out);
        const handle = await fsp.open(tempPath, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (err) {
        // A source that fails at once can reject the pipeline while the file is still being
        // opened: wait until it is closed, or the open lands after the removal and leaves it behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(tempPath, { force: true });
        throw err;
      }
      return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
    },
    async commit(temp, key) {
      const target = resolveKey(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp.tempPath, target);
      await fsyncDir(path.dirname(target));
    },
    async discardTemp(temp) {
      await fsp.rm(typeof temp === 'string' ? temp : temp.tempPath, { force: true });
    },
    async remove(key) {
      await fsp.rm(resolveKey(key), { force: true });
    },
    read(key) {
      return fs.createReadStream(resolveKey(key));
    },
    async *list() {
      const walk = async function* (
        dir: string,
        prefix: string,
      ): AsyncGenerator<{ key: string; mtimeMs: number }> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          if (entry.name === '.tmp') continue;
          const full = path.join(dir, entry.name);
          const key = prefix ? `${prefix}/${entry.name}` : entry.name;
          if (entry.isDirectory()) yield* walk(full, key);
          else yield { key, mtimeMs: (await fsp.stat(full)).mtimeMs };
        }
      };
      yield* walk(root, '');
    },
    async sweepTemp(olderThanMs) {
      let removed = 0;
      for (const name of await fsp.readdir(tempDir)) {
        const full = path.join(tempDir, name);
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
          await fsp.rm(full, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
