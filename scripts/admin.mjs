// npm run admin -- create EMAIL: make the first (or another) admin account.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/admin.js')).href);
