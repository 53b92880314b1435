import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures';
import { readManifest, restrictedFiles } from '../../scripts/bench/chunk-ownership.mjs';

// The installable app: what the service worker precaches is downloaded by every visitor's browser,
// applicants included, so it must hold no admin or check-in code (the scanner's chunks are cached
// only when staff load them).
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

function precached(): string[] {
  const sw = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, ''));
}

test('the service worker precaches the shell and applicant pages, and no admin or check-in chunk', () => {
  const restricted = restrictedFiles(readManifest(distDir));
  expect([...restricted.values()]).toContain('src/features/checkin/scanner/components/scanner-page.tsx');
  const urls = precached();
  expect(urls).toContain('index.html');
  expect(urls.some((u) => /^assets\/dashboard-page-[\w-]+\.js$/.test(u))).toBe(true);
  expect(urls.filter((u) => restricted.has(u))).toEqual([]);
});

test('the server serves the service worker, its runtime and the manifest with the right types', async ({
  request,
}) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  // A new release must reach browsers on their next visit, not when a cache expires.
  expect(sw.headers()['cache-control']).toBe('no-cache');
  const runtime = /importScripts\("\.\/(workbox-[\w]+\.js)"\)|"\.\/(workbox-[\w]+)"/.exec(await sw.text());
  const runtimeFile = runtime?.[1] ?? `${runtime?.[2]}.js`;
  const workbox = await request.get(`/${runtimeFile}`);
  expect(workbox.status()).toBe(200);
  expect(workbox.headers()['content-type']).toMatch(/javascript/);
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; icons: { src: string }[] };
  expect(body.name).toBe('Lanyard');
  for (const icon of body.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // API answers never go to the service worker's caches: its only routes are pages (not /api/) and
  // the built assets.
  const code = fs.readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  expect([...code.matchAll(/registerRoute\(/g)]).toHaveLength(2);
  expect(code).toContain('startsWith("/api/")');
  expect(code).toContain('startsWith("/assets/")');
});
