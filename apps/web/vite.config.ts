import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { readManifest, restrictedFiles } from '../../scripts/bench/chunk-ownership.mjs';

const rootDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);
/** Admin and check-in feature code (kept in step with scripts/bench/chunk-ownership.mjs). */
const RESTRICTED = /\/src\/features\/(?:admin|checkin)\//;

/**
 * The test files that need a module graph of their own: those that mock a module (vi.mock), and
 * those that show toasts (sonner keeps its toasts in module state). The others share one graph per
 * worker: with two workers, the suite took 72 s instead of 144 s on two cores (jsdom is still new
 * per file; the last CI run, one worker and a graph per file, took 230 s).
 */
function testFilesWithModuleState(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) =>
      /vi\.mock\(|['"]sonner['"]|toaster/.test(readFileSync(path.join(rootDir, file), 'utf8')),
    );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite holds the manifest, which is read by tools, not served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* filesUnder(full);
    } else if (entry.isFile()) yield full;
  }
}

/**
 * Writes .br and .gz siblings of every compressible file after the build. The server has no reverse
 * proxy in the default setup, so @fastify/static (`preCompressed`) serves these instead of
 * compressing on every request. index.html is left out: the server rewrites it per start-up.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lanyard:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || path.basename(file) === 'index.html') continue;
        if ((await stat(file)).size < MIN_BYTES) continue;
        jobs.push(
          (async () => {
            const data = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            // A sibling that is not smaller would only cost bytes: the original is served instead.
            if (br.length < data.length) await writeFile(`${file}.br`, br);
            if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * Preloads the Latin Inter face. The page renders only after its JavaScript, so with a preload the
 * font is in before the first paint and text never reflows when it arrives (a layout shift
 * Lighthouse counted against the landing page).
 */
function preloadFont(): Plugin {
  return {
    name: 'lanyard:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('The Latin Inter font is missing from the build; update preloadFont().');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${font}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The installable app and its service worker. The precache holds the app shell and what applicant
 * pages load (so /pass opens offline), never admin or check-in code: every browser that visits
 * installs it, and an applicant's must not download those chunks (the same rule, from the same
 * manifest, as scripts/bench/chunk-ownership.mjs). Other built assets are cached as they are
 * fetched, which is how the scanner's chunks, loaded by staff, are there offline. Pages are asked of
 * the network first. API answers are never cached here: the scanner keeps its own data in IndexedDB.
 */
function pwa(): Plugin[] {
  return VitePWA({
    registerType: 'autoUpdate',
    // A file, not an inline script: the CSP allows no inline scripts.
    injectRegister: 'script',
    manifest: {
      name: 'Lanyard',
      short_name: 'Lanyard',
      description: 'Hackathon portal: applications, check-in and the event-day station scanner.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#4f46e5',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [{ name: 'Station scanner', url: '/checkin/scan' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}', 'assets/inter-latin-wght-normal-*.woff2', 'favicon.svg'],
      // Staff-only or of no use offline (the reviewer's and sponsors' pages, the apply form's list of
      // universities).
      globIgnores: ['assets/review-page-*.js', 'assets/sponsor-page-*.js', 'assets/universities-*.js'],
      manifestTransforms: [
        async (entries) => {
          const restricted = restrictedFiles(readManifest(path.resolve(rootDir, 'dist')));
          const open = entries.filter((entry) => !restricted.has(entry.url.replace(/^\//, '')));
          return { manifest: open, warnings: [] };
        },
      ],
      // The plugin's default would answer every navigation with the precached index.html, even online.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // The first visit is controlled at once (not from the next load on): a volunteer who opens the
      // scanner once and then loses the network can still reload it.
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Pages come from the server whenever it answers (index.html carries the event config the
          // server injects at start-up, which a precached copy would freeze until the next build);
          // without network, the copy of that page or else the precached shell. Never /api/.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'lanyard-pages',
            networkTimeoutSeconds: 3,
            expiration: { maxEntries: 30 },
            precacheFallback: { fallbackURL: '/index.html' },
          },
        },
        {
          // Hashed file names: a cached copy is never stale.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'lanyard-assets',
            expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 },
          },
        },
      ],
    },
  });
}

export default defineConfig(({ mode }) => {
  // `npm run dev -w @lanyard/web` next to a running server; LANYARD_API_URL points elsewhere.
  const apiUrl = loadEnv(mode, rootDir, 'LANYARD_').LANYARD_API_URL || 'http://127.0.0.1:3000';
  // Read only when Vitest loads this config: a build or the dev server has no tests to split.
  const withModuleState = process.env.VITEST ? testFilesWithModuleState() : [];
  return {
    plugins: [react(), tailwindcss(), preloadFont(), precompress(), pwa()],
    resolve: {
      alias: { '@': srcDir },
    },
    server: {
      proxy: { '/api': { target: apiUrl } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      // dist/.vite/manifest.json: which chunk holds which source, read by the front-end benchmark
      // and the e2e chunk check (applicant pages must never load admin or check-in code).
      manifest: true,
      rollupOptions: {
        output: {
          // Only chunks holding admin or check-in feature code may be called admin*/checkin*: a chunk
          // the applicant dashboard shares with the door (the QR schema of @lanyard/shared/checkin)
          // gets a "shared-" prefix, so a file name never suggests applicants load check-in code.
          chunkFileNames: (chunk) =>
            /^(?:admin|checkin)/.test(chunk.name) && !chunk.moduleIds.some((id) => RESTRICTED.test(id))
              ? 'assets/shared-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        },
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      // Form tests type whole applications through user-event: on a loaded CI machine with two
      // cores one took 5.5 s. A budget, not a speed check: speed is measured by `npm run bench`.
      testTimeout: 20_000,
      // Vitest's default on two cores is one worker.
      maxWorkers: Math.max(2, os.availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: { name: 'own modules', include: withModuleState, isolate: true },
        },
        {
          extends: true,
          test: {
            name: 'shared modules',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: [...configDefaults.exclude, ...withModuleState],
            isolate: false,
          },
        },
      ],
    },
  };
});
