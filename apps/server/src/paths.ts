import path from 'node:path';
import { fileURLToPath } from 'node:url';

// src/paths.ts (tests, tsx) and dist/server.js (bundle) both sit one level below apps/server.
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '..', '..');
export const migrationsDir = path.join(serverRoot, 'drizzle');
export const webDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
export const defaultEventConfigPath = path.join(repoRoot, 'config', 'event.json');
