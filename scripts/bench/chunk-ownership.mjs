import fs from 'node:fs';
import path from 'node:path';

/** Sources that only admins and check-in volunteers may download. */
export const RESTRICTED_SOURCE = /(?:^|\/)src\/features\/(?:admin|checkin)\//;

/**
 * Reads the Vite manifest of a web build (`build.manifest: true`).
 * @param {string} distDir apps/web/dist
 * @returns {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>}
 */
export function readManifest(distDir) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the web app (npm run build) first.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The output files (e.g. "assets/admin-page-XXXX.js") that belong to admin or check-in code: chunks
 * built from src/features/admin or src/features/checkin, and every chunk or stylesheet that only
 * such chunks import (a QR decoder only the door scanner uses, say). A chunk shared with any
 * applicant page is not restricted, so a shared vendor chunk never counts against applicants.
 * @param {ReturnType<typeof readManifest>} manifest
 * @returns {Map<string, string>} file -> the manifest key of the source that makes it restricted
 */
export function restrictedFiles(manifest) {
  const importers = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!importers.has(dep)) importers.set(dep, new Set());
      importers.get(dep).add(key);
    }
  }
  const restricted = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.src && RESTRICTED_SOURCE.test(chunk.src))
      .map(([key]) => key),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const [key, chunk] of Object.entries(manifest)) {
      if (restricted.has(key) || chunk.isEntry) continue;
      const by = importers.get(key);
      if (by && by.size > 0 && [...by].every((k) => restricted.has(k))) {
        restricted.add(key);
        grew = true;
      }
    }
  }
  const files = new Map();
  for (const key of restricted) {
    files.set(manifest[key].file, key);
  }
  // Stylesheets: restricted when no unrestricted chunk lists them.
  const openCss = new Set(
    Object.entries(manifest)
      .filter(([key]) => !restricted.has(key))
      .flatMap(([, chunk]) => chunk.css ?? []),
  );
  for (const key of restricted) {
    for (const css of manifest[key].css ?? []) if (!openCss.has(css)) files.set(css, key);
  }
  return files;
}

/**
 * The restricted files among requested URLs (absolute or root-relative), with the source that owns each.
 * @param {Map<string, string>} restricted from restrictedFiles()
 * @param {Iterable<string>} urls
 * @returns {{ url: string, file: string, owner: string }[]}
 */
export function restrictedRequests(restricted, urls) {
  const hits = [];
  for (const url of urls) {
    const file = new URL(url, 'http://localhost/').pathname.replace(/^\//, '');
    const owner = restricted.get(file);
    if (owner) hits.push({ url, file, owner });
  }
  return hits;
}
