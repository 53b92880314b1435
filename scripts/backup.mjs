// npm run backup [-- --out FILE]: one archive with the database, the files and the session secret.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/backup.js')).href);
