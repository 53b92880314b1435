// npm start: build what is missing, then run the production server (embedded PostgreSQL unless DATABASE_URL).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
