import fs from 'node:fs';
import path from 'node:path';

/** Sources that only admins and check-in volunteers may download. */
export const RESTRICTED_SOURCE = /(?:^|\/)src\/features\/(?:admin|checkin)\//;

/** Packages only admin pages use (the Insights tab's charts and maps): a chunk holding one is admin code. */
export const ADMIN_ONLY_PACKAGES = ['recharts', 'd3-geo', 'world-atlas', 'us-atlas'];
const ADMIN_ONLY_PACKAGE_SOURCE = new RegExp(`(?:^|/)node_modules/(${ADMIN_ONLY_PACKAGES.join('|')})/`);
const TOPOLOGY = /["'`]?type["'`]?\s*:\s*\\?["'`]Topology\\?["'`]/g;
/**
 * What each package leaves in minified code. The manifest names no module inside a chunk, so a
 * package bundled into a chunk (rather than imported lazily, with a manifest entry of its own) is
 * recognised by its own code: recharts' class names, d3-geo's stream of the sphere; an atlas is a
 * TopoJSON topology, told apart by the names of its objects.
 */
const PACKAGE_SIGNATURES = [
  ['recharts', /recharts-(?:surface|wrapper|layer|cartesian|tooltip|legend)/],
  ['d3-geo', /Sphere(?::function)?\(\w+,\w+\)\{\w+\.sphere\(\)\}/],
];
const ATLAS_OBJECTS = [
  ['world-atlas', /\b(?:countries|land)\b/],
  ['us-atlas', /\b(?:states|counties|nation)\b/],
];

/** Where readManifest() found each manifest, so the chunks can be read without changing its callers. */
const distDirs = new WeakMap();

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
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  distDirs.set(manifest, distDir);
  return manifest;
}

/**
 * The admin-only packages in each chunk: a chunk built from one of their files, or one whose code
 * carries a package's signature. Without `distDir` (a manifest not read by readManifest()), only
 * the first kind is found.
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {string | null} [distDir]
 * @returns {Map<string, string[]>} manifest key -> the packages found in its chunk
 */
export function adminOnlyPackageChunks(manifest, distDir = distDirs.get(manifest)) {
  const found = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    const packages = new Set();
    const bySource = chunk.src && ADMIN_ONLY_PACKAGE_SOURCE.exec(chunk.src);
    if (bySource) packages.add(bySource[1]);
    const file = distDir && chunk.file.endsWith('.js') ? path.join(distDir, chunk.file) : null;
    if (file && fs.existsSync(file)) {
      const code = fs.readFileSync(file, 'utf8');
      for (const [name, signature] of PACKAGE_SIGNATURES) if (signature.test(code)) packages.add(name);
      for (const topology of code.matchAll(TOPOLOGY)) {
        const after = code.slice(topology.index, topology.index + 400);
        for (const [name, objects] of ATLAS_OBJECTS) if (objects.test(after)) packages.add(name);
      }
    }
    if (packages.size) found.set(key, [...packages].sort());
  }
  return found;
}

/**
 * The output files (e.g. "assets/admin-page-XXXX.js") that belong to admin or check-in code: chunks
 * built from src/features/admin or src/features/checkin, chunks holding a package only admin pages
 * use (ADMIN_ONLY_PACKAGES: wherever the bundler puts the charts, an applicant page must not load
 * them), and every chunk or stylesheet that only such chunks import (a QR decoder only the door
 * scanner uses, say). Any other chunk shared with an applicant page is not restricted, so a shared
 * vendor chunk never counts against applicants.
 * @param {ReturnType<typeof readManifest>} manifest
 * @param {{ distDir?: string }} [options] where the chunks are, when readManifest() did not read it
 * @returns {Map<string, string>} file -> the manifest key of the source that makes it restricted
 */
export function restrictedFiles(manifest, { distDir } = {}) {
  const importers = new Map();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!importers.has(dep)) importers.set(dep, new Set());
      importers.get(dep).add(key);
    }
  }
  const restricted = new Set([
    ...Object.entries(manifest)
      .filter(([, chunk]) => chunk.src && RESTRICTED_SOURCE.test(chunk.src))
      .map(([key]) => key),
    ...adminOnlyPackageChunks(manifest, distDir ?? distDirs.get(manifest)).keys(),
  ]);
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
