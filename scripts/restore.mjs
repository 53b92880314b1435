// npm run restore -- FILE: a backup from npm run backup into an empty data directory.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/restore.js')).href);
